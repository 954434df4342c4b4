import {
  SqliteQueryCompiler,
  ValueNode,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
} from 'kysely';

/**
 * SQLite's query compiler, with a LIMIT or an OFFSET given as a parameter sent as `+?`. SQLite
 * plans a query with the value bound to a bare `?` there, and so marks its statement to be prepared
 * again whenever that parameter is bound, which is at every run: a credit's split total, a page of
 * the ranking, each paid a second preparation per call (40 µs for the split total's upsert, which
 * otherwise runs in 4). Behind a unary plus, which leaves a value as it is, the value is read when
 * the statement runs, as any other's, and refused as before when it is not a whole number; the
 * plans stay those they were (docs/decisions/0087).
 */
export class AppSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit ');
    this.visitCount(node.limit);
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset ');
    this.visitCount(node.offset);
  }

  /** A row count: a parameter behind a unary plus, anything else (a literal, an expression) as is. */
  private visitCount(node: OperationNode): void {
    if (ValueNode.is(node) && !node.immediate) this.append('+');
    this.visitNode(node);
  }
}
