import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './openapi';

/**
 * Requests generated from the OpenAPI document. For each operation, a well-formed request (so that
 * the rules behind validation run: ids that exist, today's question, the right answer), sent as is
 * or with one part made hostile — the path, the query, the body, the content type, the method — or
 * all of them: wrong types, missing and extra fields, unicode edge cases, huge strings, extreme
 * numbers, deep nesting, invalid JSON, wrong content types, odd path segments.
 *
 * Existing values come from pools read from the database as the run goes (see `Known`). The pools
 * of a play — attempt, question, answer, mode, duel, round — are aligned: their entries of one
 * index belong together (a question of that open attempt, its right answer and mode, the duel and
 * round the attempt plays), and a request marked `correlated` takes them all at one index.
 */

export const PLAY_POOLS = ['attempt', 'question', 'answer', 'mode', 'duel', 'round'] as const;
const OTHER_POOLS = [
  'user',
  'duelQuiz',
  'split',
  'store',
  'category',
  'email',
  'password',
] as const;
export type PoolName = (typeof PLAY_POOLS)[number] | (typeof OTHER_POOLS)[number];
export type Pools = Record<PoolName, (number | string)[]>;

export function emptyPools(): Pools {
  return Object.fromEntries([...PLAY_POOLS, ...OTHER_POOLS].map((name) => [name, []])) as never;
}

/** A value that exists in the database, chosen from its pool when the request is sent. */
export class Known {
  constructor(
    readonly pool: PoolName,
    readonly pick: number,
  ) {}
}

/** Which pool of existing values a field or parameter draws from. */
function poolFor(name: string, path: string): PoolName | undefined {
  if (/^attempt(Id|_id)$/.test(name)) return 'attempt';
  if (name === 'question_id') return 'question';
  if (name === 'answer' || name === 'user_answer') return 'answer';
  if (name === 'mode') return 'mode';
  if (name === 'id' && path.startsWith('/api/duels')) return 'duel';
  if (name === 'round') return 'round';
  if (name === 'opponent_id') return 'user';
  if (name === 'quiz_id') return 'duelQuiz';
  if (name === 'splitId') return 'split';
  if (name === 'store_id') return 'store';
  if (name === 'category_id') return 'category';
  if (name === 'email') return 'email';
  if (name === 'password') return 'password';
  return undefined;
}

/** The staff who send requests, with a token each. */
export const PLAYERS = ['ana', 'ben', 'cleo', 'dan'] as const;
export type Player = (typeof PLAYERS)[number] | 'admin';
export type Identity = Player | 'anonymous' | 'forged';

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string | Lazy }
  | { kind: 'multipart'; field: string; filename: string; bytes: number[] };

export type RequestSpec = {
  operation: number;
  method: string;
  identity: Identity;
  forgedToken: string;
  /** When set, every value of a play pool is taken at this index (see the header). */
  correlated: number | undefined;
  /** A correlated request goes as the user whose play it is (an attempt's, a duel player's). */
  asOwner: boolean;
  path: Record<string, Known | string>;
  pathTwist: 'none' | 'trailing-slash' | 'double-slash' | 'dot-segment' | 'encoded-prefix';
  query: [string, unknown][];
  rawQuery: string | undefined;
  body: BodySpec;
  contentType: string | undefined;
};

const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  'x\udbff',
  '\u202eevil',
  '\u200f\u200e\u061c',
  '\ufeff',
  '🙂',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'İıßﬁ',
  '\u0085\u2028\u2029',
  '\r\n\t',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '..\\..\\windows',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e309',
  '-0',
  '9007199254740993',
  '-1',
  '0',
  '0x10',
  '1_000',
  ' 1 ',
  '1.5',
  '١٢٣',
  '１２',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(1000),
  'é'.repeat(300),
];

