import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attributeName, installValidationMessages } from './validation-messages';

beforeAll(() => installValidationMessages());

/** The messages zod gives for `input`, by field. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

const one = (schema: z.ZodType, input: unknown) =>
  Object.values(messagesOf(z.object({ field_name: schema }), { field_name: input }))[0];

describe('attributeName', () => {
  it('reads a path as Laravel shows an attribute', () => {
    expect(attributeName(['first_name'])).toBe('first name');
    expect(attributeName(['attemptId'])).toBe('attempt id');
    expect(attributeName(['answers', 0, 'mode'])).toBe('answers.0.mode');
    expect(attributeName(['answers', 0, 'question_id'])).toBe('answers.0.question id');
  });
});

describe('the catalog', () => {
  it.each([
    ['a missing field', z.string(), undefined, 'The field name field is required.'],
    ['a null field', z.number(), null, 'The field name field is required.'],
    ['an empty string', z.string().trim().min(1), '  ', 'The field name field is required.'],
    ['a string of the wrong type', z.string(), 42, 'The field name must be a string.'],
    ['a number of the wrong type', z.number(), 'x', 'The field name must be a number.'],
    ['a coerced number', z.coerce.number(), 'abc', 'The field name must be a number.'],
    ['a fraction', z.number().int(), 1.5, 'The field name must be an integer.'],
    ['a boolean', z.boolean(), 'yes', 'The field name field must be true or false.'],
    ['an array', z.array(z.string()), 'x', 'The field name must be an array.'],
    ['an object', z.object({}), 'x', 'The field name must be an object.'],
    [
      'a long string',
      z.string().max(80),
      'x'.repeat(81),
      'The field name may not be greater than 80 characters.',
    ],
    ['a short string', z.string().min(3), 'ab', 'The field name must be at least 3 characters.'],
    [
      'a string of a set length',
      z.string().length(4),
      'abc',
      'The field name must be 4 characters.',
    ],
    ['a number too big', z.number().max(10), 11, 'The field name may not be greater than 10.'],
    ['a number too small', z.number().min(1), 0, 'The field name must be at least 1.'],
    ['a number not positive', z.number().positive(), 0, 'The field name must be greater than 0.'],
    ['a number not below', z.number().lt(5), 5, 'The field name must be less than 5.'],
    [
      'too many items',
      z.array(z.number()).max(2),
      [1, 2, 3],
      'The field name may not have more than 2 items.',
    ],
    ['too few items', z.array(z.number()).min(1), [], 'The field name must have at least 1 item.'],
    ['an email', z.string().email(), 'nope', 'The field name must be a valid email address.'],
    ['an email (top-level)', z.email(), 'nope', 'The field name must be a valid email address.'],
    ['a URL', z.url(), 'nope', 'The field name must be a valid URL.'],
    ['a UUID', z.uuid(), 'nope', 'The field name must be a valid UUID.'],
    ['a pattern', z.string().regex(/^a+$/), 'b', 'The field name format is invalid.'],
    ['a date-time', z.iso.datetime(), 'nope', 'The field name is not a valid date.'],
    ['a prefix', z.string().startsWith('ab'), 'x', 'The field name must start with "ab".'],
    ['a multiple', z.number().multipleOf(5), 7, 'The field name must be a multiple of 5.'],
    ['an enum value', z.enum(['easy', 'hard']), 'insane', 'The selected field name is invalid.'],
    [
      'a missing enum value',
      z.enum(['easy', 'hard']),
      undefined,
      'The field name field is required.',
    ],
    ['a literal', z.literal('yes'), 'no', 'The selected field name is invalid.'],
    [
      'a union of types',
      z.union([z.number(), z.string()]),
      true,
      'The field name must be a number or a string.',
    ],
    [
      'a union of shapes',
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      {},
      'The field name is invalid.',
    ],
    ['a refinement', z.string().refine((v) => v === 'ok'), 'ko', 'The field name is invalid.'],
    [
      'a record key',
      z.record(z.string().max(1), z.number()),
      { ab: 1 },
      'The field name.ab is invalid.',
    ],
  ])('words %s', (_name, schema, input, expected) => {
    expect(one(schema, input)).toEqual([expected]);
  });

  it('names nested fields by their path, as Laravel does', () => {
    const schema = z.object({
      answers: z.array(z.object({ mode: z.string(), question_id: z.number().int() })),
    });
    expect(
      messagesOf(schema, { answers: [{ question_id: 1 }, { mode: 'x', question_id: 1.5 }] }),
    ).toEqual({
      'answers.0.mode': ['The answers.0.mode field is required.'],
      'answers.1.question_id': ['The answers.1.question id must be an integer.'],
    });
  });

  it('names each field a strict object does not accept', () => {
    expect(messagesOf(z.strictObject({ a: z.string() }), { a: 'x', role: 'admin' })).toEqual({
      '': ['The role field is prohibited.'],
    });
  });

  it("keeps a schema's own message, whether given to the schema or to one check", () => {
    expect(one(z.string({ error: 'Own type message.' }), 42)).toEqual(['Own type message.']);
    expect(one(z.string().max(2, 'Own length message.'), 'abc')).toEqual(['Own length message.']);
    expect(one(z.enum(['a'], { error: 'Own enum message.' }), 'b')).toEqual(['Own enum message.']);
    expect(
      one(
        z.string().refine(() => false, 'Own rule message.'),
        'x',
      ),
    ).toEqual(['Own rule message.']);
  });

  it('is installed once, however many apps install it', () => {
    const installed = z.config().customError;
    installValidationMessages();
    expect(z.config().customError).toBe(installed);
    expect(installed).toBeTypeOf('function');
  });
});
