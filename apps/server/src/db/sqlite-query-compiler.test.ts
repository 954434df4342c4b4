import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from './database';

type Counted = { numbers: { n: number } };

let db: Kysely<Counted>;

beforeAll(async () => {
  db = createDatabase('sqlite::memory:') as unknown as Kysely<Counted>;
  await sql`create table numbers (n integer primary key)`.execute(db);
  await db
    .insertInto('numbers')
    .values(Array.from({ length: 10 }, (_, i) => ({ n: i + 1 })))
    .execute();
});
afterAll(() => db.destroy());

const page = (limit: number, offset: number) =>
  db.selectFrom('numbers').select('n').orderBy('n').limit(limit).offset(offset);

describe('SQLite’s LIMIT and OFFSET', () => {
  it('are sent as parameters behind a unary plus, which SQLite does not plan with', () => {
    const { sql: text, parameters } = page(3, 4).compile();
    expect(text).toMatch(/ limit \+\? offset \+\?$/);
    expect(parameters).toEqual([3, 4]);
  });

  it('keep rows as a bare parameter would: the page asked for, then the next', async () => {
    expect((await page(3, 4).execute()).map((row) => row.n)).toEqual([5, 6, 7]);
    expect((await page(3, 7).execute()).map((row) => row.n)).toEqual([8, 9, 10]);
    expect((await page(5, 9).execute()).map((row) => row.n)).toEqual([10]);
  });

  it('refuse what is not a whole number, as a bare parameter does', async () => {
    await expect(page(2.5, 0).execute()).rejects.toThrow(/datatype mismatch/);
    await expect(page(2, 0.5).execute()).rejects.toThrow(/datatype mismatch/);
  });

  it('leave a literal or an expression as written', () => {
    const literal = db.selectFrom('numbers').select('n').limit(sql.lit(2)).compile();
    expect(literal.sql).toMatch(/ limit 2$/);
    const expression = db
      .selectFrom('numbers')
      .select('n')
      .limit(sql<number>`(select count(*) from numbers) / 2`)
      .compile();
    expect(expression.sql).toMatch(/ limit \(select count\(\*\) from numbers\) \/ 2$/);
  });
});
