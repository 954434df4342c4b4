import { describe, expect, it } from 'vitest';
import { BARE_FASTIFY } from './http.mjs';
import { report } from './report.mjs';
import { targetRows } from './targets.mjs';

/** A load run's figures: `rps` requests a second with a p99 of `p99` ms. */
const run = (/** @type {number} */ rps, /** @type {number} */ p99 = 2) => ({
  rps,
  p50: p99 / 2,
  p99,
  requests: rps * 10,
  errors: 0,
});

/**
 * An engine's figures: each read and flow answering `ratio` of the bare server's `bare` req/s,
 * `overrides` replacing some of them.
 * @param {string} engine
 * @param {{ bare?: number, ratio?: number, reads?: Record<string, number>, quiz?: number,
 *   duel?: number, rateP99?: number, rssMiB?: number, ceiling?: number, framework?: number
 * }} [overrides] `framework`: bare Fastify's read; `ceiling`: the database alone
 * @returns {import('./http.mjs').EngineFigures}
 */
function engineFigures(engine, overrides = {}) {
  const bare = overrides.bare ?? 40_000;
  const ratio = overrides.ratio ?? 0.5;
  const labels = [
    'GET /api/user',
    'GET /api/health',
    'GET /api/training',
    'GET /api/quiz/daily-status',
    'GET /api/rankings/global?per_page=20',
  ];
  const client = (/** @type {number} */ rps, /** @type {number} */ p99 = 2) => ({
    ...run(rps, p99),
    ops: {},
    ranked: 0,
    practice: 0,
    backlog: 0,
  });
  const flow = (/** @type {number} */ r, /** @type {number} */ p99 = 2) => ({
    figures: client(bare * r, p99),
    bare: client(bare),
  });
  return {
    engine,
    load: {
      reads: [
        ...(overrides.framework === undefined
          ? []
          : [{ label: BARE_FASTIFY, reference: true, value: overrides.framework }]),
        ...labels.map((label) => ({ label, value: overrides.reads?.[label] ?? ratio })),
      ].map(({ value, ...read }) => ({
        ...read,
        figures: run(bare * value),
        bare: run(bare),
        ratios: [value * 0.9, value, value * 1.1],
      })),
      writes: {
        quiz: flow(overrides.quiz ?? 0.3),
        quizRate: flow(0.001, 2 * (overrides.rateP99 ?? 4)),
        duel: flow(overrides.duel ?? 0.3),
        ceiling: overrides.ceiling === undefined ? undefined : flow(overrides.ceiling),
      },
      memory: { rssMiB: overrides.rssMiB ?? 150, peakMiB: 160 },
    },
  };
}

/** A run's figures from its engines, and whatever else it measured. */
function runFigures(
  /** @type {import('./http.mjs').EngineFigures[]} */ engines,
  /** @type {Partial<import('./report.mjs').Figures>} */ more = {},
) {
  return /** @type {import('./report.mjs').Figures} */ ({
    about: {
      cpu: 'test CPU',
      cores: 2,
      memoryGiB: 4,
      node: 'v20',
      load: [0, 0, 0],
      busy: 0,
      busySeconds: 3,
      date: new Date('2026-11-29T10:00:00Z'),
      commit: 'abc1234',
    },
    pin: 'pinned',
    options: { seconds: 10, connections: 32, rate: 50 },
    engines,
    skipped: [],
    ...more,
  });
}

const rowOf = (
  /** @type {import('./targets.mjs').TargetRow[]} */ rows,
  /** @type {string} */ start,
) => {
  const found = rows.find((row) => row.target.startsWith(start));
  if (!found) throw new Error(`No target row starts with ${start}`);
  return found;
};

