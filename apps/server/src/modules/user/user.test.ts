import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@app/contract/user';
import { forgetContent } from '../../db/held-content';
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

  it('answers anew once the profile, the points or the ladder of titles change', async () => {
    const nina = await createUser(ctx, { email: 'nina@example.com', firstName: 'Nina' });
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(nina.token) })
      ).json<User>();
    const before = await read();
    expect(before).toMatchObject({ total_points: 0, current_title: { name: 'APPRENTICE' } });
    expect(await read()).toEqual(before);

    const { last_name, email } = before;
    const renamed = await put(nina, { first_name: 'Nadia', last_name, email });
    expect(renamed.statusCode).toBe(200);
    expect((await read()).first_name).toBe('Nadia');

    await ctx.db
      .updateTable('users')
      .set({ total_points: 6000 })
      .where('id', '=', nina.id)
      .execute();
    expect(await read()).toMatchObject({ total_points: 6000, current_title: { name: 'ARTISAN' } });

    // An import renames a title: the next answer shows it.
    await ctx.db
      .updateTable('titles')
      .set({ name: 'MASTER ARTISAN' })
      .where('key', '=', 'artisan')
      .execute();
    forgetContent(ctx.db);
    expect((await read()).current_title?.name).toBe('MASTER ARTISAN');
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

  it('ignores every field a user may not set: role, points, id, verification, picture, password', async () => {
    const before = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', claire.id)
      .executeTakeFirstOrThrow();
    const res = await put(claire, {
      ...validProfile,
      role: 'admin',
      total_points: 1_000_000,
      id: marc.id,
      email_verified: true,
      email_verified_at: '2020-01-01T00:00:00Z',
      profile_picture: '../../etc/passwd',
      profile_picture_url: 'https://evil.example.com/x.png',
      store_id: 999,
      password: 'new password 123',
      password_hash: 'x',
      points_updated_at: '1970-01-01T00:00:00Z',
      created_at: '1970-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: claire.id,
      role: 'staff',
      total_points: 0,
      profile_picture: null,
      profile_picture_url: '/images/avatar-default.svg',
    });
    expect(body).not.toHaveProperty('email_verified');
    const after = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', claire.id)
      .executeTakeFirstOrThrow();
    expect({ ...after, updated_at: before.updated_at }).toEqual(before);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'claire@example.com', password: claire.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the email unique, and the username whatever its case, with a message for each field', async () => {
    await put(marc, {
      first_name: 'Marc',
      last_name: 'Rey',
      email: 'marc@example.com',
      username: 'Marc.Rey',
    });
    const res = await put(claire, {
      ...validProfile,
      email: ' MARC@EXAMPLE.COM ',
      username: 'marc.rey',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email has already been taken.',
      errors: {
        email: ['The email has already been taken.'],
        username: ['The username has already been taken.'],
      },
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', claire.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('claire@example.com');
  });

  it('lets users keep their own email and username, in another case too', async () => {
    expect(
      (
        await put(marc, {
          first_name: 'Marc',
          last_name: 'Rey',
          email: 'marc@example.com',
          username: 'Marc.Rey',
        })
      ).statusCode,
    ).toBe(200);
    const res = await put(marc, {
      first_name: 'Marc',
      last_name: 'Rey',
      email: 'MARC@example.com',
      username: 'marc.rey',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'marc@example.com', username: 'marc.rey' });
  });

  it('words the message of each field', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ first_name: 'Claire', last_name: 'Dubois' }, { email: ['The email field is required.'] }],
      [
        { ...validProfile, first_name: 42, last_name: null },
        {
          first_name: ['The first name must be a string.'],
          last_name: ['The last name field is required.'],
        },
      ],
      [
        { ...validProfile, username: 'claire dubois!' },
        {
          username: [
            'The username may only contain letters, numbers, dots, dashes and underscores.',
          ],
        },
      ],
      [
        { ...validProfile, username: 'c'.repeat(41), email: `${'c'.repeat(250)}@example.com` },
        {
          username: ['The username may not be greater than 40 characters.'],
          email: ['The email may not be greater than 254 characters.'],
        },
      ],
      [
        { ...validProfile, website: 'claire.example.com' },
        { website: ['The website must be a valid URL.'] },
      ],
      [{ ...validProfile, email: '   ' }, { email: ['The email field is required.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await put(claire, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
  });

  it('clears the username and website when sent blank or null', async () => {
    await put(claire, {
      ...validProfile,
      username: 'claire',
      website: 'https://claire.example.com',
    });
    const res = await put(claire, { ...validProfile, username: '  ', website: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: null, website: null });
  });

  it('finds the user under the new name in the people list', async () => {
    await put(claire, { ...validProfile, first_name: 'Clàire', last_name: 'Ødegaard' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?q=odegaard',
      headers: bearer(marc.token),
    });
    expect(res.json().data.map((u: { id: number }) => u.id)).toEqual([claire.id]);
    await put(claire, validProfile);
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
