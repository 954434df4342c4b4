import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer';

const person = z.object({
  id: z.number().int(),
  name: z.string(),
  store: z.object({ id: z.number().int(), city: z.string() }).nullable(),
  nickname: z.string().optional(),
});

const compile = (schema: unknown, crossCheck = false) =>
  responseSerializer(crossCheck)({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never);

describe('the response serializer', () => {
  it('writes only the fields the schema names, at any depth', () => {
    const write = compile(person);
    const row = {
      id: 7,
      name: 'Claire',
      password_hash: 'secret',
      store: { id: 1, city: 'Genève', manager_email: 'boss@example.com' },
    };
    expect(JSON.parse(write(row))).toEqual({
      id: 7,
      name: 'Claire',
      store: { id: 1, city: 'Genève' },
    });
    expect(write(row)).not.toMatch(/secret|boss/);
    expect(JSON.parse(write({ id: 8, name: 'Marc', store: null, nickname: 'M' }))).toEqual({
      id: 8,
      name: 'Marc',
      store: null,
      nickname: 'M',
    });
  });

  it('refuses a body that lacks a required field', () => {
    expect(() => compile(person)({ id: 7, store: null })).toThrow();
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    expect(compile(dated)({ at: new Date('2026-11-24T10:00:00Z') })).toBe(
      '{"at":"2026-11-24T10:00:00.000Z"}',
    );
    expect(() => compile(dated)({ at: '2026-11-24' })).toThrow();
  });

  it('in tests, refuses a body the schema refuses, even where the compiled writer would cope', () => {
    const body = { id: '7', name: 'Claire', store: null };
    expect(JSON.parse(compile(person)(body))).toMatchObject({ id: 7 });
    expect(() => compile(person, true)(body)).toThrow();
  });
});
