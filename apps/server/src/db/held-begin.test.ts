import { randomBytes } from 'node:crypto';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, poolOf, type Db, type Executor } from './database';
import type { Database } from './schema';

const url = process.env.TEST_DATABASE_URL!;
const schema = `test_held_begin_${randomBytes(6).toString('hex')}`;

/** A value pg cannot serialize: its bind fails in the client, after `begin` was written. */
const unserializable = {
  toPostgres() {
    throw new Error('cannot serialize');
  },
};

type Internals = pg.PoolClient & {
  getTransactionStatus(): string;
  processID: number;
  connection: { parsedStatements: Record<string, string> };
};

// Transactions on PostgreSQL, whose begin the pool's client holds for their first statement
// (docs/decisions/0057): every way a first statement can fail, or be left in flight, ends with
// nothing committed that should not be, and the connection idle ('I'), never inside a transaction.
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'a transaction whose begin is held',
  () => {
    let db: Db;
    let admin: Db;

    beforeAll(async () => {
      admin = createDatabase(url);
      await sql`create schema ${sql.raw(schema)}`.execute(admin);
      db = createDatabase(url, { schema, poolSize: 1 });
      await sql`create table t (id int primary key, note text)`.execute(db);
    });
    afterAll(async () => {
      await sql`drop schema ${sql.raw(schema)} cascade`.execute(admin);
      await db.destroy();
      await admin.destroy();
    });

    const client = async (of: Db = db) => {
      const c = (await poolOf(of)!.connect()) as Internals;
      c.release();
      return c;
    };
    const status = async (of: Db = db) => (await client(of)).getTransactionStatus();
    const ids = async () =>
      (await sql<{ id: number }>`select id from t order by id`.execute(db)).rows.map((r) => r.id);
    const clear = () => sql`delete from t`.execute(db);

    it('a first statement whose bind fails in the client: rejected, rolled back, nothing committed', async () => {
      await clear();
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into t values (${1}, ${unserializable})`.execute(trx);
        }),
      ).rejects.toThrow('cannot serialize');
      expect(await status()).toBe('I');
      expect(await ids()).toEqual([]);
    });

    it('a bind failure caught by the work: the rest runs in the same transaction and commits', async () => {
      await clear();
      const xacts: string[] = [];
      await db.transaction().execute(async (trx) => {
        await expect(
          sql`insert into t values (${2}, ${unserializable})`.execute(trx),
        ).rejects.toThrow('cannot serialize');
        await sql`insert into t values (${3}, ${'x'})`.execute(trx);
        xacts.push(
          (await sql<{ x: string }>`select txid_current()::text as x`.execute(trx)).rows[0]!.x,
        );
        xacts.push(
          (await sql<{ x: string; s: string }>`select txid_current()::text as x`.execute(trx))
            .rows[0]!.x,
        );
      });
      expect(xacts[0]).toBe(xacts[1]);
      expect(await ids()).toEqual([3]);
      expect(await status()).toBe('I');
    });

    it('an error of the first statement, caught by the work: the next statements fail as aborted, nothing commits', async () => {
      await clear();
      await sql`insert into t values (${10}, ${'a'})`.execute(db);
      await expect(
        db.transaction().execute(async (trx) => {
          await expect(sql`insert into t values (${10}, ${'dup'})`.execute(trx)).rejects.toThrow(
            'duplicate key',
          );
          await sql`insert into t values (${11}, ${'b'})`.execute(trx);
        }),
      ).rejects.toThrow('current transaction is aborted');
      expect(await status()).toBe('I');
      expect(await ids()).toEqual([10]);
    });

    it('a first statement that does not parse, or binds the wrong number of parameters: rolled back', async () => {
      await clear();
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`selec ${1}::int`.execute(trx);
        }),
      ).rejects.toThrow('syntax error');
      expect(await status()).toBe('I');
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.executeQuery(CompiledQuery.raw('select $1::int + $2::int', [1]));
        }),
      ).rejects.toThrow(/bind message supplies 1 parameters/);
      expect(await status()).toBe('I');
      await sql`insert into t values (${20}, ${'after'})`.execute(db);
      expect(await ids()).toEqual([20]);
    });

    it('a named, prepared first statement: answers, fails (division by zero) and rolls back, then answers again', async () => {
      const run = (ex: Executor, d: number) =>
        sql<{ q: number }>`select 100 / ${d}::int as q`.execute(ex);
      for (let i = 0; i < 4; i++) await run(db, 1); // named on the 3rd run, parsed
      const c = await client();
      expect(Object.values(c.connection.parsedStatements)).toContain('select 100 / $1::int as q');
      expect(await db.transaction().execute(async (trx) => (await run(trx, 4)).rows[0]!.q)).toBe(
        25,
      );
      await expect(
        db.transaction().execute(async (trx) => {
          await run(trx, 0);
        }),
      ).rejects.toThrow('division by zero');
      expect(await status()).toBe('I');
      expect(await db.transaction().execute(async (trx) => (await run(trx, 5)).rows[0]!.q)).toBe(
        20,
      );
      expect(await status()).toBe('I');
    });

    it('a named, prepared first statement whose bind fails: rolled back; the text is prepared again after one failure, in a transaction or not', async () => {
      const text = (v: unknown) => sql<{ v: string }>`select ${v}::text as v, 'named-bind' as k`;
      for (let i = 0; i < 4; i++) await text('ok').execute(db);
      await expect(
        db.transaction().execute(async (trx) => {
          await text(unserializable).execute(trx);
        }),
      ).rejects.toThrow('cannot serialize');
      expect(await status()).toBe('I');
      // pg closes the named statement on its bind failure (Query#prepare) yet keeps it noted as
      // prepared: the next run fails once, then the text is prepared again under a new name.
      await expect(text('again').execute(db)).rejects.toThrow(
        /prepared statement .* does not exist/,
      );
      expect((await text('once more').execute(db)).rows[0]?.v).toBe('once more');
      const other = (v: unknown) => sql<{ v: string }>`select ${v}::text as v, 'named-bind-2' as k`;
      for (let i = 0; i < 4; i++) await other('ok').execute(db);
      await expect(other(unserializable).execute(db)).rejects.toThrow('cannot serialize');
      await expect(other('again').execute(db)).rejects.toThrow(
        /prepared statement .* does not exist/,
      );
      expect((await other('once more').execute(db)).rows[0]?.v).toBe('once more');
      expect(await status()).toBe('I');
    });

    it('work that throws before any statement; a savepoint as the first statement, rolled back to', async () => {
      await clear();
      await expect(
        db.transaction().execute(async () => {
          throw new Error('before');
        }),
      ).rejects.toThrow('before');
      expect(await status()).toBe('I');
      await sql`insert into t values (${30}, ${'a'})`.execute(db);
      await db.transaction().execute(async (trx) => {
        await sql`savepoint s`.execute(trx);
        await expect(sql`insert into t values (${30}, ${'dup'})`.execute(trx)).rejects.toThrow(
          'duplicate',
        );
        await sql`rollback to savepoint s`.execute(trx);
        await sql`insert into t values (${31}, ${'b'})`.execute(trx);
        await sql`release savepoint s`.execute(trx);
      });
      expect(await ids()).toEqual([30, 31]);
      expect(await status()).toBe('I');
    });

    const mixed = async (of: Db, n: number) => {
      const results = await Promise.allSettled(
        Array.from({ length: n }, (_, i) =>
          of.transaction().execute(async (trx) => {
            const kind = i % 6;
            if (kind === 1) throw new Error('before');
            if (kind === 2)
              await sql`insert into t (id, note) values (${1000 + i}, ${unserializable})`.execute(
                trx,
              );
            if (kind === 3) await sql`select 1 / ${0}::int`.execute(trx);
            if (kind === 4) await sql`savepoint s`.execute(trx);
            const a = (await sql<{ x: string }>`select txid_current()::text as x`.execute(trx))
              .rows[0]!.x;
            await sql`insert into t values (${1000 + i}, ${a})`.execute(trx);
            await new Promise((r) => setTimeout(r, Math.random() * 5));
            const b = (
              await sql<{ x: string }>`select txid_current()::text as x, ${i}::int as i`.execute(
                trx,
              )
            ).rows[0]!.x;
            if (kind === 5) throw new Error('after');
            return [a, b];
          }),
        ),
      );
      return results;
    };

    for (const size of [1, 10]) {
      it(`concurrent transactions on a pool of ${size}: each all or nothing, each its own`, async () => {
        const pooled = size === 1 ? db : createDatabase(url, { schema, poolSize: size });
        try {
          await clear();
          const n = 120;
          const results = await mixed(pooled, n);
          const committed: number[] = [];
          const xacts = new Set<string>();
          results.forEach((r, i) => {
            const kind = i % 6;
            if (kind === 0 || kind === 4) {
              expect(r.status).toBe('fulfilled');
              const [a, b] = (r as PromiseFulfilledResult<string[]>).value;
              expect(a).toBe(b);
              expect(xacts.has(a!)).toBe(false);
              xacts.add(a!);
              committed.push(1000 + i);
            } else expect(r.status).toBe('rejected');
          });
          expect(await ids()).toEqual(committed);
          const notes = (
            await sql<{ id: number; note: string }>`select id, note from t`.execute(db)
          ).rows;
          for (const row of notes) expect(xacts.has(row.note)).toBe(true);
          const pool = poolOf(pooled)!;
          const clients: Internals[] = [];
          for (let i = 0; i < pool.totalCount; i++)
            clients.push((await pool.connect()) as Internals);
          for (const c of clients) {
            expect(c.getTransactionStatus()).toBe('I');
            c.release();
          }
        } finally {
          if (pooled !== db) await pooled.destroy();
        }
      });
    }

    it('statements run on the pool itself, between transactions on its one connection, run outside them', async () => {
      await clear();
      const pool = poolOf(db)!;
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 30; i++) {
        work.push(
          db
            .transaction()
            .execute(async (trx) => {
              await sql`insert into t values (${2000 + i}, ${'trx'})`.execute(trx);
              throw new Error('roll back');
            })
            .catch(() => undefined),
        );
        work.push(
          i % 2
            ? pool.query({
                name: 'pool_insert',
                text: 'insert into t values ($1, $2)',
                values: [3000 + i, 'pool'],
              })
            : pool.query('insert into t values ($1, $2)', [3000 + i, 'pool']),
        );
        work.push(db.transaction().execute(async () => undefined));
      }
      await Promise.all(work);
      expect(await ids()).toEqual(Array.from({ length: 30 }, (_, i) => 3000 + i));
      expect(await status()).toBe('I');
    });

    it('a connection that dies while its begin is held, or after the first statement: nothing runs outside the transaction, the pool recovers', async () => {
      await clear();
      const backendPid = async () => (await client()).processID;
      let pid = await backendPid();
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`select pg_terminate_backend(${pid})`.execute(admin);
          await new Promise((r) => setTimeout(r, 200));
          await sql`insert into t values (${40}, ${'a'})`.execute(trx);
        }),
      ).rejects.toThrow();
      await sql`insert into t values (${41}, ${'b'})`.execute(db);
      expect(await status()).toBe('I');
      pid = await backendPid();
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into t values (${42}, ${'c'})`.execute(trx);
          await sql`select pg_terminate_backend(${pid})`.execute(admin);
          await new Promise((r) => setTimeout(r, 200));
          await sql`insert into t values (${43}, ${'d'})`.execute(trx);
        }),
      ).rejects.toThrow();
      expect(await ids()).toEqual([41]);
      expect(await status()).toBe('I');
    });

    it("the client's other forms of query, while a begin is held, go after a begin of their own; a release drops a held begin", async () => {
      await clear();
      const c = (await poolOf(db)!.connect()) as Internals;
      try {
        await c.query('begin', []);
        expect(c.getTransactionStatus()).toBe('I');
        await new Promise<void>((resolve, reject) =>
          c.query('insert into t values ($1, $2)', [50, 'cb'], (e: Error | null) =>
            e ? reject(e) : resolve(),
          ),
        );
        expect(c.getTransactionStatus()).toBe('T');
        await c.query({ text: 'insert into t values ($1, $2)', values: [51, 'cfg'] });
        await c.query('rollback', []);
        expect(c.getTransactionStatus()).toBe('I');
        await c.query('begin', []);
      } finally {
        c.release();
      }
      await sql`insert into t values (${52}, ${'after release'})`.execute(db);
      expect(await status()).toBe('I');
      expect(await ids()).toEqual([52]);
    });
    /** Microtasks only: no I/O, so no answer from the database comes meanwhile. */
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await Promise.resolve();
    };

    /** The work: its first statement goes out, then the work fails before that statement is answered. */
    const strayFirst = (of: Db, statement: (trx: Executor) => Promise<unknown>) =>
      of.transaction().execute(async (trx) => {
        await Promise.all([
          statement(trx),
          (async () => {
            await ticks(200);
            throw new Error('abort');
          })(),
        ]);
      });

    it('with a plain pg pool, a first statement still in flight when the work fails is rolled back (what follows must do as well)', async () => {
      await clear();
      const plain = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` }),
        }),
      }) as unknown as Db;
      try {
        await expect(
          strayFirst(plain, (trx) => sql`insert into t values (70, 'stray')`.execute(trx)),
        ).rejects.toThrow('abort');
        await new Promise((r) => setTimeout(r, 200));
        expect(await ids()).toEqual([]);
      } finally {
        await plain.destroy();
      }
    });

    it('a first statement without parameters, in flight when the work fails, is rolled back', async () => {
      await clear();
      await expect(
        strayFirst(db, (trx) => sql`insert into t values (71, 'stray')`.execute(trx)),
      ).rejects.toThrow('abort');
      await new Promise((r) => setTimeout(r, 200));
      expect(await ids()).toEqual([]);
      expect(await status()).toBe('I');
    });

    it('a first statement named on this run (not prepared yet), in flight when the work fails, is rolled back', async () => {
      await clear();
      const insert = (trx: Executor, id: number) =>
        sql`insert into t (note, id) values (${'stray'}, ${id})`.execute(trx);
      await insert(db, 80);
      await insert(db, 81); // the third run is named: prepared with the begin
      await expect(strayFirst(db, (trx) => insert(trx, 82))).rejects.toThrow('abort');
      await new Promise((r) => setTimeout(r, 200));
      expect(await ids()).toEqual([80, 81]);
      expect(await status()).toBe('I');
    });

    it('a first statement with parameters (sent with the begin), in flight when the work fails, is rolled back', async () => {
      await clear();
      await expect(
        strayFirst(db, (trx) =>
          sql`insert into t (id, note) values (${95}, ${'x'}) returning id`.execute(trx),
        ),
      ).rejects.toThrow('abort');
      await new Promise((r) => setTimeout(r, 200));
      expect(await ids()).toEqual([]);
      expect(await status()).toBe('I');
    });
  },
);
