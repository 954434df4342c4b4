// The product's speed targets (docs/decisions/0068), each read off a run's figures: what was
// measured, and whether it holds.
import { BARE_FASTIFY, READS } from './http.mjs';
import { num } from './lib.mjs';
import { rankStores } from './rank.mjs';
import { statementsAloneRps } from './writes.mjs';

/** @typedef {import('./report.mjs').Figures} Figures */
/** @typedef {import('./http.mjs').EngineFigures} EngineFigures */
/** @typedef {import('./lib.mjs').LoadFigures} LoadFigures */
/** @typedef {NonNullable<EngineFigures['load']>} Load */

/**
 * A target's row: what it asks, what the run measured, and whether every figure it covers meets
 * it (null: the run measured none of them).
 * @typedef {{ target: string, measured: string, holds: boolean | null }} TargetRow
 */

/**
 * One measured value of a target: a label (an engine, a page, a store) and the value.
 * @typedef {{ label: string, value: number }} Value
 */

/** The reads of the targets, as http.mjs labels them. */
const READ_TARGETS = [
  { label: 'GET /api/user', least: 0.4 },
  { label: 'GET /api/health', least: 0.7 },
  { label: 'GET /api/training', least: 0.3 },
];
const WRITES_LEAST = 0.2;
const FIXED_RATE_P99_MOST = 10;
const ENGINES_MOST = 2;
const MEDIAN_OVER_TOP_MOST = 2;
const MILLION_OVER_100K_MOST = 1.5;
const INITIAL_SIZE_MOST = 1.5;
const LIGHTHOUSE_LEAST = 98;
const RSS_UNDER_MIB = 200;

/** req/s as a ratio to the bare server's, or undefined. */
const throughput = (
  /** @type {{ figures: { rps: number }, bare: LoadFigures } | undefined} */ run,
) => (run && run.bare.rps > 0 ? run.figures.rps / run.bare.rps : undefined);
/** p99 as a ratio to the bare server's, or undefined. */
const tail = (/** @type {{ figures: { p99: number }, bare: LoadFigures } | undefined} */ run) =>
  run && run.bare.p99 > 0 ? run.figures.p99 / run.bare.p99 : undefined;

/** An engine's figures the targets read, each as a ratio to the bare server beside it. */
const readFigure = (/** @type {string} */ label) => (/** @type {Load} */ load) =>
  throughput(load.reads.find((read) => read.label === label));
const quizzesFigure = (/** @type {Load} */ load) => throughput(load.writes.quiz);
const duelsFigure = (/** @type {Load} */ load) => throughput(load.writes.duel);
const fixedRateTailFigure = (/** @type {Load} */ load) => tail(load.writes.quizRate);
const ceilingFigure = (/** @type {Load} */ load) => throughput(load.writes.ceiling);

/**
 * The most req/s a flow's SQL alone would allow, to the bare server beside it: the requests it
 * made over the seconds SQLite spent in their statements (SQLite only, writes.mjs).
 */
const statementsAlone = (
  /** @type {{ statements?: import('./writes.mjs').StatementTime, bare: LoadFigures }} */ run,
) => {
  const rps = statementsAloneRps(run.statements);
  return rps !== undefined && run.bare.rps > 0 ? rps / run.bare.rps : undefined;
};

/** The write flows of the targets, each with its figure and its SQL's bound. */
const WRITE_TARGETS = [
  {
    flow: 'Quizzes played (generate, checks, submit)',
    figure: quizzesFigure,
    sql: (/** @type {Load} */ load) => statementsAlone(load.writes.quiz),
  },
  {
    flow: 'Duels played (rounds, checks, submits)',
    figure: duelsFigure,
    sql: (/** @type {Load} */ load) => statementsAlone(load.writes.duel),
  },
];

/**
 * Each engine's value of a figure (engines without it left out).
 * @param {EngineFigures[]} engines
 * @param {(load: Load) => number | undefined} figure
 * @returns {Value[]}
 */
