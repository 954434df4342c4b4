import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rowReadingsBuilt } from '../../test/helpers';
import type { Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { prepared } from './prepared';
import { transact } from './transaction';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await db
    .insertInto('stores')
    .values(
      ['Rhône', 'Vendôme', 'Ginza'].map((name, i) => ({
        name,
        city: ['Genève', 'Paris', 'Tokyo'][i]!,
        country: ['Suisse', 'France', 'Japon'][i]!,
        timezone: 'Europe/Zurich',
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
});
afterAll(() => drop());

const storesBetween = prepared((db, country: string, fromId: number, toId: number) =>
  db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('country', '<>', country)
    .where('id', '>=', fromId)
    .where('id', '<=', toId)
    .orderBy('id'),
);

describe('a prepared query', () => {
  it('puts each call’s arguments in their places, the same as the query built anew', async () => {
    const all = await db.selectFrom('stores').select(['id', 'name']).orderBy('id').execute();
    const [first, second, third] = all.map((store) => store.id);
    expect(await storesBetween(db, 'Japon', first!, third!)).toEqual(all.slice(0, 2));
    expect(await storesBetween(db, 'Suisse', second!, third!)).toEqual(all.slice(1, 3));
    expect(await storesBetween(db, 'Japon', third!, third!)).toEqual([]);
  });

  /** Moves a store to Japan in a transaction that rolls back once `meanwhile` is done. */
  const movedThenRolledBack = (
    name: string,
    meanwhile: (trx: Transaction<Database>) => Promise<void>,
  ) =>
    db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('stores')
          .set({ country: 'Japon' })
          .where('name', '=', name)
          .execute();
        await meanwhile(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);

  it('runs in the caller’s transaction, seeing what it wrote', async () => {
    await movedThenRolledBack('Rhône', async (trx) => {
      const seen = await storesBetween(trx, 'Japon', 0, 1_000_000);
      expect(seen.map((store) => store.name)).toEqual(['Vendôme']);
    });
    const after = await storesBetween(db, 'Japon', 0, 1_000_000);
    expect(after.map((store) => store.name)).toEqual(['Rhône', 'Vendôme']);
  });

  it('never reads, outside a transaction, what that transaction has not committed', async () => {
    let reading: Promise<{ name: string }[]> | undefined;
    await movedThenRolledBack('Vendôme', async () => {
      // Another request reads meanwhile, on the database itself: it waits for the outcome.
      reading = storesBetween(db, 'Japon', 0, 1_000_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect((await reading!).map((store) => store.name)).toEqual(['Rhône', 'Vendôme']);
  });

  let builds = 0;
  const storesNamed = prepared((db, names: readonly string[], country?: string) => {
    builds += 1;
    return db
      .selectFrom('stores')
      .select('name')
      .where('name', 'in', names)
      .$if(country !== undefined, (qb) => qb.where('country', '=', country!))
      .orderBy('id');
  });
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);

  it('is compiled once for each shape of its arguments: lists of each length, undefined or not', async () => {
    builds = 0;
    expect(names(await storesNamed(db, ['Rhône']))).toEqual(['Rhône']);
    expect(names(await storesNamed(db, ['Ginza']))).toEqual(['Ginza']);
    expect(names(await storesNamed(db, ['Ginza', 'Rhône']))).toEqual(['Rhône', 'Ginza']);
    expect(names(await storesNamed(db, ['Vendôme', 'Rhône']))).toEqual(['Rhône', 'Vendôme']);
    expect(names(await storesNamed(db, ['Ginza', 'Rhône', 'Vendôme']))).toEqual([
      'Rhône',
      'Vendôme',
      'Ginza',
    ]);
    expect(names(await storesNamed(db, ['Ginza', 'Rhône'], 'Japon'))).toEqual(['Ginza']);
    expect(names(await storesNamed(db, ['Ginza', 'Rhône'], 'Suisse'))).toEqual(['Rhône']);
    // One build per shape, and each shape a statement of its own on every connection and in a
    // transaction (PostgreSQL would refuse a name given to two texts).
    expect(builds).toBe(4);
    await db.transaction().execute(async (trx) => {
      expect(names(await storesNamed(trx, ['Vendôme']))).toEqual(['Vendôme']);
      expect(names(await storesNamed(trx, ['Vendôme', 'Ginza'], 'France'))).toEqual(['Vendôme']);
    });
    expect(builds).toBe(4);
  });

  it('answers as well past the shapes it keeps: lists of seventy lengths, each compiled anew', async () => {
    const listed = prepared((db, ids: readonly number[]) =>
      db.selectFrom('stores').select('name').where('id', 'in', ids).orderBy('id'),
    );
    const all = await db.selectFrom('stores').select(['id', 'name']).orderBy('id').execute();
    for (let length = 1; length <= 70; length++) {
      // The stores' ids, then ids of no store, as many as the length asks.
      const ids = Array.from({ length }, (_, i) => all[i]?.id ?? -i);
      expect(names(await listed(db, ids))).toEqual(all.slice(0, length).map((s) => s.name));
    }
  });

  const renamed = prepared((db, id: number, change: { city: string; country?: string }) =>
    db.updateTable('stores').set(change).where('id', '=', id).returning(['city', 'country']),
  );

  it('sets the columns of a row given, and leaves those undefined in it alone', async () => {
    const { id } = await db
      .selectFrom('stores')
      .select('id')
      .where('name', '=', 'Ginza')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      expect(await renamed(trx, id, { city: 'Osaka', country: 'Nippon' })).toEqual([
        { city: 'Osaka', country: 'Nippon' },
      ]);
      expect(await renamed(trx, id, { city: 'Kyoto' })).toEqual([
        { city: 'Kyoto', country: 'Nippon' },
      ]);
      expect(await renamed(trx, id, { city: 'Tokyo', country: 'Japon' })).toEqual([
        { city: 'Tokyo', country: 'Japon' },
      ]);
    });
  });

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'on PostgreSQL, reads its rows with what its last result of the same columns built',
    async () => {
      const cities = prepared((db, id: number) =>
        db.selectFrom('stores').select(['city as town', 'timezone as zone']).where('id', '>=', id),
      );
      const built = await rowReadingsBuilt('town', async () => {
        for (let run = 0; run < 6; run++)
          expect((await cities(db, 0)).map((row) => row.town)).toEqual([
            'Genève',
            'Paris',
            'Tokyo',
          ]);
      });
      expect(built).toBe(1);
    },
  );
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'a prepared query in a transaction on SQLite, run at once on its connection',
  () => {
    const countIn = prepared((db, country: string) =>
      db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('country', '=', country),
    );
    const moveTo = prepared((db, name: string, country: string) =>
      db.updateTable('stores').set({ country }).where('name', '=', name),
    );
    const rollBack = new Error('roll back');
    /** Runs `work` in a transaction of `transact`, then rolls it back; returns what it returned. */
    const rolledBack = async <T>(work: (trx: Transaction<Database>) => Promise<T>) => {
      let result: T | undefined;
      await expect(
        transact(db, async (trx) => {
          result = await work(trx);
          throw rollBack;
        }),
      ).rejects.toBe(rollBack);
      return result;
    };

    it('sees what its transaction wrote, and is undone with it', async () => {
      const seen = await rolledBack(async (trx) => {
        await moveTo(trx, 'Ginza', 'Nippon');
        return countIn(trx, 'Nippon');
      });
      expect(seen).toEqual([{ count: 1 }]);
      expect(await countIn(db, 'Nippon')).toEqual([{ count: 0 }]);
      await transact(db, (trx) => moveTo(trx, 'Ginza', 'Nippon'));
      expect(await countIn(db, 'Nippon')).toEqual([{ count: 1 }]);
      await moveTo(db, 'Ginza', 'Japon');
    });

    it('runs after the statements its transaction sent before it and Kysely still holds', async () => {
      const counted = await rolledBack(async (trx) => {
        // The first still to be answered, the second queued behind it: the count sees both.
        const first = trx
          .updateTable('stores')
          .set({ country: 'Nippon' })
          .where('name', '=', 'Ginza')
          .execute();
        const second = trx
          .updateTable('stores')
          .set({ country: 'Nippon' })
          .where('name', '=', 'Rhône')
          .execute();
        const count = countIn(trx, 'Nippon');
        await Promise.all([first, second]);
        return count;
      });
      expect(counted).toEqual([{ count: 2 }]);
    });

    it('fails once its transaction is over, writing nothing outside it', async () => {
      let ended: Transaction<Database> | undefined;
      await transact(db, async (trx) => {
        ended = trx;
        await countIn(trx, 'Japon');
      });
      await expect(moveTo(ended!, 'Ginza', 'Nippon')).rejects.toThrow(/committed/);
      expect(await countIn(db, 'Nippon')).toEqual([{ count: 0 }]);
    });
  },
);
