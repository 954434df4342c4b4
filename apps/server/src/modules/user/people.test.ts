import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Colleague, UsersResponse } from '@app/contract/user';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';
import { planOf } from '../../../test/query-plan';
import { findOrCreateStore, insertUser } from './user-provisioning.repository';
import { countPeopleQuery, listPeopleQuery } from './people.repository';
import { peopleFilters } from './people.service';

let ctx: TestContext;
let viewer: TestUser;
const stores: Record<'rhone' | 'paris' | 'lyon' | 'ginza', number> = {
  rhone: 0,
  paris: 0,
  lyon: 0,
  ginza: 0,
};

async function store(name: string, city: string, country: string): Promise<number> {
  const { id } = await findOrCreateStore(ctx.db, {
    name,
    city,
    country,
    timezone: 'Europe/Zurich',
    created_at: new Date().toISOString(),
  });
  return id;
}

async function person(first: string, last: string, storeId: number | null, points = 0) {
  const id = await insertUser(ctx.db, {
    email: `${first}.${last}@example.com`.toLowerCase().replace(/[^a-z.@]/g, ''),
    first_name: first,
    last_name: last,
    role: 'staff',
    store_id: storeId,
    password_hash: 'not a hash',
    at: new Date().toISOString(),
  });
  await ctx.db.updateTable('users').set({ total_points: points }).where('id', '=', id).execute();
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  // Claire Dubois, of the Boutique Rhône in Genève (the helpers' store).
  viewer = await createUser(ctx, { email: 'claire@example.com', lastName: 'Dubois' });
  stores.rhone = await store('Boutique Rhône', 'Genève', 'Switzerland');
  stores.paris = await store('Maison Vendôme', 'Paris', 'France');
  stores.lyon = await store('Boutique Bellecour', 'Lyon', 'France');
  stores.ginza = await store('Ginza Tower', 'Tokyo', 'Japan');
  await person('Élodie', 'de Rivaz', stores.rhone, 1200);
  await person('Zoé', 'Zurbriggen', stores.rhone, 300);
  await person('Hélène', 'Marchand', stores.paris, 5000);
  await person('Anne', 'Dubois-Favre', stores.paris, 50);
  await person('Émile', 'Olivier', stores.lyon, 80);
  await person('Kenji', 'Sato', stores.ginza, 900);
  await person('Marc', 'Rey', null, 10);
  // What others may never read about a colleague.
  await ctx.db
    .updateTable('users')
    .set({ username: 'claire.secret', website: 'https://claire.example.com', role: 'admin' })
    .where('id', '=', viewer.id)
    .execute();
});
afterAll(() => ctx.close());

