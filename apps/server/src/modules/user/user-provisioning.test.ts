import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { verifyPassword } from '../auth/password';
import { createUser, importUsersCsv, setPassword } from './user-provisioning.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const options = { defaultTimeZone: 'Europe/Zurich' };
const header = 'email,first_name,last_name,store_name,store_city,store_country,role,password';
const userCount = async () => (await ctx.db.selectFrom('users').select('id').execute()).length;

describe('importUsersCsv', () => {
  it('creates users and their stores, with the time zone of the country', async () => {
    const report = await importUsersCsv(
      ctx.db,
      [
        header,
        'ana@example.com,Ana,Costa,Boutique Ginza,Tokyo,Japan,,s3cret-pass',
        '"ben@example.com","Ben","O\'Neil, Jr",Boutique Ginza,Tokyo,Japan,admin,',
        'cleo@example.com,Cléo,Martin,Boutique Vendôme,Paris,France,staff,',
      ].join('\n'),
      options,
    );
    expect(report).toEqual({
      ok: true,
      created: 3,
      updated: 0,
      storesCreated: 2,
      withoutPassword: ['ben@example.com', 'cleo@example.com'],
    });
    const ben = await ctx.db
      .selectFrom('users')
      .innerJoin('stores', 'stores.id', 'users.store_id')
      .select(['users.last_name', 'users.role', 'stores.timezone'])
      .where('email', '=', 'ben@example.com')
      .executeTakeFirstOrThrow();
    expect(ben).toEqual({ last_name: "O'Neil, Jr", role: 'admin', timezone: 'Asia/Tokyo' });
    const ana = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(ana.password_hash, 's3cret-pass')).toBe(true);
  });

  it('updates existing users matched by email, case-insensitively, and is safe to run again', async () => {
    const csv = `${header}\nANA@example.com,Ana,Costa-Lima,Boutique Ginza,Tokyo,Japan,staff,`;
    const before = await userCount();
    expect(await importUsersCsv(ctx.db, csv, options)).toMatchObject({
      ok: true,
      created: 0,
      updated: 1,
      storesCreated: 0,
    });
    expect(await importUsersCsv(ctx.db, csv, options)).toMatchObject({
      ok: true,
      created: 0,
      updated: 1,
    });
    expect(await userCount()).toBe(before);
    const ana = await ctx.db
      .selectFrom('users')
      .select(['last_name', 'password_hash'])
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow();
    expect(ana.last_name).toBe('Costa-Lima');
    // A blank password keeps the one the user has.
    expect(await verifyPassword(ana.password_hash, 's3cret-pass')).toBe(true);
  });

  it('reports every bad line and applies none of the file', async () => {
    const before = await userCount();
    const report = await importUsersCsv(
      ctx.db,
      [
        header,
        'good@example.com,Good,Person,Boutique Rhône,Genève,Switzerland,,',
        'not-an-email,Bad,Email,Boutique Rhône,Genève,Switzerland,,',
        'x@example.com,,Nameless,Boutique Rhône,Genève,Switzerland,,',
        'y@example.com,Y,Role,Boutique Rhône,Genève,Switzerland,owner,',
        'z@example.com,Z,Short,Boutique Rhône,Genève,Switzerland,,abc',
        'good@example.com,Again,Twice,Boutique Rhône,Genève,Switzerland,,',
        'few@example.com,Too,Few',
      ].join('\n'),
      options,
    );
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.errors).toEqual([
      'line 3: email is not a valid address',
      'line 4: first_name is required',
      'line 5: role must be one of staff, admin',
      'line 6: password must have at least 8 characters',
      'line 7: good@example.com already appears on line 2',
      'line 8: expected 8 fields, found 3',
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses an unknown or a missing column', async () => {
    const report = await importUsersCsv(
      ctx.db,
      'email,first_name,last_name,store_name,store_city,salary\n',
      options,
    );
    expect(report).toEqual({
      ok: false,
      errors: ['line 1: unknown column "salary"', 'line 1: missing column "store_country"'],
    });
  });

  it('refuses an empty file', async () => {
    expect(await importUsersCsv(ctx.db, '', options)).toEqual({
      ok: false,
      errors: ['line 1: the file is empty'],
    });
  });
});

describe('createUser and setPassword', () => {
  it('creates a user once and refuses the same email again', async () => {
    const input = {
      email: 'Dora@Example.com',
      firstName: 'Dora',
      lastName: 'Klein',
      password: 'long enough',
    };
    await createUser(ctx.db, input, 'Europe/Zurich');
    await expect(createUser(ctx.db, input, 'Europe/Zurich')).rejects.toThrow(
      'dora@example.com already has an account.',
    );
  });

  it('changes the password and closes every session', async () => {
    const id = await createUser(
      ctx.db,
      { email: 'eve@example.com', firstName: 'Eve', lastName: 'Roy', password: 'first password' },
      'UTC',
    );
    const token = await ctx.app.auth.issueToken(id, 'test');
    await setPassword(ctx.db, 'EVE@example.com', 'second password');
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'second password')).toBe(true);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a short password and an unknown email', async () => {
    await expect(setPassword(ctx.db, 'eve@example.com', 'short')).rejects.toThrow(
      'at least 8 characters',
    );
    await expect(setPassword(ctx.db, 'nobody@example.com', 'long enough')).rejects.toThrow(
      'No account for nobody@example.com.',
    );
  });
});