describe('targetRows', () => {
  it('holds a read target only when every engine meets it', () => {
    const rows = targetRows(
      runFigures([
        engineFigures('SQLite', { reads: { 'GET /api/user': 0.54 } }),
        engineFigures('PostgreSQL', { reads: { 'GET /api/user': 0.38 } }),
      ]),
    );
    expect(rowOf(rows, '`GET /api/user`')).toEqual({
      target: '`GET /api/user` ≥ 0.4× bare',
      measured: 'SQLite 0.54×, PostgreSQL 0.38×',
      holds: false,
    });
    expect(rowOf(rows, '`GET /api/training`').holds).toBe(true);
    expect(rowOf(rows, '`GET /api/health`').holds).toBe(false);
  });

  it('compares PostgreSQL with SQLite by their ratios to their own bare runs', () => {
    // 2 000 req/s against 750 is 2.7×; but the bare server ran at 40 000 and 25 000: 1.7×.
    const rows = targetRows(
      runFigures([
        engineFigures('SQLite', {
          bare: 40_000,
          quiz: 0.05,
          duel: 0.05,
          reads: { 'GET /api/training': 0.3 },
        }),
        engineFigures('PostgreSQL', {
          bare: 25_000,
          quiz: 0.03,
          duel: 0.015,
          reads: { 'GET /api/training': 0.7 },
        }),
      ]),
    );
    expect(rowOf(rows, 'PostgreSQL within 2× of SQLite: quizzes')).toMatchObject({
      measured: 'PostgreSQL 1.67× slower than SQLite',
      holds: true,
    });
    expect(rowOf(rows, 'PostgreSQL within 2× of SQLite: `GET /api/training`')).toMatchObject({
      measured: 'PostgreSQL 2.33× faster than SQLite',
      holds: true,
    });
    expect(rowOf(rows, 'PostgreSQL within 2× of SQLite: duels')).toMatchObject({
      measured: 'PostgreSQL 3.33× slower than SQLite',
      holds: false,
    });
  });

  it('compares latencies the other way round: a higher p99 is the slower', () => {
    const rows = (/** @type {number} */ postgresP99) =>
      targetRows(
        runFigures([
          engineFigures('SQLite', { rateP99: 4 }),
          engineFigures('PostgreSQL', { rateP99: postgresP99 }),
        ]),
      );
    const latency = 'PostgreSQL within 2× of SQLite: p99';
    expect(rowOf(rows(5), latency)).toMatchObject({
      measured: 'PostgreSQL 1.25× slower than SQLite',
      holds: true,
    });
    expect(rowOf(rows(9), latency).holds).toBe(false);
    expect(rowOf(rows(11), 'Quizzes at a fixed rate').holds).toBe(false);
  });

  it('holds the write targets on the flows’ requests of every kind', () => {
    const rows = targetRows(runFigures([engineFigures('SQLite', { quiz: 0.21, duel: 0.19 })]));
    expect(rowOf(rows, 'Quizzes played').holds).toBe(true);
    expect(rowOf(rows, 'Duels played')).toMatchObject({ measured: 'SQLite 0.19×', holds: false });
  });

  it('gives bare Fastify beside the read targets, which the app’s reads alone hold', () => {
    const rows = targetRows(
      runFigures([
        engineFigures('SQLite', { framework: 0.86, reads: { 'GET /api/health': 0.6 } }),
        engineFigures('PostgreSQL', { framework: 0.84, reads: { 'GET /api/health': 0.71 } }),
      ]),
    );
    expect(rowOf(rows, '`GET /api/health`')).toEqual({
      target: '`GET /api/health` ≥ 0.7× bare',
      measured:
        'SQLite 0.6×, PostgreSQL 0.71× (Fastify alone with the API’s headers: SQLite 0.86×, PostgreSQL 0.84×)',
      holds: false,
    });
    expect(rowOf(rows, '`GET /api/user`').holds).toBe(true);
    // Not itself a read with a target, nor compared between the engines.
    expect(rows.some((row) => row.target.includes('Fastify'))).toBe(false);
  });

  it('gives the database’s own ceiling of writes beside the write targets, held by the flows alone', () => {
    const rows = targetRows(
      runFigures([
        engineFigures('SQLite', { quiz: 0.25, duel: 0.22 }),
        engineFigures('PostgreSQL', { quiz: 0.021, duel: 0.03, ceiling: 0.154 }),
      ]),
    );
    expect(rowOf(rows, 'Quizzes played')).toMatchObject({
      measured:
        'SQLite 0.25×, PostgreSQL 0.021× (one-row writes, the database alone: PostgreSQL 0.154×)',
      holds: false,
    });
    expect(rowOf(rows, 'Duels played').measured).toBe(
      'SQLite 0.22×, PostgreSQL 0.03× (one-row writes, the database alone: PostgreSQL 0.154×)',
    );
    // A ceiling above the bound does not hold a target the flows miss, nor one below fail it.
    const above = targetRows(
      runFigures([engineFigures('PostgreSQL', { quiz: 0.1, duel: 0.25, ceiling: 0.5 })]),
    );
    expect(rowOf(above, 'Quizzes played').holds).toBe(false);
    expect(rowOf(above, 'Duels played').holds).toBe(true);
    // SQLite's own time for the flow's statements bounds it too, beside the ceiling.
    const sqlite = engineFigures('SQLite', { quiz: 0.05, duel: 0.04 });
    const { writes } = /** @type {NonNullable<typeof sqlite.load>} */ (sqlite.load);
    // 40 000 req/s bare: 8 000 requests in 1 s of statements is 0.2×, 3 000 in 1 s is 0.075×.
    writes.quiz = { ...writes.quiz, statements: { seconds: 1, requests: 8000 } };
    writes.duel = { ...writes.duel, statements: { seconds: 2, requests: 6000 } };
    const bounded = targetRows(
      runFigures([
        sqlite,
        engineFigures('PostgreSQL', { quiz: 0.021, duel: 0.03, ceiling: 0.154 }),
      ]),
    );
    expect(rowOf(bounded, 'Quizzes played')).toMatchObject({
      measured:
        'SQLite 0.05×, PostgreSQL 0.021× (one-row writes, the database alone: PostgreSQL 0.154×)' +
        ' (the flow’s statements alone, SQLite’s own time: SQLite 0.2×)',
      holds: false,
    });
    expect(rowOf(bounded, 'Duels played').measured).toContain(
      '(the flow’s statements alone, SQLite’s own time: SQLite 0.075×)',
    );
    // Without a ceiling measured, the row is the flows' alone.
    expect(
      rowOf(targetRows(runFigures([engineFigures('SQLite')])), 'Quizzes played').measured,
    ).toBe('SQLite 0.3×');
  });

  it('says what a run did not measure instead of holding or failing it', () => {
    const rows = targetRows(runFigures([engineFigures('SQLite')]));
    expect(rowOf(rows, 'PostgreSQL within 2× of SQLite: `GET /api/user`')).toMatchObject({
      measured: '–',
      holds: null,
    });
    expect(rowOf(rows, 'Lighthouse').holds).toBeNull();
    expect(rowOf(rows, 'Every text file sent compressed').holds).toBeNull();
    expect(rowOf(rows, 'Median user’s rank').holds).toBeNull();
    expect(rowOf(rows, 'Initial JavaScript').holds).toBeNull();
  });

  it('reads the rank lookups of every store, top and median, at both sizes', () => {
    const board = (
      /** @type {number} */ users,
      /** @type {number} */ top,
      /** @type {number} */ median,
    ) => ({
      users,
      loadMs: null,
      top: { score: 100, rank: 1, us: top },
      median: { score: 10, rank: users / 2, us: median },
    });
    const rows = targetRows(
      runFigures([], {
        ranks: {
          memory: [board(100_000, 1, 1.5), board(1_000_000, 1.1, 1.6)],
          redis: [board(100_000, 10, 12), board(1_000_000, 10, 25)],
        },
      }),
    );
    expect(rowOf(rows, 'Median user’s rank')).toEqual({
      target: 'Median user’s rank lookup ≤ 2× the top user’s',
      measured:
        'memory at 100,000 1.5×, memory at 1,000,000 1.45×, Redis at 100,000 1.2×, Redis at 1,000,000 2.5×',
      holds: false,
    });
    expect(rowOf(rows, 'Rank lookup at 1,000,000')).toMatchObject({
      measured: 'memory, top 1.1×, memory, median 1.07×, Redis, top 1×, Redis, median 2.08×',
      holds: false,
    });
  });

  it('holds Lighthouse only when every page scores at least 98 and sends its text compressed, and the size and memory by theirs', () => {
    const page = (
      /** @type {string} */ path,
      /** @type {number} */ score,
      /** @type {boolean | null} */ compressed = true,
    ) => ({
      path,
      finalUrl: null,
      performance: score / 100,
      scores: [score / 100],
      fcpMs: 1000,
      lcpMs: 1500,
      cls: 0,
      tbtMs: 100,
      compressed,
      error: null,
    });
    const sqlite = engineFigures('SQLite', { rssMiB: 201 });
    sqlite.lighthouse = [page('/login', 99, false), page('/', 97), page('/quiz/start', 98, null)];
    const weight = (/** @type {number} */ gzip) => ({
      js: { files: 1, bytes: gzip * 3, gzip },
      css: { files: 1, bytes: 100, gzip: 50 },
      names: [],
    });
    const rows = targetRows(
      runFigures([sqlite], { size: { app: weight(90_000), bare: weight(60_000) } }),
    );
    expect(rowOf(rows, 'Lighthouse')).toMatchObject({
      measured: '`/login` 99, `/` 97, `/quiz/start` 98',
      holds: false,
    });
    // A page whose run has no score for the audit is left out, not counted as a pass.
    expect(rowOf(rows, 'Every text file sent compressed')).toMatchObject({
      measured: '`/login` fails, `/` passes',
      holds: false,
    });
    expect(rowOf(rows, 'Initial JavaScript')).toMatchObject({
      measured: '`/login` 1.5×',
      holds: true,
    });
    expect(rowOf(rows, 'Server RSS')).toMatchObject({ measured: 'SQLite 201 MiB', holds: false });
  });
});

