import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';
import { planOf } from '../../../test/query-plan';
import { storeCompletionsQuery } from './training.repository';

let ctx: TestContext;
let moduleIds: number[];
beforeAll(async () => {
  ctx = await createTestApp({ content: true });
  moduleIds = (await ctx.db.selectFrom('training_modules').select('id').execute()).map((m) => m.id);
});
afterAll(() => ctx.close());

async function complete(user: TestUser, count = moduleIds.length) {
  for (const moduleId of moduleIds.slice(0, count)) {
    await ctx.db
      .insertInto('training_completions')
      .values({ user_id: user.id, module_id: moduleId, completed_at: new Date().toISOString() })
      .execute();
  }
}

async function moveTo(user: TestUser, storeName: string | null) {
  let storeId: number | null = null;
  if (storeName) {
    const store = await ctx.db
      .insertInto('stores')
      .values({
        name: storeName,
        city: 'Paris',
        country: 'France',
        timezone: 'Europe/Paris',
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['name', 'city', 'country']).doUpdateSet({ name: storeName }))
      .returning('id')
      .executeTakeFirstOrThrow();
    storeId = store.id;
  }
  await ctx.db.updateTable('users').set({ store_id: storeId }).where('id', '=', user.id).execute();
}

async function completions(user: TestUser) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/training/store-completions',
    headers: bearer(user.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/training/store-completions', () => {
  it('counts the colleagues of the user’s store who completed every module, the user aside', async () => {
    expect(moduleIds).toHaveLength(5);
    // All of them work at the helpers' Boutique Rhône.
    const [me, done, almost, beginner, elsewhere] = [
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
      await createUser(ctx),
    ];
    await moveTo(me, 'Boutique Saint-Honoré');
    for (const colleague of [done, almost, beginner])
      await moveTo(colleague, 'Boutique Saint-Honoré');
    await complete(me);
    await complete(done);
    await complete(almost, 4);
    // Another store's staff never count, whatever they completed.
    await complete(elsewhere);

    expect(await completions(me)).toEqual({ completed: 1, total: 3 });
    expect(await completions(done)).toEqual({ completed: 1, total: 3 });
    expect(await completions(beginner)).toEqual({ completed: 2, total: 3 });
  });

  it('gives a user alone in a store, or without one, nothing to count', async () => {
    const alone = await createUser(ctx);
    await moveTo(alone, 'Boutique Solitaire');
    await complete(alone);
    expect(await completions(alone)).toEqual({ completed: 0, total: 0 });

    const nomad = await createUser(ctx);
    await moveTo(nomad, null);
    expect(await completions(nomad)).toEqual({ completed: 0, total: 0 });
    // Nor do the other users without a store count as colleagues.
    const another = await createUser(ctx);
    await moveTo(another, null);
    await complete(another);
    expect(await completions(nomad)).toEqual({ completed: 0, total: 0 });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/training/store-completions' });
    expect(res.statusCode).toBe(401);
  });

  it('is one query counting each colleague’s completions on the (user_id, module_id) index', async () => {
    const plan = await planOf(ctx.db, storeCompletionsQuery(ctx.db, 1));
    expect(plan).toMatch(
      /training_completions_once_unique|sqlite_autoindex_training_completions_1/,
    );
    expect(plan).toMatch(/users_store/);
  });
});