async function users(query = ''): Promise<UsersResponse> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/users${query}`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (page: UsersResponse) => page.data.map((c: Colleague) => c.name);

describe('GET /api/users', () => {
  it('never shows an email, a username, a role, a website or any other private field', async () => {
    const page = await users('?per_page=100');
    expect(page.total).toBe(8);
    for (const row of page.data) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'first_name',
          'id',
          'last_name',
          'name',
          'profile_picture_url',
          'store',
          'total_points',
        ].sort(),
      );
      if (row.store)
        expect(Object.keys(row.store).sort()).toEqual(['city', 'country', 'id', 'name']);
      for (const value of Object.values(row)) {
        expect(JSON.stringify(value)).not.toMatch(/@|claire\.secret|https:|admin|password|hash/i);
      }
    }
    const claire = page.data.find((c) => c.id === viewer.id)!;
    expect(claire).toEqual({
      id: viewer.id,
      first_name: 'Claire',
      last_name: 'Dubois',
      name: 'Claire Dubois',
      profile_picture_url: '/images/avatar-default.svg',
      store: { id: stores.rhone, name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' },
      total_points: 0,
    });
    expect(page.data.find((c) => c.name === 'Marc Rey')!.store).toBeNull();
  });

  it('sorts by last name then first name as a reader does: particles and accents in place', async () => {
    expect(names(await users('?per_page=100'))).toEqual([
      'Élodie de Rivaz',
      'Claire Dubois',
      'Anne Dubois-Favre',
      'Hélène Marchand',
      'Émile Olivier',
      'Marc Rey',
      'Kenji Sato',
      'Zoé Zurbriggen',
    ]);
    expect(names(await users('?sort=name&order=desc'))).toEqual([
      'Zoé Zurbriggen',
      'Kenji Sato',
      'Marc Rey',
      'Émile Olivier',
      'Hélène Marchand',
      'Anne Dubois-Favre',
      'Claire Dubois',
      'Élodie de Rivaz',
    ]);
  });

  it('sorts by country or by store, by name within a store, users without a store last', async () => {
    expect(names(await users('?sort=country'))).toEqual([
      // France: Lyon, then Paris.
      'Émile Olivier',
      'Anne Dubois-Favre',
      'Hélène Marchand',
      'Kenji Sato',
      'Élodie de Rivaz',
      'Claire Dubois',
      'Zoé Zurbriggen',
      'Marc Rey',
    ]);
    expect(names(await users('?sort=country&order=desc'))).toEqual([
      'Élodie de Rivaz',
      'Claire Dubois',
      'Zoé Zurbriggen',
      'Kenji Sato',
      'Anne Dubois-Favre',
      'Hélène Marchand',
      'Émile Olivier',
      'Marc Rey',
    ]);
    expect(names(await users('?sort=store'))).toEqual([
      'Émile Olivier',
      'Élodie de Rivaz',
      'Claire Dubois',
      'Zoé Zurbriggen',
      'Kenji Sato',
      'Anne Dubois-Favre',
      'Hélène Marchand',
      'Marc Rey',
    ]);
  });

  it('finds a name whatever its case and accents, on both engines', async () => {
    for (const q of ['Hélène', 'hélène', 'HÉLÈNE', 'helene', 'HELENE', 'lène']) {
      expect(names(await users(`?q=${encodeURIComponent(q)}`)), q).toEqual(['Hélène Marchand']);
    }
    for (const q of ['élodie', 'ÉLODIE', 'elodie de rivaz', 'De Rivaz Élodie', 'DE RIVAZ']) {
      expect(names(await users(`?q=${encodeURIComponent(q)}`)), q).toEqual(['Élodie de Rivaz']);
    }
  });

  it('finds a first name, a last name or a full name, in either order', async () => {
    expect(names(await users('?q=dubois'))).toEqual(['Claire Dubois', 'Anne Dubois-Favre']);
    expect(names(await users('?q=claire%20dubois'))).toEqual(['Claire Dubois']);
    expect(names(await users('?q=Dubois%20Claire'))).toEqual(['Claire Dubois']);
    expect(names(await users('?q=dubois%20favre'))).toEqual(['Anne Dubois-Favre']);
    expect(names(await users('?q=%20%20kenji%20%20'))).toEqual(['Kenji Sato']);
  });

  it('finds the people of a country, a city or a store', async () => {
    expect(names(await users('?q=japan'))).toEqual(['Kenji Sato']);
    expect(names(await users('?q=GENEVE'))).toEqual([
      'Élodie de Rivaz',
      'Claire Dubois',
      'Zoé Zurbriggen',
    ]);
    expect(names(await users('?q=vend%C3%B4me'))).toEqual(['Anne Dubois-Favre', 'Hélène Marchand']);
    expect(names(await users('?q=boutique'))).toEqual([
      'Élodie de Rivaz',
      'Claire Dubois',
      'Émile Olivier',
      'Zoé Zurbriggen',
    ]);
  });

  it('does not read LIKE wildcards in a search', async () => {
    expect((await users('?q=%25')).total).toBe(8);
    expect((await users('?q=_')).total).toBe(8);
    expect(names(await users('?q=d%25s'))).toEqual([]);
    expect(names(await users('?q=sat_'))).toEqual(['Kenji Sato']);
    expect(names(await users('?q=zzz'))).toEqual([]);
  });

  it('filters by countries, cities and stores, each repeatable', async () => {
    expect(names(await users('?country=Japan&country=Switzerland&sort=country'))).toEqual([
      'Kenji Sato',
      'Élodie de Rivaz',
      'Claire Dubois',
      'Zoé Zurbriggen',
    ]);
    expect(names(await users('?city=Lyon&city=Tokyo'))).toEqual(['Émile Olivier', 'Kenji Sato']);
    expect(names(await users(`?store_id=${stores.paris}&store_id=${stores.ginza}`))).toEqual([
      'Anne Dubois-Favre',
      'Hélène Marchand',
      'Kenji Sato',
    ]);
    // Kinds of filters narrow each other; values of one kind are alternatives.
    expect(names(await users('?country=France&city=Paris&city=Tokyo'))).toEqual([
      'Anne Dubois-Favre',
      'Hélène Marchand',
    ]);
    expect(names(await users(`?store_id=${stores.rhone}&q=zoe`))).toEqual(['Zoé Zurbriggen']);
    expect(names(await users('?country=Italy'))).toEqual([]);
  });

  it('matches nobody with a value holding a NUL character, which no name can hold', async () => {
    expect(names(await users('?city=%00'))).toEqual([]);
    expect(names(await users('?country=Fr%00ance&country=Japan'))).toEqual(['Kenji Sato']);
    expect(names(await users('?q=kenji%00'))).toEqual(['Kenji Sato']);
  });

  it('lists the colleagues of a store for the profile page', async () => {
    const page = await users(`?store_id=${stores.rhone}`);
    expect(page.data.every((c) => c.store?.id === stores.rhone)).toBe(true);
    expect(page.total).toBe(3);
  });

  it('pages, with the page, the last page, the page size and the total', async () => {
    const second = await users('?per_page=3&page=2');
    expect(second).toMatchObject({ current_page: 2, last_page: 3, per_page: 3, total: 8 });
    expect(names(second)).toEqual(['Hélène Marchand', 'Émile Olivier', 'Marc Rey']);
    const beyond = await users('?per_page=3&page=9');
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 3, total: 8 });
    const none = await users('?q=nobody');
    expect(none).toMatchObject({ data: [], current_page: 1, last_page: 1, total: 0 });
    expect((await users()).per_page).toBe(20);
  });

  it('refuses a page size over 100, a page below 1, an unknown sort or order', async () => {
    for (const query of [
      '?per_page=101',
      '?per_page=0',
      '?page=0',
      '?page=two',
      '?sort=email',
      '?sort=password_hash',
      '?order=sideways',
      '?store_id=abc',
      `?q=${'x'.repeat(101)}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users${query}`,
        headers: bearer(viewer.token),
      });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message, query).toMatch(/^The /);
    }
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('reads a store’s colleagues, the whole list and a country’s people in order from indexes', async () => {
    const byName = (filters: Parameters<typeof peopleFilters>[0]) =>
      listPeopleQuery(ctx.db, peopleFilters(filters), 'name', 'asc', { limit: 20, offset: 0 });
    expect(await planOf(ctx.db, byName({ store_id: [stores.rhone] }))).toMatch(
      /users_store_name_order_index/,
    );
    expect(await planOf(ctx.db, byName({}))).toMatch(/users_name_order_index/);
    const byCountry = await planOf(
      ctx.db,
      countPeopleQuery(ctx.db, peopleFilters({ country: ['France'] })),
    );
    expect(byCountry).toMatch(/stores_place_index/);
    expect(byCountry).toMatch(/users_store_(name_order_)?index/);
  });
});
