import { describe, expect, it } from 'vitest';
import type { TitleInfo } from '@app/contract/title';
import { bearer, createUser, type TestUser, useTestApp } from '../../../test/helpers';
import { credit } from '../points/points.service';

const ctx = useTestApp({ content: true });

let reference = 0;
async function userWith(points: number): Promise<TestUser> {
  const user = await createUser(ctx);
  if (points > 0) {
    await ctx.db.transaction().execute((trx) =>
      credit(trx, {
        userId: user.id,
        amount: points,
        reason: 'admin',
        reference: `t${++reference}`,
      }),
    );
  }
  return user;
}

async function titles(user: TestUser): Promise<TitleInfo> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/user/titles',
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/user/titles', () => {
  it('gives a new user the first title and what the next one needs', async () => {
    expect(await titles(await userWith(0))).toEqual({
      current_title: { name: 'APPRENTICE', image_url: '/images/titles/apprentice.svg' },
      next_title: { name: 'ARTISAN', image_url: '/images/titles/artisan.svg' },
      points_for_next_title: 5000,
      total_points: 0,
    });
  });

  it('follows the user’s total points, a title reached on its exact threshold', async () => {
    expect(await titles(await userWith(14_999))).toMatchObject({
      current_title: { name: 'ARTISAN' },
      next_title: { name: 'CONNOISSEUR' },
      points_for_next_title: 1,
      total_points: 14_999,
    });
    expect(await titles(await userWith(15_000))).toMatchObject({
      current_title: { name: 'CONNOISSEUR' },
      next_title: { name: 'EXPERT' },
      points_for_next_title: 15_000,
    });
  });

  it('agrees with the current title of GET /api/user', async () => {
    const user = await userWith(61_000);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(user.token),
    });
    expect((await titles(user)).current_title).toEqual(res.json().current_title);
  });

  it('has no next title at the top of the ladder, and nothing left to earn', async () => {
    expect(await titles(await userWith(250_000))).toEqual({
      current_title: { name: 'AURÈLE LEGEND', image_url: '/images/titles/legend.svg' },
      next_title: null,
      points_for_next_title: 0,
      total_points: 250_000,
    });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/titles' });
    expect(res.statusCode).toBe(401);
  });
});
