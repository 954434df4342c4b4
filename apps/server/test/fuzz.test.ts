import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDays, localDay } from '@app/contract/dates';
import { parseAccepted } from '../src/modules/quiz/quiz-shared';
import { createTestApp, createUser, type TestContext, type TestUser } from './helpers';
import { violations } from './invariants';
import { fillPath, operationsOf, type Operation } from './openapi';
import {
  Known,
  Lazy,
  PLAY_POOLS,
  emptyPools,
  percentEncoded,
  requestArbitrary,
  PLAYERS,
  type Identity,
  type Player,
  type Pools,
  type RequestSpec,
} from './fuzz-requests';

/**
 * Fuzzing from the contract: requests generated for every operation of the OpenAPI document, sent
 * as real users, an admin, anonymously and with forged tokens. No answer may be a 5xx, no error may
 * show a stack trace or an internal message, and afterwards every promise about points and
 * uniqueness must still hold (test/invariants.ts).
 *
 * `FUZZ_REQUESTS` sets the number of requests (20 000 by default, `npm run test:fuzz` sends
 * 100 000); `FUZZ_SEED=<n>` replays a run (the requests are the same; the ids they name come from
 * what the server created, which has randomness of its own, so a replay is close, not exact).
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
/** Requests sent at once: enough to interleave transactions, as clients do. */
const BATCH = Number(process.env.FUZZ_BATCH ?? 16);
/** The pools of existing ids are read again from the database every this many batches. */
const REFRESH_EVERY = 5;
const ENGINE = process.env.TEST_DB_ENGINE ?? 'sqlite';
/**
 * Times the clock jumps ahead by a day and three hours during a run: attempts expire, pending
 * duels and rounds pass their deadlines (rewards are written when they are next read), a new daily
 * question and new ranked slots open.
 */
const DAY_JUMPS = 4;
const JUMP_MS = 27 * 60 * 60 * 1000;

