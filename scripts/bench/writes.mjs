// Writes under load: quizzes played by many users (closed loop, then at a fixed rate) and duels,
// by the load client (write-client.mjs) on the load generator's CPU.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJob, step } from './lib.mjs';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'write-client.mjs');

/** Pairs of users who play duels; the others play quizzes. */
const DUEL_PLAYERS = 32;
/** Players sharing the quiz users at a fixed rate: enough that a due request rarely waits for one. */
const RATE_PLAYERS = 64;

/**
 * @typedef {import('./lib.mjs').LoadFigures & {
 *   ops: Record<string, { requests: number, rps: number, p50: number, p99: number, statuses: Record<string, number> }>,
 *   ranked: number, practice: number, backlog: number, rate?: number
 * }} ClientFigures
 */

/**
 * What a flow's SQL cost SQLite, read off the app's metrics (`db_statement_seconds_total`) before
 * and after it: the seconds SQLite spent in statements, and the requests the app answered
 * meanwhile (the metrics' own reads left out). Undefined on PostgreSQL, whose app has no such clock.
 * @typedef {{ seconds: number, requests: number }} StatementTime
 */

/**
 * SQLite's statement time and the requests answered so far, as the app's `/metrics` says; undefined
 * without the clock (PostgreSQL).
 * @param {string} appUrl
 * @returns {Promise<StatementTime | undefined>}
 */
async function statementTimeSoFar(appUrl) {
  const text = await fetch(`${appUrl}/metrics`).then((response) => response.text());
  return statementTimeIn(text);
}

/**
 * The statement time and the requests answered in a metrics text (Prometheus' text format).
 * @param {string} text
 * @returns {StatementTime | undefined}
 */
export function statementTimeIn(text) {
  const seconds = /^db_statement_seconds_total (\S+)$/m.exec(text)?.[1];
  if (seconds === undefined) return undefined;
  let requests = 0;
  for (const [, labels = '', count = '0'] of text.matchAll(
    /^http_requests_total\{([^}]*)\} (\S+)$/gm,
  ))
    if (!labels.includes('route="/metrics"')) requests += Number(count);
  return { seconds: Number(seconds), requests };
}

/**
 * The requests a second a flow's SQL alone allows: its requests over the seconds SQLite spent in
 * their statements; undefined without a time measured.
 * @param {StatementTime | undefined} time
 */
export const statementsAloneRps = (time) =>
  time && time.seconds > 0 ? time.requests / time.seconds : undefined;

/**
 * A flow run by `play`, with SQLite's statement time over it (`statementTimeSoFar`).
 * @template T
 * @param {string} appUrl
 * @param {() => Promise<T>} play
 * @returns {Promise<{ figures: T, statements: StatementTime | undefined }>}
 */
async function withStatementTime(appUrl, play) {
  const before = await statementTimeSoFar(appUrl);
  const figures = await play();
  const after = await statementTimeSoFar(appUrl);
  const statements =
    before && after
      ? { seconds: after.seconds - before.seconds, requests: after.requests - before.requests }
      : undefined;
  return { figures, statements };
}

/**
 * Runs the load client on a job (`write-client.mjs` says what a job holds) and returns its figures.
 * @param {string[]} pin
 * @param {Record<string, unknown>} job
 * @param {string} dir
 * @returns {Promise<ClientFigures>}
 */
export function client(pin, job, dir) {
  return runJob(pin, CLIENT, job, path.join(dir, `job-${job.mode}.json`));
}

/**
 * @param {string[]} pin the load generator's CPU
 * @param {{
 *   appUrl: string, bareUrl: string, dir: string, seconds: number, connections: number, rate: number,
 *   demo: import('./servers.mjs').SignedIn, players: import('./servers.mjs').SignedIn[],
 *   checkpoint: () => Promise<void>,
 *   ceiling?: (load: { seconds: number, warmup: number, connections: number }) =>
 *     Promise<import('./lib.mjs').LoadFigures>
 * }} options with `ceiling`, the database's own ceiling of writes is measured after the flows
 */
export async function measureWrites(pin, options) {
  const { appUrl, bareUrl, dir, seconds, connections, rate, demo } = options;
  const players = options.players.map(({ id, token }) => ({ id, token }));
  const quizUsers = players.slice(0, players.length - DUEL_PLAYERS);
  const duelUsers = players.slice(players.length - DUEL_PLAYERS);
  const warmup = Math.max(1, Math.round(seconds / 4));
  const common = { seconds, warmup, concurrency: connections };

  // The bare server under the same client just before each flow: the machine's speed drifts
  // over a run more than the gaps the ratios are read for (as for the reads, http.mjs).
  // Each flow starts with nothing of the one before left to write (servers.mjs's `checkpoint`).
  // The fixed rate's bare run is at the same rate, the others in a closed loop (decision 0088).
  const bareRun = async (
    /** @type {string} */ flow,
    /** @type {Record<string, unknown>} */ load = { mode: 'bare' },
  ) => {
    step(`checkpoint, then the bare server under the same load client (before ${flow})`);
    await options.checkpoint();
    return client(pin, { ...common, base: bareUrl, ...load }, dir);
  };

  const quizBare = await bareRun('the quizzes');
  step(`quizzes played by ${quizUsers.length} users, ${connections} at once`);
  const quiz = await withStatementTime(appUrl, () =>
    client(pin, { ...common, base: appUrl, mode: 'quiz', players: quizUsers }, dir),
  );

  // At a fixed rate, each request finds the server's CPU idle, and its waking shows in any
  // server's tail: the bare server is measured at the same rate, by as many players.
  const quizRateBare = await bareRun('the fixed rate', {
    mode: 'bare-rate',
    rate,
    concurrency: RATE_PLAYERS,
  });
  step(`quizzes at a fixed rate of ${rate} requests/s`);
  const quizRate = await client(
    pin,
    {
      ...common,
      base: appUrl,
      mode: 'quiz-rate',
      rate,
      concurrency: RATE_PLAYERS,
      players: quizUsers,
    },
    dir,
  );

  const themes = await fetch(`${appUrl}/api/duel-quizzes`, {
    headers: { authorization: `Bearer ${demo.token}` },
  }).then((response) => response.json());
  const duelQuizIds = /** @type {{ data: { id: number }[] }} */ (themes).data.map((t) => t.id);
  const duelBare = await bareRun('the duels');
  step(`duels played by ${duelUsers.length / 2} pairs`);
  const duel = await withStatementTime(appUrl, () =>
    client(pin, { ...common, base: appUrl, mode: 'duel', players: duelUsers, duelQuizIds }, dir),
  );
  /** @type {{ figures: import('./lib.mjs').LoadFigures, bare: import('./lib.mjs').LoadFigures } | undefined} */
  let ceiling;
  if (options.ceiling) {
    const ceilingBare = await bareRun('the database’s own ceiling');
    step(`the database alone: one-row writes committed on ${connections} connections, no HTTP`);
    ceiling = {
      figures: await options.ceiling({ seconds, warmup, connections }),
      bare: ceilingBare,
    };
  }
  return {
    quiz: { ...quiz, bare: quizBare },
    quizRate: { figures: quizRate, bare: quizRateBare },
    duel: { ...duel, bare: duelBare },
    ceiling,
  };
}
