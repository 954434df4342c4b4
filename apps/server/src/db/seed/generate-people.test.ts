import { describe, expect, it } from 'vitest';
import type { GlobalRanking } from '@app/contract/ranking';
import { bearer, createUser, useTestApp } from '../../../test/helpers';
import { generatePeople } from './generate-people';

const ctx = useTestApp({ content: true });

describe('generatePeople', () => {
  it('adds staff whose totals and split totals equal their ledger, ranked like everyone', async () => {
    const made = await generatePeople(ctx.db, {
      count: 1200,
      timeZone: ctx.config.timeZone,
      seed: 7,
    });
    expect(made.users).toBe(1200);
    const mismatched = await ctx.db
      .selectFrom('users')
      .leftJoin(
        ctx.db
          .selectFrom('points_ledger')
          .select((eb) => ['user_id', eb.fn.sum<number>('amount').as('sum')])
          .groupBy('user_id')
          .as('ledger'),
        'ledger.user_id',
        'users.id',
      )
      .select(['users.id', 'users.total_points', 'ledger.sum'])
      .execute();
    expect(mismatched.filter((r) => Number(r.sum ?? 0) !== r.total_points)).toEqual([]);
    expect(mismatched.length).toBeGreaterThanOrEqual(1200);

    const splitSums = await ctx.db
      .selectFrom('split_totals')
      .select((eb) => eb.fn.sum<number>('total').as('sum'))
      .executeTakeFirstOrThrow();
    const inSplits = await ctx.db
      .selectFrom('points_ledger')
      .innerJoin('splits', (join) =>
        join
          .onRef('points_ledger.created_at', '>=', 'splits.start_at')
          .onRef('points_ledger.created_at', '<', 'splits.end_at'),
      )
      .select((eb) => eb.fn.sum<number>('points_ledger.amount').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(splitSums.sum)).toBe(Number(inSplits.sum));

    const viewer = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/rankings/global?per_page=5',
      headers: bearer(viewer.token),
    });
    const ranking = res.json<GlobalRanking>();
    expect(ranking.total).toBe(1201);
    expect(ranking.data[0]!.rank).toBe(1);
    expect(ranking.me.rank).toBe(1 + mismatched.filter((r) => r.total_points > 0).length);
    expect(JSON.stringify(ranking)).not.toContain('generated.example.test');
  });
});
