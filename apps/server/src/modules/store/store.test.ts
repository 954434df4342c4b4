import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { planOf } from '../../../test/query-plan';
import { findOrCreateStore } from '../user/user-provisioning.repository';
import { listStoresQuery } from './store.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const at = new Date().toISOString();
  for (const [name, city, country] of [
    ['Maison Vendôme', 'Paris', 'France'],
    ['Ginza Tower', 'Tokyo', 'Japan'],
    ['Boutique Bellecour', 'Lyon', 'France'],
    ['Atelier Saint-Honoré', 'Paris', 'France'],
    ['Bahnhofstrasse', 'Zürich', 'Switzerland'],
  ] as const) {
    await findOrCreateStore(ctx.db, {
      name,
      city,
      country,
      timezone: 'Europe/Paris',
      created_at: at,
    });
  }
});
afterAll(() => ctx.close());

describe('GET /api/stores', () => {
  it('lists every store by country, city and name, with only its id, name, city and country', async () => {
    // The helpers' user works at the Boutique Rhône in Genève.
    const user = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/stores',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((s: { name: string }) => s.name)).toEqual([
      'Boutique Bellecour',
      'Atelier Saint-Honoré',
      'Maison Vendôme',
      'Ginza Tower',
      'Boutique Rhône',
      'Bahnhofstrasse',
    ]);
    for (const store of data)
      expect(Object.keys(store).sort()).toEqual(['city', 'country', 'id', 'name']);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: 'Boutique Bellecour',
      city: 'Lyon',
      country: 'France',
    });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stores' });
    expect(res.statusCode).toBe(401);
  });

  it('reads the stores in order from the (country, city, name) index', async () => {
    expect(await planOf(ctx.db, listStoresQuery(ctx.db))).toMatch(/stores_place_index/);
  });
});