function perEngine(engines, figure) {
  return engines.flatMap((engine) => {
    const value = engine.load ? figure(engine.load) : undefined;
    return value === undefined || !Number.isFinite(value) ? [] : [{ label: engine.engine, value }];
  });
}

/**
 * A target's row from its values: measured as `label value`, held when every value passes.
 * @param {string} target
 * @param {Value[]} values
 * @param {(value: number) => boolean} passes
 * @param {(value: number) => string} write
 * @returns {TargetRow}
 */
function row(target, values, passes, write) {
  return {
    target,
    measured: values.length
      ? values.map(({ label, value }) => `${label} ${write(value)}`).join(', ')
      : '–',
    holds: values.length ? values.every(({ value }) => passes(value)) : null,
  };
}

/** A factor with three significant digits (`num`): enough not to round a miss onto its bound. */
const factor = (/** @type {number} */ value) => `${num(value)}×`;

/**
 * How much slower PostgreSQL is than SQLite on one figure, each engine's figure being its ratio to
 * the bare server measured beside it: the machine's speed drifts between the two engines'
 * runs by more than the gap read here. `higherIsBetter` for req/s, not for latency.
 * @param {EngineFigures[]} engines
 * @param {(load: Load) => number | undefined} figure
 * @param {boolean} higherIsBetter
 * @returns {Value[]}
 */
function postgresOverSqlite(engines, figure, higherIsBetter) {
  const values = perEngine(engines, figure).filter(({ value }) => value > 0);
  const valueOf = (/** @type {string} */ name) => values.find(({ label }) => label === name)?.value;
  const sqlite = valueOf('SQLite');
  const postgres = valueOf('PostgreSQL');
  if (sqlite === undefined || postgres === undefined) return [];
  return [{ label: 'PostgreSQL', value: higherIsBetter ? sqlite / postgres : postgres / sqlite }];
}

/**
 * A target's row with what the machine allows beside its figures, where the run measured it: the
 * same measure with none of the app's work (`bounds`, described by `what`). Whether the target
 * holds is still read off the app's figures alone.
 * @param {TargetRow} target
 * @param {Value[]} bounds
 * @param {string} what
 * @returns {TargetRow}
 */
function besideBound(target, bounds, what) {
  if (bounds.length === 0) return target;
  const values = bounds.map(({ label, value }) => `${label} ${factor(value)}`).join(', ');
  return { ...target, measured: `${target.measured} (${what}: ${values})` };
}

/**
 * Every target, in the order the product states them, from a run's figures.
 * @param {Figures} figures
 * @returns {TargetRow[]}
 */
