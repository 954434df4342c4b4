import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, totalOf, type TestContext } from '../../../test/helpers';
import { awardBadge } from '../badge/badge.service';
import { ledgerSum, lockTotal } from './points.repository';
import { credit } from './points.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db
    .insertInto('badges')
    .values([
      {
        code: 'first_quiz',
        name: 'First Steps',
        description: 'd',
        icon: '/images/badges/first-quiz.svg',
        position: 1,
      },
      {
        code: 'global_top_3',
        name: 'Podium',
        description: 'd',
        icon: '/images/badges/global-top-3.svg',
        position: 2,
      },
    ])
    .execute();
});
afterAll(() => ctx.close());

describe('credit', () => {
  it('writes a ledger row and moves the cached total by the same amount', async () => {
    const { id } = await createUser(ctx);
    const result = await ctx.db
      .transaction()
      .execute((trx) =>
        credit(trx, { userId: id, amount: 750, reason: 'quiz', reference: 'quiz_attempt:1' }),
      );
    expect(result).toEqual({ credited: true, amount: 750, total: 750 });
    expect(await totalOf(ctx.db, id)).toBe(750);
    expect(await ledgerSum(ctx.db, id)).toBe(750);
  });

  it('credits the same reason and reference only once', async () => {
    const { id } = await createUser(ctx);
    const entry = {
      userId: id,
      amount: 500,
      reason: 'daily' as const,
      reference: 'daily:2026-11-21',
    };
    await ctx.db.transaction().execute((trx) => credit(trx, entry));
    const again = await ctx.db.transaction().execute((trx) => credit(trx, entry));
    expect(again.credited).toBe(false);
    expect(await totalOf(ctx.db, id)).toBe(500);
    const rows = await ctx.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('credits once when the same entry is credited concurrently', async () => {
    const { id } = await createUser(ctx);
    const entry = { userId: id, amount: 1000, reason: 'duel_win' as const, reference: 'duel:7' };
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => ctx.db.transaction().execute((trx) => credit(trx, entry))),
    );
    const credited = results.filter((r) => r.status === 'fulfilled' && r.value.credited);
    expect(credited).toHaveLength(1);
    expect(await totalOf(ctx.db, id)).toBe(1000);
    expect(await ledgerSum(ctx.db, id)).toBe(1000);
  });

  it("moves the total of the split a credit falls in once, its replays and other splits' not at all", async () => {
    const { id } = await createUser(ctx);
    const split = (start: string, end: string, name: string) =>
      ctx.db
        .insertInto('splits')
        .values({
          name,
          start_date: start,
          end_date: end,
          start_at: `${start}T00:00:00.000Z`,
          end_at: `${end}T23:59:59.999Z`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const inside = await split('2031-06-01', '2031-06-30', 'June 2031');
    const outside = await split('2031-07-01', '2031-07-31', 'July 2031');
    const entry = {
      userId: id,
      amount: 400,
      reason: 'quiz' as const,
      reference: 'quiz_attempt:2031',
      at: '2031-06-15T10:00:00.000Z',
    };
    await ctx.db.transaction().execute((trx) => credit(trx, entry));
    const again = await ctx.db.transaction().execute((trx) => credit(trx, entry));
    expect(again).toEqual({ credited: false, amount: 0, total: 400 });
    await ctx.db
      .transaction()
      .execute((trx) => credit(trx, { ...entry, amount: 100, reference: 'quiz_attempt:2032' }));
    const totals = await ctx.db
      .selectFrom('split_totals')
      .select(['split_id', 'total', 'reached_at', 'version'])
      .where('user_id', '=', id)
      .execute();
    expect(totals).toEqual([{ split_id: inside.id, total: 500, reached_at: entry.at, version: 2 }]);
    expect(totals.some((row) => row.split_id === outside.id)).toBe(false);
    expect(await totalOf(ctx.db, id)).toBe(500);
  });

  it('never takes a total below zero: a loss is capped at what the user has', async () => {
    const { id } = await createUser(ctx);
    await ctx.db
      .transaction()
      .execute((trx) => credit(trx, { userId: id, amount: 100, reason: 'quiz', reference: 'q:1' }));
    const loss = await ctx.db
      .transaction()
      .execute((trx) =>
        credit(trx, { userId: id, amount: -250, reason: 'duel_loss', reference: 'duel:1' }),
      );
    expect(loss).toEqual({ credited: true, amount: -100, total: 0 });
    expect(await totalOf(ctx.db, id)).toBe(0);
    expect(await ledgerSum(ctx.db, id)).toBe(0);
  });

  it('keeps the ledger and the total together when gains and losses of one user come at once', async () => {
    const { id } = await createUser(ctx);
    await ctx.db
      .transaction()
      .execute((trx) => credit(trx, { userId: id, amount: 100, reason: 'quiz', reference: 'q:0' }));
    const entries = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? { userId: id, amount: 30, reason: 'quiz' as const, reference: `q:${i + 1}` }
        : { userId: id, amount: -80, reason: 'duel_loss' as const, reference: `duel:${i}` },
    );
    const results = await Promise.allSettled(
      entries.map((entry) => ctx.db.transaction().execute((trx) => credit(trx, entry))),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Each loss is capped at the total it finds: what the losses took depends on the order,
    // never the agreement between the ledger and the total.
    const total = await totalOf(ctx.db, id);
    expect(total).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(ctx.db, id)).toBe(total);
    const amounts = results.map((r) => (r.status === 'fulfilled' ? r.value.amount : NaN));
    expect(100 + amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
  });

  it('rolls back with the transaction that caused it', async () => {
    const { id } = await createUser(ctx);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await credit(trx, { userId: id, amount: 300, reason: 'quiz', reference: 'q:rollback' });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await totalOf(ctx.db, id)).toBe(0);
    expect(await ledgerSum(ctx.db, id)).toBe(0);
  });

  it('awards the podium badge to a user who reaches the global top 3', async () => {
    const { id } = await createUser(ctx);
    await ctx.db
      .transaction()
      .execute((trx) =>
        credit(trx, { userId: id, amount: 50_000, reason: 'admin', reference: 'admin:1' }),
      );
    const badges = await ctx.db
      .selectFrom('user_badges')
      .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
      .select('badges.code')
      .where('user_id', '=', id)
      .execute();
    expect(badges.map((b) => b.code)).toEqual(['global_top_3']);
  });

  it('keeps the podium badge from a user behind three others: on points, then on who reached the total first', async () => {
    const badgesOf = async (id: number) =>
      (
        await ctx.db
          .selectFrom('user_badges')
          .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
          .select('badges.code')
          .where('user_id', '=', id)
          .execute()
      ).map((b) => b.code);
    const gain = (userId: number, amount: number, reference: string) =>
      ctx.db
        .transaction()
        .execute((trx) => credit(trx, { userId, amount, reason: 'admin', reference }));
    // Made first, with the lowest id: a tie goes by who reached the total first, not by id.
    const { id } = await createUser(ctx);
    // Three users far ahead of anyone else in this file, the third with 10 000 000 points.
    const leaders = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    for (const [i, leader] of leaders.entries()) {
      await gain(leader.id, 10_000_002 - i, `admin:leader:${i}`);
    }
    await gain(id, 9_000_000, 'admin:fourth:1');
    expect(await badgesOf(id)).toEqual([]);
    // The third's total, reached later: still fourth.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await gain(id, 1_000_000, 'admin:fourth:2');
    expect(await badgesOf(id)).toEqual([]);
    await gain(id, 1, 'admin:fourth:3');
    expect(await badgesOf(id)).toEqual(['global_top_3']);
  });
});

describe("a user's lock", () => {
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'is taken while another transaction writes a row that refers to the user: crossed credits never deadlock',
    async () => {
      const { id } = await createUser(ctx);
      const other = await ctx.db.startTransaction().execute();
      try {
        // Not committed: PostgreSQL holds the user's row for the reference of this ledger row.
        await other
          .insertInto('points_ledger')
          .values({
            user_id: id,
            amount: 0,
            reason: 'admin',
            reference: 'admin:held',
            created_at: new Date().toISOString(),
          })
          .execute();
        const total = await ctx.db.transaction().execute(async (trx) => {
          // Waiting would be the first half of a deadlock: fail at once instead.
          await sql`set local lock_timeout = '1s'`.execute(trx);
          return lockTotal(trx, id);
        });
        expect(total).toBe(0);
      } finally {
        await other.rollback().execute();
      }
    },
  );
});

describe('awardBadge', () => {
  it('awards a badge once, however often it is earned', async () => {
    const { id } = await createUser(ctx);
    const first = await ctx.db.transaction().execute((trx) => awardBadge(trx, id, 'first_quiz'));
    const second = await ctx.db.transaction().execute((trx) => awardBadge(trx, id, 'first_quiz'));
    const concurrent = await Promise.all(
      Array.from({ length: 3 }, () =>
        ctx.db.transaction().execute((trx) => awardBadge(trx, id, 'first_quiz')),
      ),
    );
    expect([first, second, ...concurrent]).toEqual([true, false, false, false, false]);
    const rows = await ctx.db
      .selectFrom('user_badges')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('skips a badge the content does not define', async () => {
    const { id } = await createUser(ctx);
    expect(await ctx.db.transaction().execute((trx) => awardBadge(trx, id, 'streak_30'))).toBe(
      false,
    );
  });
});