const HOSTILE_NUMBERS: number[] = [
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 1,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

/** Numbers JSON.stringify cannot write: sent as literal text. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '9007199254740993',
  '-0',
  '1E2',
  '0.0000001',
  `1${'0'.repeat(400)}`,
  `-${'9'.repeat(400)}`,
];

/** Safe names for extra fields (a validation message names them; the leak check reads messages). */
const EXTRA_KEYS = [
  'role',
  'total_points',
  'user_id',
  'is_admin',
  'points',
  'score',
  'winner_id',
  'extra',
  'id',
];

const unicodeString = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: unicodeString, weight: 3 },
  {
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
      maxLength: 40,
    }),
    weight: 2,
  },
);

/**
 * A big value (a megabyte string, thousands of nesting levels), made once when first sent:
 * fast-check prints the values it generates, and would print megabytes, or overflow its stack.
 */
export class Lazy {
  private value: unknown;
  private made = false;

  constructor(
    readonly label: string,
    private readonly make: () => unknown,
  ) {}

  get(): unknown {
    if (!this.made) {
      this.value = this.make();
      this.made = true;
    }
    return this.value;
  }

  [fc.toStringMethod](): string {
    return `Lazy(${this.label})`;
  }
}

const nested = (shape: 'array' | 'object', depth: number) =>
  new Lazy(`${shape} nested ${depth} deep`, () => {
    let value: unknown = shape === 'array' ? 1 : 'leaf';
    for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { a: value };
    return value;
  });

const MB = 1024 * 1024;
const HUGE_STRINGS = [
  new Lazy('1 MiB of x', () => 'x'.repeat(MB)),
  new Lazy('just under the body limit', () => 'y'.repeat(MB - 200)),
  new Lazy('1 MiB of emoji', () => '🙂'.repeat(MB / 4)),
  new Lazy('100 000 NULs', () => '\u0000'.repeat(100_000)),
  new Lazy('50 000 RTL marks', () => '\u202e'.repeat(50_000)),
];

const hugeString = fc.constantFrom(...HUGE_STRINGS);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 50 },
  { arbitrary: hugeString, weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 30 },
  { arbitrary: fc.integer(), weight: 10 },
  { arbitrary: fc.double(), weight: 10 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': '' }), weight: 20 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 20 },
  {
    arbitrary: fc.constantFrom(nested('array', 500), nested('object', 500), nested('array', 1000)),
    weight: 5,
  },
);

/** A value of the schema (numbers anywhere in their range), existing values from the pools. */
function validValue(schema: JsonSchema, name: string, path: string): fc.Arbitrary<unknown> {
  const pool = poolFor(name, path);
  const known = pool ? fc.nat().map((pick) => new Known(pool, pick)) : undefined;
  const orKnown = (arb: fc.Arbitrary<unknown>, weight: number) =>
    known ? fc.oneof({ arbitrary: known, weight }, { arbitrary: arb, weight: 1 }) : arb;
  const withNull = (arb: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.oneof({ arbitrary: arb, weight: 9 }, fc.constant(null)) : arb;
  if (schema.anyOf) {
    return withNull(orKnown(fc.oneof(...schema.anyOf.map((s) => validValue(s, '', path))), 3));
  }
  if (schema.enum) return withNull(orKnown(fc.constantFrom(...schema.enum), 2));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31 - 1;
      const lower = schema.exclusiveMinimum ? min + 1 : min;
      const range =
        schema.type === 'integer'
          ? fc.integer({ min: lower, max })
          : fc.double({ min: lower, max, noNaN: true });
      return withNull(orKnown(range, 6));
    }
    case 'string': {
      let text: fc.Arbitrary<string>;
      if (schema.format === 'email') {
        text = fc.emailAddress();
      } else if (schema.pattern) {
        const longest = schema.maxLength ?? 64;
        text = fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= longest);
      } else {
        text = fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 30, 30),
        });
      }
      return withNull(orKnown(text, 4));
    }
    case 'boolean':
      return withNull(fc.boolean());
    case 'array': {
      const items = schema.items ? validValue(schema.items, name, path) : fc.jsonValue();
      return withNull(fc.array(items, { maxLength: Math.min(schema.maxItems ?? 5, 5) }));
    }
    case 'object': {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        record[key] = validValue(property, key, path);
      }
      return withNull(fc.record(record, { requiredKeys: schema.required ?? [] }));
    }
    default:
      return known ?? fc.jsonValue({ maxDepth: 1 });
  }
}