/** What an error body must never show: a stack frame, an error's name, the database, a file. */
const LEAKS: [RegExp, string][] = [
  [/\bat (?:async )?[\w$.<>[\]]+ \(/, 'a stack frame'],
  [/\n\s+at /, 'a stack frame'],
  [/Error:/, "an error's name"],
  [/SQLITE/i, 'SQLite'],
  [/\brelation\b/i, 'a PostgreSQL relation'],
  [/syntax error/i, 'a syntax error'],
  [/\b(?:duplicate key|violates|constraint)\b/i, 'a constraint'],
  [/(?:\/|\\)(?:work|home|usr|tmp|node_modules|src|apps)(?:\/|\\)/, 'a file path'],
  [/\.(?:ts|js|mjs|cjs):\d+/, 'a file position'],
  [
    /\b(?:kysely|better-sqlite3|pg-pool|ECONNREFUSED|undefined is not|cannot read prop)/i,
    'an internal',
  ],
];

let ctx: TestContext;
let operations: Operation[];
const users: Partial<Record<Player, TestUser>> = {};
const tokens: Partial<Record<Player, string>> = {};
const pools: Pools = emptyPools();

const figures = { sent: 0, serverErrors: 0, jumps: 0, byStatus: new Map<number, number>() };
const findings: string[] = [];
const serverErrors = new Map<string, Error>();
let sentCount = 0;
/** The owner of each entry of the play pools. */
let owners: (number | undefined)[] = [];
/** Answers of 2xx by operation: the fuzzing reaches past validation into each rule. */
const succeeded = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp({
    content: true,
    config: { apiRateLimit: 0 },
    // The error behind each 5xx, for the report (the client sees only 'Server Error').
    beforeReady: (app) =>
      app.addHook('onError', async (request, _reply, error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        const id = request.headers['x-fuzz-id'];
        if (status >= 500 && typeof id === 'string') serverErrors.set(id, error);
      }),
  });
  operations = await operationsOf(ctx.app);
  for (const identity of [...PLAYERS, 'admin'] as const) {
    const user = await createUser(ctx, identity === 'admin' ? { role: 'admin' } : {});
    users[identity] = user;
    tokens[identity] = user.token;
  }
  // Opponents for duels, who never send anything themselves.
  for (let i = 0; i < 3; i++) await createUser(ctx);
  // Today's daily question exists before anyone asks for it.
  await ctx.app.inject({
    method: 'GET',
    url: '/api/quiz/daily-question',
    headers: { authorization: `Bearer ${tokens.ana}` },
  });
  await refreshPools();
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

/** One entry of the play pools: values that belong together (see fuzz-requests.ts). */
type Play = {
  /** The user whose play it is, when a request may be sent as them. */
  owner: number | undefined;
  attempt: number;
  question: number;
  answer: number | string;
  mode: string;
  duel: number;
  round: number;
};

/**
 * Reads the pools again: the questions of open attempts (quizzes, validations, duel rounds) with
 * their right answers, the duels waiting for a round to be played, duels over, the daily
 * questions, closed attempts (replays), and the users, themes, splits, stores and categories.
 */
async function refreshPools(): Promise<void> {
  const { db } = ctx;
  const rightAnswer = (q: {
    mode: string;
    correct_choice_id: number | null;
    accepted_answers: string | null;
  }) =>
    q.mode === 'open' ? (parseAccepted(q.accepted_answers)[0] ?? '') : (q.correct_choice_id ?? 1);
  const latestDuel =
    (await db.selectFrom('duels').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())
      ?.id ?? 1;
  const latestAttempt =
    (
      await db
        .selectFrom('quiz_attempts')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id ?? 1;
  const plays: Play[] = [];

  const open = await db
    .selectFrom('quiz_attempt_questions as aq')
    .innerJoin('quiz_attempts as a', 'a.id', 'aq.attempt_id')
    .innerJoin('questions as q', 'q.id', 'aq.question_id')
    .leftJoin('duel_round_attempts as ra', 'ra.quiz_attempt_id', 'a.id')
    .leftJoin('duel_rounds as r', 'r.id', 'ra.round_id')
    .select([
      'a.id as attempt',
      'a.user_id',
      'q.id as question',
      'q.mode',
      'q.correct_choice_id',
      'q.accepted_answers',
      'r.duel_id',
      'r.round_number',
    ])
    .where('a.status', '=', 'open')
    .orderBy('aq.id', 'desc')
    .limit(80)
    .execute();
  for (const row of open) {
    plays.push({
      owner: row.user_id,
      attempt: row.attempt,
      question: row.question,
      answer: rightAnswer(row),
      mode: row.mode,
      duel: row.duel_id ?? latestDuel,
      round: row.round_number ?? 1,
    });
  }

  const duels = await db
    .selectFrom('duels as d')
    .innerJoin('duel_rounds as r', 'r.duel_id', 'd.id')
    .select(['d.id', 'd.status', 'd.user1_id', 'd.user2_id', 'r.round_number'])
    .where('d.status', 'in', ['pending', 'in_progress'])
    .where('r.status', '<>', 'completed')
    .orderBy('d.id', 'desc')
    .orderBy('r.round_number')
    .limit(60)
    .execute();
  const seen = new Set<number>();
  for (const duel of duels) {
    if (seen.has(duel.id)) continue;
    seen.add(duel.id);
    // The challenged player accepts a pending duel; either player plays a round.
    const owners = duel.status === 'pending' ? [duel.user2_id] : [duel.user1_id, duel.user2_id];
    for (const owner of owners) {
      plays.push({
        owner,
        attempt: latestAttempt,
        question: 1,
        answer: 1,
        mode: 'qcm_2',
        duel: duel.id,
        round: duel.round_number,
      });
    }
  }

  // Duels over: their details, and calls that must now be refused.
  const over = await db
    .selectFrom('duels')
    .select(['id', 'user1_id', 'user2_id'])
    .where('status', 'in', ['completed', 'timeout'])
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  for (const duel of over) {
    for (const owner of [duel.user1_id, duel.user2_id]) {
      plays.push({
        owner,
        attempt: latestAttempt,
        question: 1,
        answer: 1,
        mode: 'qcm_4',
        duel: duel.id,
        round: 3,
      });
    }
  }

  // Today's question (the users' stores keep the brand's time zone), and another day's.
  const today = localDay(new Date(), ctx.config.timeZone);
  const daily = await db
    .selectFrom('daily_questions as d')
    .innerJoin('questions as q', 'q.id', 'd.question_id')
    .select(['d.day', 'q.id', 'q.mode', 'q.correct_choice_id', 'q.accepted_answers'])
    .where('d.day', 'in', [today, addDays(today, 1)])
    .execute();
  for (const question of daily) {
    for (let i = 0; i < (question.day === today ? 8 : 1); i++) {
      plays.push({
        owner: undefined,
        attempt: latestAttempt,
        question: question.id,
        answer: rightAnswer(question),
        mode: question.mode,
        duel: latestDuel,
        round: 1,
      });
    }
  }

  // Closed attempts: replays of a submit, reads of a result.
  const closed = await db
    .selectFrom('quiz_attempts')
    .select(['id', 'user_id'])
    .where('status', '=', 'closed')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  for (const attempt of closed) {
    plays.push({
      owner: attempt.user_id,
      attempt: attempt.id,
      question: 1,
      answer: 1,
      mode: 'qcm_4',
      duel: latestDuel,
      round: 2,
    });
  }

  for (const name of PLAY_POOLS) pools[name] = plays.map((play) => play[name]);
  owners = plays.map((play) => play.owner);
  const categories = await db.selectFrom('categories').select(['id', 'key']).execute();
  const everyone = await db.selectFrom('users').select(['id', 'email']).execute();
  // The players who send requests, more often than those who never answer a challenge.
  const players = Object.values(users).map((u) => u.id);
  pools.user = [...players, ...players, ...everyone.map((u) => u.id)];
  pools.email = [...everyone.map((u) => u.email), 'nobody@example.com'];
  pools.password = ['correct horse battery', 'wrong password', 'Correct horse battery', ''];
  pools.duelQuiz = (await db.selectFrom('duel_quizzes').select('id').execute()).map((r) => r.id);
  pools.split = (await db.selectFrom('splits').select('id').execute()).map((r) => r.id);
  pools.store = (await db.selectFrom('stores').select('id').execute()).map((r) => r.id);
  pools.category = categories.flatMap((c) => [c.key, String(c.id)]);
}

/** The value to send: a pool's entry for each `Known` (all at one index when correlated). */
function resolved(value: unknown, correlated: number | undefined, depth = 0): unknown {
  if (value instanceof Lazy) return value.get();
  if (value instanceof Known) {
    const pool = pools[value.pool];
    const pick =
      correlated !== undefined && (PLAY_POOLS as readonly string[]).includes(value.pool)
        ? correlated
        : value.pick;
    return pool.length === 0 ? pick : pool[pick % pool.length];
  }
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.map((item, i) =>
      resolved(item, correlated === undefined ? undefined : correlated + i, depth + 1),
    );
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolved(item, correlated, depth + 1)]),
  );
}

