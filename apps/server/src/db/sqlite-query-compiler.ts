import {
  SqliteQueryCompiler,
  ValueNode,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
} from 'kysely';

/**
 * SQLite's query compiler, with a LIMIT or an OFFSET given as a parameter sent as `+?`. SQLite
 * plans with the value bound to a bare `?` there, and so prepares the statement again each time it
 * runs; behind a unary plus, which leaves the value as it is, the value is only read when the
 * statement runs, and refused as before when it is not a whole number (docs/decisions/0087).
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
