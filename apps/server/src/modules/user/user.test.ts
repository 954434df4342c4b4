import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';

let ctx: TestContext;
let claire: TestUser;
let marc: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db
    .insertInto('titles')
    .values([
      {
        key: 'apprentice',
        name: 'APPRENTICE',
        min_points: 0,
        image: '/images/titles/apprentice.svg',
      },
      { key: 'artisan', name: 'ARTISAN', min_points: 5000, image: '/images/titles/artisan.svg' },
    ])
    .execute();
  claire = await createUser(ctx, {
    email: 'claire@example.com',
    firstName: 'Claire',
    lastName: 'Dubois',
  });
  marc = await createUser(ctx, { email: 'marc@example.com', firstName: 'Marc' });
});
afterAll(() => ctx.close());

const put = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(user.token), payload });

const validProfile = { first_name: 'Claire', last_name: 'Dubois', email: 'claire@example.com' };

describe('GET /api/user', () => {
  it('returns the signed-in user with store, title, points and the default avatar', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(claire.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: claire.id,
      first_name: 'Claire',
      last_name: 'Dubois',
      name: 'Claire Dubois',
      email: 'claire@example.com',
      username: null,
      website: null,
      role: 'staff',
      profile_picture: null,
      profile_picture_url: '/images/avatar-default.svg',
      store: {
        id: expect.any(Number),
        name: 'Boutique Rhône',
        city: 'Genève',
        country: 'Switzerland',
      },
      current_title: { name: 'APPRENTICE', image_url: '/images/titles/apprentice.svg' },
      total_points: 0,
    });
  });
});

describe('PUT /api/user', () => {
  it('updates the profile fields and returns the user', async () => {
    const res = await put(claire, {
      first_name: ' Claire ',
      last_name: 'Dubois-Favre',
      username: 'claire.d',
      email: 'Claire@Example.com',
      website: 'https://claire.example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Claire',
      last_name: 'Dubois-Favre',
      username: 'claire.d',
      email: 'claire@example.com',
      website: 'https://claire.example.com',
    });
  });

  it('ignores role, points and any other field', async () => {
    const res = await put(claire, {
      ...validProfile,
      role: 'admin',
      total_points: 999_999,
      id: marc.id,
      store_id: 99,
    });
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', claire.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('staff');
    expect(row.total_points).toBe(0);
    const other = await ctx.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', marc.id)
      .executeTakeFirstOrThrow();
    expect(other.first_name).toBe('Marc');
  });

  it('answers 422 with a message for each invalid field', async () => {
    const res = await put(claire, {
      first_name: '',
      last_name: 'x'.repeat(81),
      email: 'not-an-email',
      website: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(errors.first_name).toEqual(['The first name field is required.']);
    expect(errors.last_name).toEqual(['The last name may not be greater than 80 characters.']);
    expect(errors.email).toEqual(['The email must be a valid email address.']);
    expect(errors.website).toEqual(['The website must be a valid URL.']);
    expect(message).toBe('The first name field is required.');
  });

  it("refuses another user's email or username", async () => {
    await put(marc, {
      first_name: 'Marc',
      last_name: 'Rey',
      email: 'marc@example.com',
      username: 'marc',
    });
    const email = await put(claire, { ...validProfile, email: 'MARC@example.com' });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors.email).toEqual(['The email has already been taken.']);
    const username = await put(claire, { ...validProfile, username: 'marc' });
    expect(username.statusCode).toBe(422);
    expect(username.json().errors.username).toEqual(['The username has already been taken.']);
  });

  it('refuses a body that is not an object', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...bearer(claire.token), 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/user', payload: validProfile });
    expect(res.statusCode).toBe(401);
  });
});