describe('report', () => {
  it('opens with the targets, each marked as it holds', () => {
    const markdown = report(
      runFigures([engineFigures('SQLite', { reads: { 'GET /api/health': 0.64 } })]),
    );
    expect(markdown.indexOf('## Targets')).toBeLessThan(markdown.indexOf('## HTTP reads'));
    expect(markdown).toContain('| `GET /api/health` ≥ 0.7× bare | SQLite 0.64× | **no** |');
    expect(markdown).toContain('| `GET /api/user` ≥ 0.4× bare | SQLite 0.5× | yes |');
    // Every pair's ratio follows the median pair's in the reads' table.
    expect(markdown).toMatch(
      /\| `GET \/api\/health` \| SQLite \| [\d,]+ \| 0\.64× \(0\.58, 0\.64, 0\.7\) \|/,
    );
  });

  it('lists the database alone among the writes, to the bare run measured before it', () => {
    const postgres = engineFigures('PostgreSQL', { bare: 20_000, ceiling: 0.35 });
    const ceiling = /** @type {NonNullable<typeof postgres.load>} */ (postgres.load).writes.ceiling;
    /** @type {NonNullable<typeof ceiling>} */ (ceiling).figures.p99 = 8;
    const markdown = report(runFigures([engineFigures('SQLite'), postgres]));
    expect(markdown).toContain(
      '| PostgreSQL alone, closed loop | one-row `update`, committed | PostgreSQL | 7,000 | 0.35× | 1 | 8 | 4× | 0 |',
    );
    expect(markdown).not.toContain('SQLite alone');
  });

  it('lists SQLite’s own time for each flow’s statements among the writes, as req/s', () => {
    const sqlite = engineFigures('SQLite', { bare: 40_000 });
    const { writes } = /** @type {NonNullable<typeof sqlite.load>} */ (sqlite.load);
    writes.quiz = { ...writes.quiz, statements: { seconds: 0.5, requests: 6000 } };
    const markdown = report(runFigures([sqlite, engineFigures('PostgreSQL')]));
    expect(markdown).toContain(
      '| quizzes, SQLite’s statements alone | all | SQLite | 12,000 | 0.3× | – | – | – | – |',
    );
    // Neither a flow without its time (the duels here) nor PostgreSQL, which has no such clock.
    expect(markdown).not.toContain('duels, SQLite’s statements alone');
    expect(markdown.match(/statements alone \|/g)).toHaveLength(1);
  });
});
