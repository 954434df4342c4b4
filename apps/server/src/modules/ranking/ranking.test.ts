import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GlobalRanking, SplitRanking, SplitsResponse } from '@app/contract/ranking';
import { transact } from '../../db/transaction';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';
import {
  TEST_REDIS_URL,
  deleteRedisKeys,
  redisReachable,
  uniqueRedisPrefix,
} from '../../../test/redis';
import { credit } from '../points/points.service';
import { findOrCreateStore } from '../user/user-provisioning.repository';
import { boardPages } from './ranking.repository';

const redis = await redisReachable();

/** The same behaviour with the rank store in memory and in Redis. */
describe.each([
  { store: 'memory', config: {} },
  ...(redis
    ? [
        {
          store: 'redis',
          config: { redisUrl: TEST_REDIS_URL, redisKeyPrefix: uniqueRedisPrefix() },
        },
      ]
    : []),
])('rankings with the rank store in $store', ({ config }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ content: true, config });
  });
  afterAll(async () => {
    await ctx.close();
    if ('redisKeyPrefix' in config) await deleteRedisKeys(config.redisKeyPrefix!);
  });
  afterEach(() => vi.useRealTimers());

  let counter = 0;
  /** Gives points through the ledger, as the features do, at a given instant. */
  const give = (user: TestUser, amount: number, at = new Date().toISOString()) =>
    transact(ctx.db, (trx) =>
      credit(trx, { userId: user.id, amount, reason: 'admin', reference: `test:${++counter}`, at }),
    );

  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  async function storeAt(user: TestUser, name: string, city: string, country: string) {
    const store = await findOrCreateStore(ctx.db, {
      name,
      city,
      country,
      timezone: 'Europe/Zurich',
      created_at: new Date().toISOString(),
    });
    await ctx.db
      .updateTable('users')
      .set({ store_id: store.id })
      .where('id', '=', user.id)
      .execute();
    return store.id;
  }

  // Scores in the millions keep these users above everyone else the file creates.
  let top: TestUser[] = [];
  beforeAll(async () => {
    const [first, tieEarly, tieLate, fourth] = [
      await createUser(ctx, { firstName: 'Ada', lastName: 'First' }),
      await createUser(ctx, { firstName: 'Béa', lastName: 'Early' }),
      await createUser(ctx, { firstName: 'Cyril', lastName: 'Late' }),
      await createUser(ctx, { firstName: 'Dora', lastName: 'Fourth' }),
    ];
    await give(first, 3_000_000, '2026-01-05T10:00:00.000Z');
    await give(tieEarly, 2_000_000, '2026-01-05T10:00:00.000Z');
    await give(tieLate, 2_000_000, '2026-01-06T10:00:00.000Z');
    await give(fourth, 1_000_000, '2026-01-05T10:00:00.000Z');
    top = [first, tieEarly, tieLate, fourth];
  });

  describe('GET /api/rankings/global', () => {
    it('gives competition ranks: equal totals share a rank, the first to reach it listed first', async () => {
      const ranking = await get<GlobalRanking>(top[0]!, '/api/rankings/global?per_page=4');
      expect(ranking.data.map((r) => [r.first_name, r.rank, r.total_points])).toEqual([
        ['Ada', 1, 3_000_000],
        ['Béa', 2, 2_000_000],
        ['Cyril', 2, 2_000_000],
        ['Dora', 4, 1_000_000],
      ]);
      expect(ranking.podium.map((r) => r.first_name)).toEqual(['Ada', 'Béa', 'Cyril']);
    });

    it('follows each credit at once, and the podium with it', async () => {
      const riser = await createUser(ctx, { firstName: 'Eli', lastName: 'Riser' });
      expect((await get<GlobalRanking>(riser, '/api/rankings/global')).me.rank).toBeGreaterThan(4);
      await give(riser, 2_500_000);
      const after = await get<GlobalRanking>(riser, '/api/rankings/global');
      expect(after.me).toMatchObject({ rank: 2, total_points: 2_500_000 });
      expect(after.podium.map((r) => r.first_name)).toEqual(['Ada', 'Eli', 'Béa']);
      await give(riser, -2_500_000);
      expect((await get<GlobalRanking>(riser, '/api/rankings/global')).me.rank).toBeGreaterThan(4);
    });

    it('always gives the user’s own row with its rank, on whatever page it is', async () => {
      const ranking = await get<GlobalRanking>(top[3]!, '/api/rankings/global?per_page=1&page=1');
      expect(ranking.data).toHaveLength(1);
      expect(ranking.me).toMatchObject({ id: top[3]!.id, rank: 4, total_points: 1_000_000 });
      expect(ranking.current_page).toBe(1);
      expect(ranking.last_page).toBe(ranking.total);
    });

    it('counts everyone unfiltered, newcomers without points included, as the rows do', async () => {
      const before = await get<GlobalRanking>(top[0]!, '/api/rankings/global');
      const newcomer = await createUser(ctx, { firstName: 'Noa', lastName: 'Newcomer' });
      const after = await get<GlobalRanking>(newcomer, '/api/rankings/global');
      const users = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(after.total).toBe(before.total + 1);
      expect(after.total).toBe(Number(users.count));
      const lastPage = await get<GlobalRanking>(
        newcomer,
        `/api/rankings/global?per_page=10&page=${after.last_page}`,
      );
      expect(lastPage.data.length).toBe(after.total - (after.last_page - 1) * 10);
    });

    it('filters by country, city and store (repeated), and searches names and stores, keeping global ranks', async () => {
      const [geneva, paris, tokyo] = [
        await storeAt(top[0]!, 'Rhône', 'Genève', 'Suisse'),
        await storeAt(top[1]!, 'Vendôme', 'Paris', 'France'),
        await storeAt(top[3]!, 'Ginza', 'Tokyo', 'Japon'),
      ];
      await storeAt(top[2]!, 'Vendôme', 'Paris', 'France');
      const names = async (query: string) =>
        (await get<GlobalRanking>(top[0]!, `/api/rankings/global?${query}`)).data.map(
          (r) => `${r.first_name}#${r.rank}`,
        );
      expect(await names('country=France')).toEqual(['Béa#2', 'Cyril#2']);
      expect(await names('country=France&country=Japon')).toEqual(['Béa#2', 'Cyril#2', 'Dora#4']);
      expect(await names('city=Tokyo')).toEqual(['Dora#4']);
      expect(await names(`store_id=${geneva}&store_id=${tokyo}`)).toEqual(['Ada#1', 'Dora#4']);
      expect(await names(`store_id=${paris}&order=asc`)).toEqual(['Cyril#2', 'Béa#2']);
      expect(await names('q=cyril')).toEqual(['Cyril#2']);
      expect(await names('q=vend')).toEqual(['Béa#2', 'Cyril#2']);
      expect(await names('q=ada first')).toEqual(['Ada#1']);
      // Punctuation is folded away: a search for '%' is no search, never a wildcard.
      expect(await names('q=%25')).toEqual(await names('q='));
      expect(await names('q=b%25a')).toEqual([]);
      const filtered = await get<GlobalRanking>(top[0]!, '/api/rankings/global?country=France');
      expect(filtered.total).toBe(2);
      expect(filtered.podium.map((r) => r.first_name)).toEqual(['Ada', 'Béa', 'Cyril']);
    });

    it('pages on the server', async () => {
      const first = await get<GlobalRanking>(top[0]!, '/api/rankings/global?per_page=2&page=1');
      const second = await get<GlobalRanking>(top[0]!, '/api/rankings/global?per_page=2&page=2');
      expect(first.data.map((r) => r.first_name)).toEqual(['Ada', 'Béa']);
      expect(second.data.map((r) => r.first_name)).toEqual(['Cyril', 'Dora']);
      expect(second.current_page).toBe(2);
      // The podium is the top three whatever the page, the order or the page's size.
      for (const query of ['per_page=3&page=2', 'per_page=3&order=asc', 'per_page=2']) {
        const ranking = await get<GlobalRanking>(top[0]!, `/api/rankings/global?${query}`);
        expect(
          ranking.podium.map((r) => r.first_name),
          query,
        ).toEqual(['Ada', 'Béa', 'Cyril']);
      }
      expect(first.last_page).toBe(Math.ceil(first.total / 2));
    });

    it('shows nothing private of anyone', async () => {
      const ranking = await get<GlobalRanking>(top[0]!, '/api/rankings/global?per_page=100');
      const body = JSON.stringify(ranking);
      for (const user of top) expect(body).not.toContain(user.email);
      for (const row of [...ranking.data, ...ranking.podium, ranking.me]) {
        expect(Object.keys(row).sort()).toEqual(
          [
            'first_name',
            'id',
            'last_name',
            'profile_picture_url',
            'rank',
            'store',
            'total_points',
          ].sort(),
        );
      }
    });

    it('refuses bad paging and filters with 422', async () => {
      for (const query of [
        'per_page=101',
        'page=0',
        'store_id=abc',
        'order=sideways',
        `q=${'x'.repeat(101)}`,
      ]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/rankings/global?${query}`,
          headers: bearer(top[0]!.token),
        });
        expect(res.statusCode, query).toBe(422);
      }
    });
  });

  describe('splits', () => {
    it('count the ledger rows dated inside them, at midnight in the brand’s time zone', async () => {
      const splits = await get<SplitsResponse>(top[0]!, '/api/splits');
      const first = splits.data.find((s) => s.start_date === '2026-02-20')!;
      const second = splits.data.find((s) => s.start_date === '2026-05-21')!;
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      // 23:59:59 on 20 May in Zurich (summer time) and, a second later, the 21st.
      await give(a, 700, '2026-05-20T21:59:59.000Z');
      await give(b, 300, '2026-05-20T22:00:00.000Z');
      await give(b, 200, '2026-05-25T09:00:00.000Z');
      const inFirst = await get<SplitRanking>(a, `/api/rankings/split/${first.id}?q=dubois`);
      const inSecond = await get<SplitRanking>(b, `/api/rankings/split/${second.id}`);
      expect(inFirst.me).toMatchObject({ total_points: 700 });
      expect(inFirst.me.rank).toBe(1);
      expect(inSecond.me).toMatchObject({ rank: 1, total_points: 500 });
      expect(inSecond.data.map((r) => r.user.id)).toEqual([b.id]);
      expect(inSecond.total).toBe(1);
      // Not in the second split: no rank, 0 points, and the global podium all the same.
      const outside = await get<SplitRanking>(a, `/api/rankings/split/${second.id}`);
      expect(outside.me).toMatchObject({ rank: null, total_points: 0 });
      expect(outside.podium.map((r) => r.first_name)).toEqual(['Ada', 'Béa', 'Cyril']);
      expect(outside.split).toMatchObject({ id: second.id, name: 'Split 2' });
    });

    it('tell which is current, and the first when none contains today', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-15T10:00:00.000Z'));
      const summer = await get<SplitsResponse>(top[0]!, '/api/splits');
      const current = summer.data.find((s) => s.id === summer.current_id)!;
      expect(current).toMatchObject({
        name: 'Split 2',
        start_date: '2026-05-21',
        status: 'current',
      });
      expect(summer.data.find((s) => s.start_date === '2026-02-20')!.status).toBe('past');
      expect(summer.data.find((s) => s.start_date === '2026-08-21')!.status).toBe('future');

      vi.setSystemTime(new Date('2026-12-01T10:00:00.000Z'));
      const winter = await get<SplitsResponse>(top[0]!, '/api/splits');
      expect(winter.current_id).toBe(winter.data[0]!.id);
      expect(winter.data.some((s) => s.status === 'current')).toBe(false);
    });

    it('answer 404 to an unknown split and 422 to a malformed id', async () => {
      const res = (url: string) =>
        ctx.app.inject({ method: 'GET', url, headers: bearer(top[0]!.token) });
      expect((await res('/api/rankings/split/999999')).statusCode).toBe(404);
      expect((await res('/api/rankings/split/abc')).statusCode).toBe(422);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/rankings/split/1' })).statusCode,
      ).toBe(401);
    });
  });

  it('reads a board page by page, every user once', async () => {
    const read: number[] = [];
    let pages = 0;
    for await (const page of boardPages(ctx.db, undefined, 3)) {
      pages += 1;
      expect(page.length).toBeLessThanOrEqual(3);
      read.push(...page.map((e) => e.userId));
    }
    const ids = (await ctx.db.selectFrom('users').select('id').orderBy('id').execute()).map(
      (u) => u.id,
    );
    expect(read).toEqual(ids);
    expect(pages).toBe(Math.ceil(ids.length / 3));
  });

  it('loads the board again from the database when the store has lost it, with the same ranks', async () => {
    const before = await get<GlobalRanking>(top[2]!, '/api/rankings/global?per_page=10');
    await ctx.app.rankings.store.drop('global');
    const after = await get<GlobalRanking>(top[2]!, '/api/rankings/global?per_page=10');
    expect(after.data).toEqual(before.data);
    expect(after.me).toEqual(before.me);
  });
});
