import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgesResponse, UserBadgesResponse } from '@app/contract/badge';
import { BADGE_CODES } from '@app/contract/constants';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';
import { awardBadge } from './badge.service';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ content: true });
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

const get = <T>(url: string, token = user.token) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });

describe('GET /api/badges', () => {
  it('lists every badge in display order, with its icon', async () => {
    const { data } = await get<BadgesResponse>('/api/badges');
    expect(data.map((b) => b.code)).toEqual([...BADGE_CODES]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      code: 'first_quiz',
      name: 'First Tick',
      description: 'Complete your first quiz.',
      icon_url: '/images/badges/first-quiz.svg',
    });
    for (const badge of data) {
      expect(Object.keys(badge).sort()).toEqual(['code', 'description', 'icon_url', 'id', 'name']);
    }
  });

  it('follows the position of the content, not the order of insertion', async () => {
    await ctx.db
      .updateTable('badges')
      .set({ position: 0 })
      .where('code', '=', 'global_top_3')
      .execute();
    try {
      const { data } = await get<BadgesResponse>('/api/badges');
      expect(data[0]!.code).toBe('global_top_3');
    } finally {
      await ctx.db
        .updateTable('badges')
        .set({ position: BADGE_CODES.length })
        .where('code', '=', 'global_top_3')
        .execute();
    }
  });
});

describe('GET /api/user/badges', () => {
  it('is empty for a user who earned nothing', async () => {
    expect(await get<UserBadgesResponse>('/api/user/badges')).toEqual({ data: [] });
  });

  it('lists only the user’s own badges, in display order, with when each was earned', async () => {
    const other = await createUser(ctx);
    await awardBadge(ctx.db, user.id, 'streak_7', '2026-03-02T08:00:00.000Z');
    await awardBadge(ctx.db, user.id, 'first_quiz', '2026-03-01T09:30:00.000Z');
    await awardBadge(ctx.db, other.id, 'perfect_quiz', '2026-03-03T10:00:00.000Z');

    const { data } = await get<UserBadgesResponse>('/api/user/badges');
    expect(data).toEqual([
      {
        id: expect.any(Number),
        code: 'first_quiz',
        name: 'First Tick',
        description: 'Complete your first quiz.',
        icon_url: '/images/badges/first-quiz.svg',
        pivot: { earned_at: '2026-03-01T09:30:00.000Z' },
      },
      expect.objectContaining({
        code: 'streak_7',
        pivot: { earned_at: '2026-03-02T08:00:00.000Z' },
      }),
    ]);
    const theirs = await get<UserBadgesResponse>('/api/user/badges', other.token);
    expect(theirs.data.map((b) => b.code)).toEqual(['perfect_quiz']);
  });

  it('needs a token', async () => {
    for (const url of ['/api/badges', '/api/user/badges']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