function queryText(value: unknown, correlated: number | undefined): string {
  const v = resolved(value, correlated);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
}

type Sent = InjectOptions & { method: string; url: string; headers: Record<string, string> };

function toRequest(spec: RequestSpec): Sent {
  const operation = operations[spec.operation]!;
  const segments: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.path)) {
    segments[name] = value instanceof Known ? String(resolved(value, spec.correlated)) : value;
  }
  let path = fillPath(operation.path, segments);
  if (spec.pathTwist === 'trailing-slash') path += '/';
  if (spec.pathTwist === 'double-slash') path = `/${path}`;
  if (spec.pathTwist === 'dot-segment') path = path.replace('/api/', '/api/./');
  if (spec.pathTwist === 'encoded-prefix') path = path.replace(/^\/api\//, '/%61pi/');
  const query =
    spec.rawQuery ??
    spec.query
      .map(
        ([key, value]) =>
          `${percentEncoded(key)}=${percentEncoded(queryText(value, spec.correlated))}`,
      )
      .join('&');
  const url = query ? `${path}?${query}` : path;

  const headers: Record<string, string> = { 'x-fuzz-id': String((sentCount += 1)) };
  const identity = identityOf(spec);
  const token =
    identity === 'forged'
      ? spec.forgedToken
      : identity === 'anonymous'
        ? undefined
        : tokens[identity];
  if (token !== undefined) headers.authorization = `Bearer ${token}`;

  let payload: string | Buffer | undefined;
  let contentType: string | undefined;
  switch (spec.body.kind) {
    case 'json':
      payload = JSON.stringify(resolved(spec.body.value, spec.correlated));
      contentType = 'application/json';
      break;
    case 'raw':
      payload = String(spec.body.text instanceof Lazy ? spec.body.text.get() : spec.body.text);
      contentType = 'application/json';
      break;
    case 'multipart': {
      const boundary = 'fuzzboundary';
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${spec.body.field}"; ` +
            `filename="${spec.body.filename.replace(/["\r\n]/g, '')}"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        Buffer.from(spec.body.bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      contentType = `multipart/form-data; boundary=${boundary}`;
      break;
    }
    case 'none':
      break;
  }
  if (spec.contentType !== undefined) contentType = spec.contentType;
  if (contentType !== undefined) headers['content-type'] = contentType;
  return {
    method: spec.method as NonNullable<InjectOptions['method']>,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** Who sends the request: a correlated one sent `asOwner` goes as the owner of its play. */
function identityOf(spec: RequestSpec): Identity {
  if (spec.correlated === undefined || !spec.asOwner || !isPlayer(spec.identity)) {
    return spec.identity;
  }
  const owner = owners.length === 0 ? undefined : owners[spec.correlated % owners.length];
  const found = (Object.keys(users) as Player[]).find((name) => users[name]?.id === owner);
  return found ?? spec.identity;
}

function isPlayer(identity: Identity): identity is Player {
  return identity !== 'anonymous' && identity !== 'forged';
}

function describeRequest(sent: Sent): string {
  const payload =
    sent.payload === undefined
      ? ''
      : ` ${String(sent.payload).slice(0, 300)}${String(sent.payload).length > 300 ? '…' : ''}`;
  return `${sent.method} ${sent.url.slice(0, 300)} ${JSON.stringify(sent.headers).slice(0, 200)}${payload}`;
}

/** What is wrong with an answer: a 5xx, an error body that is not `{message}` or shows internals. */
function problemOf(res: LightMyRequestResponse, sent: Sent): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 500)}`;
  if (res.statusCode < 400 || sent.method === 'HEAD') return undefined;
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(res.body)) return `${res.statusCode} shows ${what}: ${res.body.slice(0, 500)}`;
  }
  if (!sent.url.startsWith('/api') && !sent.url.startsWith('//api')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof (body as { message?: unknown } | null)?.message !== 'string') {
    return `${res.statusCode} has no message: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

async function send(spec: RequestSpec): Promise<void> {
  const sent = toRequest(spec);
  const res = await ctx.app.inject(sent);
  const operation = operations[spec.operation]!;
  if (res.statusCode < 300 && sent.method === operation.method) {
    succeeded.set(operation.key, (succeeded.get(operation.key) ?? 0) + 1);
  }
  figures.sent += 1;
  figures.byStatus.set(res.statusCode, (figures.byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) figures.serverErrors += 1;
  let problem = problemOf(res, sent);
  const error = serverErrors.get(sent.headers['x-fuzz-id']!);
  if (problem && error) problem += `\n    error: ${error.stack ?? String(error)}`;
  if (problem && findings.length < 50) findings.push(`${problem}\n    ← ${describeRequest(sent)}`);
  // A logout revokes the token it was sent with: the fuzzing user logs in again.
  if (operation.key === 'POST /api/logout' && res.statusCode === 204) {
    const identity = identityOf(spec);
    const user = isPlayer(identity) ? users[identity] : undefined;
    if (user) tokens[identity as Player] = await ctx.app.auth.issueToken(user.id, 'fuzz');
  }
}

describe(`fuzzing every operation of the OpenAPI document (${ENGINE})`, () => {
  it(
    `answers ${REQUESTS} generated requests without a 5xx or a leak, and keeps every invariant`,
    async () => {
      let batches = 0;
      const started = performance.now();
      const runs = Math.ceil(REQUESTS / BATCH);
      const jumpEvery = Math.ceil(runs / (DAY_JUMPS + 1));
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      await fc.assert(
        fc.asyncProperty(
          fc.array(requestArbitrary(operations), { minLength: BATCH, maxLength: BATCH }),
          async (batch) => {
            batches += 1;
            if (batches % jumpEvery === 0 && batches < runs) {
              // The promises hold at every step, not only at the end.
              for (const broken of await violations(ctx.db)) {
                findings.push(`after ${figures.sent} requests: ${JSON.stringify(broken)}`);
              }
              vi.setSystemTime(Date.now() + JUMP_MS);
              figures.jumps += 1;
              await refreshPools();
            } else if (batches % REFRESH_EVERY === 0) await refreshPools();
            await Promise.all(batch.map(send));
          },
        ),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
      // At the run's own time: after the jumps, real time is days behind what the server wrote.
      const broken = await violations(ctx.db);
      vi.useRealTimers();
      const credits = await ctx.db
        .selectFrom('points_ledger')
        .select(['reason', (eb) => eb.fn.countAll<number>().as('rows')])
        .groupBy('reason')
        .execute();
      const ledger = credits.map((c) => `${c.reason} ${Number(c.rows)}`).join(', ') || 'none';
      const statuses = [...figures.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      const unreached = operations.filter((o) => !succeeded.has(o.key)).map((o) => o.key);
      // eslint-disable-next-line no-console -- the run's figures are its report
      console.log(
        `fuzz (${ENGINE}) seed ${SEED}: ${figures.sent} requests over ${operations.length} operations ` +
          `(${operations.length - unreached.length} answered 2xx at least once` +
          `${unreached.length > 0 ? `; never: ${unreached.join(', ')}` : ''}) ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s (the clock jumped a day ahead ` +
          `${figures.jumps} times), ${figures.serverErrors} answers 5xx, ` +
          `${findings.length} findings, ${broken.length} invariants broken. Statuses: ${statuses}. ` +
          `Ledger rows written: ${ledger}. ` +
          `Replay with FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}.`,
      );
      expect(findings, `seed ${SEED}`).toEqual([]);
      expect(figures.serverErrors).toBe(0);
      expect(broken).toEqual([]);
      expect(figures.sent).toBeGreaterThanOrEqual(REQUESTS);
    },
    Math.max(120_000, REQUESTS * 20),
  );
});
