import { describe, expect, it } from 'vitest';
import { bearer, createUser, useTestApp } from '../../../test/helpers';
import { credit } from '../points/points.service';

const ctx = useTestApp({ content: true });

describe('GET /api/user/stats', () => {
  it('gives the user’s points, duels won/lost and daily streak', async () => {
    const user = await createUser(ctx);
    await ctx.db
      .transaction()
      .execute((trx) =>
        credit(trx, { userId: user.id, amount: 1250, reason: 'admin', reference: 'welcome' }),
      );
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/stats',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ points: 1250, ratio: '0/0', streaks: 0 });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/stats' });
    expect(res.statusCode).toBe(401);
  });
});