export function targetRows(figures) {
  const { engines } = figures;
  const least = (/** @type {number} */ bound) => (/** @type {number} */ value) => value >= bound;
  const most = (/** @type {number} */ bound) => (/** @type {number} */ value) => value <= bound;
  const framework = perEngine(engines, readFigure(BARE_FASTIFY));
  const rows = READ_TARGETS.map(({ label, least: bound }) =>
    besideBound(
      row(
        `\`${label}\` ≥ ${bound}× bare`,
        perEngine(engines, readFigure(label)),
        least(bound),
        factor,
      ),
      framework,
      'Fastify alone with the API’s headers',
    ),
  );
  // No flow whose every request commits a write can beat the database alone (ceiling.mjs).
  const ceilings = perEngine(engines, ceilingFigure);
  rows.push(
    ...WRITE_TARGETS.map(({ flow, figure, sql }) =>
      besideBound(
        besideBound(
          row(
            `${flow}, closed loop, ≥ ${WRITES_LEAST}× bare`,
            perEngine(engines, figure),
            least(WRITES_LEAST),
            factor,
          ),
          ceilings,
          'one-row writes, the database alone',
        ),
        perEngine(engines, sql),
        'the flow’s statements alone, SQLite’s own time',
      ),
    ),
    row(
      `Quizzes at a fixed rate: p99 ≤ ${FIXED_RATE_P99_MOST}× bare p99 at that rate`,
      perEngine(engines, fixedRateTailFigure),
      most(FIXED_RATE_P99_MOST),
      factor,
    ),
  );

  const slower = (/** @type {number} */ value) =>
    value >= 1 ? `${factor(value)} slower than SQLite` : `${factor(1 / value)} faster than SQLite`;
  const compared = [
    ...READS.map(({ label }) => ({
      name: `\`${label}\``,
      figure: readFigure(label),
      higherIsBetter: true,
    })),
    { name: 'quizzes, closed loop', figure: quizzesFigure, higherIsBetter: true },
    { name: 'duels, closed loop', figure: duelsFigure, higherIsBetter: true },
    { name: 'p99 of quizzes at a fixed rate', figure: fixedRateTailFigure, higherIsBetter: false },
  ];
  for (const { name, figure, higherIsBetter } of compared)
    rows.push(
      row(
        `PostgreSQL within ${ENGINES_MOST}× of SQLite: ${name}`,
        postgresOverSqlite(engines, figure, higherIsBetter),
        most(ENGINES_MOST),
        slower,
      ),
    );

  rows.push(...rankRows(figures.ranks, most));
  const size = figures.size;
  rows.push(
    row(
      `Initial JavaScript of \`/login\`, gzip, ≤ ${INITIAL_SIZE_MOST}× a bare Vite + React app`,
      size && size.bare.js.gzip > 0
        ? [{ label: '`/login`', value: size.app.js.gzip / size.bare.js.gzip }]
        : [],
      most(INITIAL_SIZE_MOST),
      factor,
    ),
  );

  const pages = engines.find((engine) => engine.lighthouse)?.lighthouse ?? [];
  rows.push(
    row(
      `Lighthouse mobile performance ≥ ${LIGHTHOUSE_LEAST}`,
      pages.flatMap((page) =>
        page.performance === null
          ? []
          : [{ label: `\`${page.path}\``, value: Math.round(page.performance * 100) }],
      ),
      least(LIGHTHOUSE_LEAST),
      String,
    ),
    row(
      'Every text file sent compressed (Lighthouse’s text compression audit)',
      pages.flatMap((page) =>
        page.compressed === null
          ? []
          : [{ label: `\`${page.path}\``, value: page.compressed ? 1 : 0 }],
      ),
      (value) => value === 1,
      (value) => (value === 1 ? 'passes' : 'fails'),
    ),
    row(
      `Server RSS after the load < ${RSS_UNDER_MIB} MiB`,
      perEngine(engines, (load) => load.memory.rssMiB),
      (value) => value < RSS_UNDER_MIB,
      (value) => `${Math.round(value)} MiB`,
    ),
  );
  return rows;
}

/**
 * The rank store's two targets, over each store and each of its users (top, median).
 * @param {Figures['ranks']} ranks
 * @param {(bound: number) => (value: number) => boolean} most
 * @returns {TargetRow[]}
 */
function rankRows(ranks, most) {
  const stores = ranks ? rankStores(ranks) : [];
  /** @type {Value[]} */
  const medianOverTop = [];
  /** @type {Value[]} */
  const growth = [];
  for (const { name, boards } of stores) {
    for (const board of boards)
      if (board.top.us > 0)
        medianOverTop.push({
          label: `${name} at ${board.users.toLocaleString('en')}`,
          value: board.median.us / board.top.us,
        });
    const [small, large] = boards;
    if (small && large)
      for (const who of /** @type {const} */ (['top', 'median']))
        if (small[who].us > 0)
          growth.push({ label: `${name}, ${who}`, value: large[who].us / small[who].us });
  }
  return [
    row(
      `Median user’s rank lookup ≤ ${MEDIAN_OVER_TOP_MOST}× the top user’s`,
      medianOverTop,
      most(MEDIAN_OVER_TOP_MOST),
      factor,
    ),
    row(
      `Rank lookup at 1,000,000 users ≤ ${MILLION_OVER_100K_MOST}× at 100,000`,
      growth,
      most(MILLION_OVER_100K_MOST),
      factor,
    ),
  ];
}
