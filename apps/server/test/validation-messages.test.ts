import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from './helpers';

/**
 * Every 422 reads as a person would write it: Laravel's sentences from the server's catalog, never
 * a validation library's default wording.
 */

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ content: true, config: { apiRateLimit: 0 } });
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

/** Wording of zod (3 and 4), ajv and the like, which no client should ever read. */
const LIBRARY_WORDING =
  /invalid input|expected|received|too big|too small|invalid option|invalid enum|invalid string|invalid email|unrecognized key|invalid key|invalid element|invalid format|invalid type|must be one of "|must match|must have required property|should be|\bnan\b|undefined|<=|>=|^required$/i;

/** A sentence: a capital, words, a full stop; a field message says "The …". */
const SENTENCE = /^[A-Z][^\n]*\.$/;

function messagesOf(res: LightMyRequestResponse): string[] {
  const body = res.json<{ message: string; errors?: Record<string, string[]> }>();
  return [body.message, ...Object.values(body.errors ?? {}).flat()];
}

/**
 * A 422 whose messages are all sentences free of library wording; with `catalog`, each field's
 * message is also one of the catalog's "The …" sentences (a schema's own message may be worded
 * otherwise).
 */
function expectHuman(res: LightMyRequestResponse, request: string, catalog = true) {
  expect(res.statusCode, request).toBe(422);
  const body = res.json<{ message: string; errors?: Record<string, string[]> }>();
  for (const message of messagesOf(res)) {
    expect(message, request).toMatch(SENTENCE);
    expect(message, request).not.toMatch(LIBRARY_WORDING);
  }
  for (const [field, fieldMessages] of Object.entries(body.errors ?? {})) {
    expect(fieldMessages.length, request).toBeGreaterThan(0);
    if (catalog)
      for (const message of fieldMessages) expect(message, `${request} ${field}`).toMatch(/^The /);
  }
}

const request = (options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { ...bearer(user.token), ...options.headers } });

const json = { 'content-type': 'application/json' };

describe('POST /api/login', () => {
  const login = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });

  it('says which fields are missing', async () => {
    const res = await login({});
    expectHuman(res, 'login {}');
    expect(res.json()).toEqual({
      message: 'The email field is required.',
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('says which fields have the wrong type, not that they are missing', async () => {
    const res = await login({ email: 42, password: ['x'] });
    expectHuman(res, 'login of wrong types');
    expect(res.json().errors).toEqual({
      email: ['The email must be a string.'],
      password: ['The password must be a string.'],
    });
  });

  it('says an email is malformed, or too long', async () => {
    const malformed = await login({ email: 'claire.example.com', password: 'x' });
    expectHuman(malformed, 'login with a malformed email');
    expect(malformed.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
    });
    const long = await login({ email: `${'a'.repeat(250)}@example.com`, password: 'x' });
    expectHuman(long, 'login with a long email');
    expect(long.json().errors.email).toContain('The email may not be greater than 254 characters.');
  });

  it('reads a blank or null field as a missing one', async () => {
    const res = await login({ email: '  ', password: null });
    expectHuman(res, 'login with blanks');
    expect(res.json().errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('reads no body, or an empty JSON body, as an empty form', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/login' });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: '',
    });
    for (const res of [none, empty]) {
      expectHuman(res, 'login without a body');
      expect(Object.keys(res.json().errors)).toEqual(['email', 'password']);
    }
  });

  it('says a body that is not an object must be one', async () => {
    for (const payload of ['"just a string"', '[1, 2]', '42', 'null', 'true']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload,
      });
      expectHuman(res, `login with ${payload}`);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    }
  });
});

describe('PUT /api/user', () => {
  it('names every field with its problem', async () => {
    const res = await request({
      method: 'PUT',
      url: '/api/user',
      payload: {
        first_name: 5,
        last_name: 'x'.repeat(81),
        email: 'not-an-email',
        username: 'has spaces',
        website: 3,
      },
    });
    expectHuman(res, 'PUT /api/user');
    expect(res.json()).toEqual({
      message: 'The first name must be a string.',
      errors: {
        first_name: ['The first name must be a string.'],
        last_name: ['The last name may not be greater than 80 characters.'],
        username: ['The username may only contain letters, numbers, dots, dashes and underscores.'],
        email: ['The email must be a valid email address.'],
        website: ['The website must be a string.'],
      },
    });
  });

  it('refuses a text with a NUL character as a field of the wrong format, and changes nothing', async () => {
    const before = (await request({ method: 'GET', url: '/api/user' })).json();
    const payload = { first_name: 'Ana\u0000', last_name: 'Lee', email: user.email };
    const res = await request({ method: 'PUT', url: '/api/user', payload });
    expectHuman(res, 'PUT /api/user with a NUL');
    expect(res.json().errors).toEqual({ first_name: ['The first name format is invalid.'] });
    expect((await request({ method: 'GET', url: '/api/user' })).json()).toEqual(before);
    const named = await request({
      method: 'PUT',
      url: '/api/user',
      payload: { ...payload, first_name: 'Ana' },
    });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('lists the required fields when the body is empty', async () => {
    const res = await request({ method: 'PUT', url: '/api/user', payload: {} });
    expectHuman(res, 'PUT /api/user {}');
    expect(res.json().errors).toEqual({
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
    });
  });

  it('states in the OpenAPI document which fields it requires', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const schema = res.json().paths['/api/user'].put.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['first_name', 'last_name', 'email']);
    expect(Object.keys(schema.properties).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'username',
      'website',
    ]);
  });
});