/** A well-formed body, then changed: fields dropped, given hostile values, extra fields added. */
function mutatedObject(schema: JsonSchema, path: string): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  return fc
    .record({
      base: validValue({ ...schema, nullable: false }, '', path),
      drop: fc.subarray(keys),
      override: fc.dictionary(
        keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x'),
        hostileValue,
        { maxKeys: 2 },
      ),
      extra: fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileValue, { maxKeys: 2 }),
    })
    .map(({ base, drop, override, extra }) => {
      const value = { ...(base as Record<string, unknown>), ...extra };
      for (const key of drop) delete value[key];
      return { ...value, ...override };
    });
}

const RAW_BIG = [
  new Lazy('1 000 nested arrays', () => `${'['.repeat(1000)}${']'.repeat(1000)}`),
  new Lazy('100 000 nested arrays', () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  new Lazy('50 000 nested objects', () => `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
  new Lazy('a string of 1 MiB', () => `"${'x'.repeat(MB)}"`),
  new Lazy('a field just under the limit', () => `{"a":"${'y'.repeat(MB - 200)}"}`),
];

const deepText = (n: number) => new Lazy(`[ × ${n}`, () => `${'['.repeat(n)}${']'.repeat(n)}`);

function rawBodies(schema: JsonSchema | undefined): fc.Arbitrary<string | Lazy> {
  const fields = Object.keys(schema?.properties ?? { value: {} });
  return fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      "{'a':1}",
      '{"a":1,}',
      'NaN',
      'undefined',
      '\ufeff{}',
      '{"__proto__":{"role":"admin"}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      '[1,2',
      'null',
      '""',
      'true',
      '1',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
    ),
    fc.constantFrom(...RAW_BIG),
    fc
      .tuple(fc.constantFrom(...fields), fc.constantFrom(...RAW_NUMBERS))
      .map(([field, literal]) => `{"${field}":${literal}}`),
    fc
      .tuple(fc.constantFrom(...fields), fc.constantFrom(deepText(2000), deepText(20_000)))
      .map(
        ([field, deep]) =>
          new Lazy(`${field}: ${deep.label}`, () => `{"${field}":${String(deep.get())}}`),
      ),
    fc
      .tuple(fc.constantFrom(...fields), fc.nat(), hostileString)
      .map(([field, n, text]) => `{"${field}":${n},"${field}":${JSON.stringify(text)}}`),
  );
}

/** A 1×1 PNG: an upload that is a real picture. */
const PNG_1X1 = [
  ...Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
];

const IMAGE_HEADS: number[][] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  [0x3c, 0x73, 0x76, 0x67],
  [],
];

const validUpload = (field: string) =>
  fc.constant<BodySpec>({ kind: 'multipart', field, filename: 'me.png', bytes: PNG_1X1 });

const hostileUpload = fc
  .record({
    field: fc.constantFrom('profile_picture', 'file', 'profile_picture[]', ''),
    filename: fc.oneof(
      fc.constantFrom('a.png', '../../a.png', 'a\u202egnp.exe', ''),
      hostileString.filter((s) => s.length < 200),
    ),
    head: fc.constantFrom(...IMAGE_HEADS),
    tail: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }),
  })
  .map(({ field, filename, head, tail }): BodySpec => ({
    kind: 'multipart',
    field,
    filename,
    bytes: [...head, ...tail],
  }));

const json = (value: fc.Arbitrary<unknown>) =>
  value.map((v): BodySpec => ({ kind: 'json', value: v }));
const none = fc.constant<BodySpec>({ kind: 'none' });

function validBody(operation: Operation): fc.Arbitrary<BodySpec> {
  if (operation.uploadField) return validUpload(operation.uploadField);
  if (!operation.body) return none;
  return json(validValue(operation.body, '', operation.path));
}

function hostileBody(operation: Operation): fc.Arbitrary<BodySpec> {
  const raw = rawBodies(operation.body).map((text): BodySpec => ({ kind: 'raw', text }));
  if (operation.uploadField) {
    return fc.oneof({ arbitrary: hostileUpload, weight: 6 }, none, raw, json(hostileValue));
  }
  if (!operation.body) return fc.oneof(json(hostileValue), raw, hostileUpload);
  return fc.oneof(
    { arbitrary: json(mutatedObject(operation.body, operation.path)), weight: 5 },
    { arbitrary: json(hostileValue), weight: 1 },
    { arbitrary: raw, weight: 3 },
    { arbitrary: hostileUpload, weight: 1 },
    { arbitrary: none, weight: 1 },
  );
}

/** Path segments no route expects: encoded slashes, dot segments, huge or unicode ones. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '-0',
  '1e3',
  '0x1f',
  '1.5',
  '%201',
  'NaN',
  'Infinity',
  '9007199254740993',
  '2147483648',
  '99999999999999999999999',
  '%2F',
  '..',
  '%2e%2e',
  '.',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%D9%A1',
  '%EF%BC%91',
  'null',
  '%7B%7D',
  '1;drop',
  '1%0A',
  'x'.repeat(5000),
  '9'.repeat(1000),
];

/**
 * A text as a URL component, in UTF-8; a lone surrogate, which encodeURIComponent refuses, is
 * sent as U+FFFD.
 */
export function percentEncoded(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
}

function validPathValue(parameter: Parameter, path: string): fc.Arbitrary<Known | string> {
  const pool = poolFor(parameter.name, path);
  const { minimum = 1, maximum = 2 ** 31 - 1 } = parameter.schema;
  const range = fc.integer({ min: minimum, max: maximum }).map(String);
  if (!pool) return range;
  return fc.oneof(
    { arbitrary: fc.nat().map((pick) => new Known(pool, pick)), weight: 6 },
    { arbitrary: range, weight: 1 },
  );
}

function hostilePathValue(parameter: Parameter, path: string): fc.Arbitrary<Known | string> {
  return fc.oneof(
    { arbitrary: validPathValue(parameter, path), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    { arbitrary: hostileString.filter((s) => s.length < 2000).map(percentEncoded), weight: 1 },
  );
}

function pathFor(
  operation: Operation,
  value: (p: Parameter, path: string) => fc.Arbitrary<Known | string>,
): fc.Arbitrary<Record<string, Known | string>> {
  const record: Record<string, fc.Arbitrary<Known | string>> = {};
  for (const p of operation.parameters.filter((q) => q.in === 'path')) {
    record[p.name] = value(p, operation.path);
  }
  return fc.record(record);
}

function queryFor(operation: Operation, hostile: boolean): fc.Arbitrary<[string, unknown][]> {
  const declared = operation.parameters.filter((p) => p.in === 'query');
  const one = (p: Parameter): fc.Arbitrary<[string, unknown][]> => {
    const valid = validValue(
      p.schema.type === 'array' ? (p.schema.items ?? {}) : p.schema,
      p.name,
      operation.path,
    );
    const value = hostile
      ? fc.oneof(
          { arbitrary: valid, weight: 60 },
          { arbitrary: hostileString, weight: 60 },
          { arbitrary: hugeString, weight: 1 },
        )
      : valid;
    const most = p.schema.type === 'array' ? 3 : 1;
    const absent = p.required && !hostile ? 0 : 1;
    return fc
      .oneof(
        { arbitrary: fc.constant([]), weight: absent },
        { arbitrary: fc.array(value, { minLength: 1, maxLength: most }), weight: 2 },
        ...(hostile ? [fc.array(value, { minLength: 2, maxLength: 3 })] : []),
      )
      .map((values) => values.map((v): [string, unknown] => [p.name, v]));
  };
  const extra = hostile
    ? fc.array(
        fc.tuple(
          fc.constantFrom('x', '__proto__', 'constructor[prototype]', 'page', 'a[b]', ''),
          hostileString,
        ),
        { maxLength: 2 },
      )
    : fc.constant([]);
  return fc
    .tuple(fc.tuple(...declared.map(one)), extra)
    .map(([params, more]) => [...params.flat(), ...more]);
}

const RAW_QUERIES = [
  '%',
  'a=%E0%A4%A',
  '&&&',
  '=',
  'a[b][c][d]=1',
  '__proto__[role]=admin',
  `q=${'x'.repeat(10_000)}`,
  'difficulty=easy&difficulty=hard',
  'page=1&page=%00',
  'year=2024&month=2&month=13',
];

const FORGED_TOKENS = [
  `1|${'A'.repeat(48)}`,
  `99999|${'b'.repeat(48)}`,
  'garbage',
  '|',
  '0|',
  '-1|x',
  `1e3|${'c'.repeat(40)}`,
  `9007199254740993|${'d'.repeat(40)}`,
  'x'.repeat(1000),
  '1|\u00e9\u00e9',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/octet-stream',
  'APPLICATION/JSON',
  'image/png',
  '*/*',
  'application/json, text/plain',
];

const identity = fc.oneof(
  { arbitrary: fc.constantFrom<Identity>(...PLAYERS), weight: 16 },
  { arbitrary: fc.constant<Identity>('admin'), weight: 2 },
  { arbitrary: fc.constant<Identity>('anonymous'), weight: 2 },
  { arbitrary: fc.constant<Identity>('forged'), weight: 2 },
);

/** One request for one of the operations, valid or hostile. */
export function requestArbitrary(operations: Operation[]): fc.Arbitrary<RequestSpec> {
  return fc.oneof(...operations.map((operation, index) => operationRequest(operation, index)));
}

function operationRequest(operation: Operation, index: number): fc.Arbitrary<RequestSpec> {
  const valid = {
    operation: fc.constant(index),
    method: fc.constant(operation.method),
    identity,
    forgedToken: fc.constantFrom(...FORGED_TOKENS),
    correlated: fc.oneof({ arbitrary: fc.nat(), weight: 3 }, fc.constant(undefined)),
    asOwner: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
    path: pathFor(operation, validPathValue),
    pathTwist: fc.constant<RequestSpec['pathTwist']>('none'),
    query: queryFor(operation, false),
    rawQuery: fc.constant(undefined),
    body: validBody(operation),
    contentType: fc.constant(undefined),
  };
  const hostile = {
    path: pathFor(operation, hostilePathValue),
    query: queryFor(operation, true),
    body: hostileBody(operation),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    pathTwist: fc.constantFrom<RequestSpec['pathTwist']>(
      'trailing-slash',
      'double-slash',
      'dot-segment',
      'encoded-prefix',
    ),
    rawQuery: fc.constantFrom(...RAW_QUERIES),
  };
  const variant = (changes: Partial<typeof hostile>) =>
    fc.record({ ...valid, ...changes }) as fc.Arbitrary<RequestSpec>;
  const hasPath = operation.parameters.some((p) => p.in === 'path');
  return fc.oneof(
    { arbitrary: variant({}), weight: 8 },
    ...(hasPath ? [{ arbitrary: variant({ path: hostile.path }), weight: 2 }] : []),
    { arbitrary: variant({ query: hostile.query }), weight: 1 },
    { arbitrary: variant({ body: hostile.body }), weight: 3 },
    { arbitrary: variant({ contentType: hostile.contentType }), weight: 1 },
    { arbitrary: variant({ method: hostile.method }), weight: 1 },
    { arbitrary: variant({ pathTwist: hostile.pathTwist }), weight: 1 },
    { arbitrary: variant({ rawQuery: hostile.rawQuery }), weight: 1 },
    {
      arbitrary: variant({
        path: hostile.path,
        query: hostile.query,
        body: hostile.body,
        contentType: hostile.contentType,
      }),
      weight: 1,
    },
  );
}