describe('GET /api/quiz/generate', () => {
  it('answers a bad query with human messages', async () => {
    for (const query of [
      '',
      '?difficulty=insane',
      '?difficulty=easy&question_count=0',
      '?difficulty=easy&question_count=11',
      '?difficulty=easy&question_count=abc',
      '?difficulty=easy&question_count=1.5',
      '?difficulty=easy&difficulty=hard',
      '?difficulty=easy&category_id=%3Cscript%3E',
    ]) {
      const res = await request({ method: 'GET', url: `/api/quiz/generate${query}` });
      expectHuman(res, `generate${query}`);
    }
    const res = await request({ method: 'GET', url: '/api/quiz/generate?difficulty=insane' });
    expect(res.json().errors).toEqual({ difficulty: ['The selected difficulty is invalid.'] });
  });
});

describe('POST /api/quiz/check-answer', () => {
  it('answers fields of the wrong type with human messages', async () => {
    const res = await request({
      method: 'POST',
      url: '/api/quiz/check-answer',
      payload: { question_id: 'one', mode: 5, answer: { id: 1 }, attempt_id: [] },
    });
    expectHuman(res, 'check-answer of wrong types');
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'answer',
      'attempt_id',
      'mode',
      'question_id',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every route of the OpenAPI document, with malformed input of every kind.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Values that are wrong for some field, whatever the field. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  '   ',
  'text',
  'x'.repeat(5000),
  '<script>',
  'a\u0000b',
  [],
  ['x'],
  [{}],
  {},
  { nested: 1 },
];
const WRONG_PARAMS = ['', 'abc', '-1', '0', '1.5', '1e3', '99999999999', 'x'.repeat(300), '%00'];
const WRONG_BODIES = ['', 'null', 'true', '42', '"text"', '[]', '[{}]', '{}'];

/** Objects that get one field (or one field of an item of a list) wrong at a time. */
function wrongObjects(schema: JsonSchema | undefined): unknown[] {
  const bodies: unknown[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    for (const value of WRONG_VALUES) bodies.push({ [name]: value });
    const item = property.items ?? property.anyOf?.find((s) => s.items)?.items;
    for (const inner of wrongObjects(item)) bodies.push({ [name]: [inner] });
    bodies.push({ [name]: Array.from({ length: 101 }, () => ({})) });
  }
  return bodies;
}

describe('every route of the OpenAPI document', () => {
  it('answers malformed input with human messages only', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const tried: string[] = [];
    const refused = new Set<string>();

    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${template}`;
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        // Nothing to validate (and some, like logout, would end the session).
        if (parameters.length === 0 && !operation.requestBody) continue;

        const withPath = (value: string) =>
          template.replace(/\{[^}]+\}/g, encodeURIComponent(value));
        const attempts: InjectOptions[] = [];
        for (const value of WRONG_PARAMS) {
          if (template.includes('{')) attempts.push({ url: withPath(value) });
          for (const param of parameters.filter((p) => p.in === 'query')) {
            const query = `${encodeURIComponent(param.name)}=${encodeURIComponent(value)}`;
            attempts.push({ url: `${withPath('1')}?${query}` });
            attempts.push({ url: `${withPath('1')}?${query}&${query}` });
          }
        }
        if (operation.requestBody) {
          attempts.push({ url: withPath('1') });
          for (const payload of WRONG_BODIES)
            attempts.push({ url: withPath('1'), headers: json, payload });
          for (const payload of wrongObjects(bodySchema))
            attempts.push({ url: withPath('1'), headers: json, payload: JSON.stringify(payload) });
        }

        for (const attempt of attempts) {
          const label = `${route} ${attempt.url} ${String(attempt.payload ?? '').slice(0, 80)}`;
          // A fresh session each time: no attempt may depend on what the one before did.
          const token = await ctx.app.auth.issueToken(user.id, 'test');
          const res = await ctx.app.inject({
            ...attempt,
            method: method.toUpperCase() as InjectOptions['method'],
            headers: { ...bearer(token), ...attempt.headers },
          });
          tried.push(label);
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode !== 422) continue;
          refused.add(route);
          expectHuman(res, label, false);
        }
      }
    }

    expect(tried.length).toBeGreaterThan(200);
    expect([...refused].sort()).toEqual(
      expect.arrayContaining([
        'GET /api/quiz/generate',
        'POST /api/login',
        'POST /api/quiz/check-answer',
        'PUT /api/user',
      ]),
    );
  });
});
