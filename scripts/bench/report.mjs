// The Markdown report of a run: every figure, with the machine and the date.
import { GENERATED_PEOPLE, RANKED_PER_DAY_IN_BENCH } from './servers.mjs';
import { PAIRS, num, pairSeconds } from './lib.mjs';
import { rankStores } from './rank.mjs';
import { targetRows } from './targets.mjs';
import { statementsAloneRps } from './writes.mjs';

/**
 * @typedef {{
 *   about: ReturnType<typeof import('./lib.mjs').machine>,
 *   pin: string,
 *   options: { seconds: number, connections: number, rate: number },
 *   engines: import('./http.mjs').EngineFigures[],
 *   ranks?: import('./rank.mjs').RankFigures,
 *   cluster?: import('./cluster.mjs').ClusterFigures[],
 *   size?: { app: import('./size.mjs').PageWeight, bare: import('./size.mjs').PageWeight },
 *   instructions?: Awaited<ReturnType<typeof import('./instructions.mjs').measureInstructions>>,
 *   skipped: string[],
 *   minutes?: number,
 *   note?: string,
 * }} Figures
 * @typedef {import('./lib.mjs').LoadFigures} LoadFigures
 */

/** A ratio, written as a factor: 0.12×, 35×. */
function ratio(/** @type {number} */ value, /** @type {number} */ of) {
  if (!Number.isFinite(value) || !Number.isFinite(of) || of === 0) return '–';
  return `${num(value / of, 2)}×`;
}

const kB = (/** @type {number} */ bytes) => num(bytes / 1000);

/** A Markdown table. */
function table(/** @type {string[]} */ head, /** @type {(string | number)[][]} */ rows) {
  const line = (/** @type {(string | number)[]} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** @param {Figures} figures */
export function report(figures) {
  const { about, options } = figures;
  const load = about.load[0] ?? 0;
  // Measured as the run began when /proc allows; else the load average, which may still count
  // work that ended a minute before.
  const busy = about.busy === undefined ? load > about.cores * 0.25 : about.busy > 0.25;
  const busyPercent = about.busy === undefined ? undefined : `${num(about.busy * 100, 2)} %`;
  const parts = [
    '# Benchmarks',
    `Measured by \`npm run bench\` (see [scripts/bench](../scripts/bench/README.md)) on ` +
      `${about.date.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${about.commit}` +
      `${figures.minutes ? `, in ${num(figures.minutes, 2)} minutes` : ''}.` +
      (busy
        ? ` The machine was busy with other work when the run began (${
            busyPercent === undefined
              ? `load average ${num(load, 2)} on ${about.cores} cores`
              : `its CPUs ${busyPercent} busy`
          }): the figures are noisy, the ratios to the bare server measured alongside them less so.`
        : ''),
    ...(figures.note ? [figures.note] : []),
    '## Machine',
    table(
      ['', ''],
      [
        ['CPU', `${about.cpu}, ${about.cores} cores`],
        ['Memory', `${num(about.memoryGiB)} GiB`],
        ['Node.js', about.node],
        ['Load average (1, 5, 15 min) at the start', about.load.map((l) => num(l, 2)).join(', ')],
        [
          `CPU busy with other work at the start (${num(about.busySeconds)} s, every CPU)`,
          busyPercent ?? '–',
        ],
        ['Pinning', figures.pin],
        ...figures.engines.flatMap((engine) =>
          engine.placement ? [[engine.engine, engine.placement]] : [],
        ),
      ],
    ),
  ];

  parts.push(
    '## Targets',
    'The product’s speed targets (docs/decisions/0068), each read off the figures below: a ' +
      'ratio is to the bare server measured beside it (in turn with it for the reads), and PostgreSQL is compared with SQLite ' +
      'by those ratios (each engine to its own bare run), not by req/s measured minutes apart. ' +
      '“–”: not measured in this run.',
    table(
      ['Target', 'Measured', 'Holds'],
      targetRows(figures).map(({ target, measured, holds }) => [
        target,
        measured,
        holds === null ? '–' : holds ? 'yes' : '**no**',
      ]),
    ),
  );

  const loaded = figures.engines.filter((engine) => engine.load);
  if (loaded.length > 0) {
    parts.push(
      '## HTTP reads',
      `wrk, one thread, ${options.connections} connections, ` +
        `on a database with the demo data and ${GENERATED_PEOPLE.toLocaleString('en')} generated ` +
        'staff. Each ratio is to a bare `node:http` server answering a short text on the same CPU, ' +
        `measured in turn with that request: after a warm-up of each, ${PAIRS} pairs of runs of ` +
        `${pairSeconds(options.seconds)} s, the bare server's then the ` +
        'request’s, so that a pair shares the drift of the machine’s speed, which over a run is ' +
        'larger than the gaps read here. The row is the pair of the median ratio: req/s ÷ bare (1× ' +
        'would be as fast as Node can answer at all), with every pair’s ratio in brackets, and p99 ' +
        '÷ bare. The bare rows give the slowest and the fastest of those runs. The bare server sending the ' +
        'headers every API answer carries (security, caching, its request id, as the app sends ' +
        'them) shows what they cost Node alone, before any framework or query; bare Fastify sending ' +
        'them, one route and nothing of the app (no hook, plugin or logger), what the product’s ' +
        'framework costs with them, before the app’s own work. Authenticated calls ' +
        'carry the bearer token of demo@example.com.',
      table(
        ['Request', 'Engine', 'req/s', '÷ bare', 'p50 ms', 'p99 ms', 'p99 ÷ bare', 'non-2xx'],
        loaded.flatMap((engine) => {
          const load = /** @type {NonNullable<typeof engine.load>} */ (engine.load);
          const row = (
            /** @type {string} */ label,
            /** @type {LoadFigures} */ f,
            /** @type {LoadFigures} */ bare,
            /** @type {number[]} */ ratios = [],
          ) => [
            label,
            engine.engine,
            num(f.rps),
            ratio(f.rps, bare.rps) +
              (ratios.length > 1 ? ` (${ratios.map((r) => num(r, 2)).join(', ')})` : ''),
            num(f.p50),
            num(f.p99),
            ratio(f.p99, bare.p99),
            f.errors,
          ];
          return [
            ...bareRows(load.reads.map((read) => read.bare)).map(({ label, bare }) =>
              row(label, bare, bare),
            ),
            ...load.reads.map((read) =>
              row(
                read.reference ? read.label : `\`${read.label}\``,
                read.figures,
                read.bare,
                read.ratios,
              ),
            ),
          ];
        }),
      ),
    );

    parts.push(
      '## HTTP writes',
      'A Node load client on the load generator’s CPU, kept-alive connections on `node:net` that ' +
        'write each request as one string and read each answer by its length: it gets from the ' +
        'bare server about what wrk gets, so that the limit is the server’s, not the client’s. ' +
        'Quizzes: users who ' +
        'sign in and play whole quizzes, easy and medium in turn (generate, check each of the ten ' +
        'answers, submit), each user with their own open attempt, so that each check locks an answer ' +
        'once and each submit closes an attempt and credits the ledger, every quiz ranked on both ' +
        'engines (the app run with the most ranked quizzes a day it allows, ' +
        `${RANKED_PER_DAY_IN_BENCH}, so that neither plays practice quizzes, which credit nothing, ` +
        'once the day’s ranked ones are used up); ' +
        `${options.connections} players at once in a closed loop, then requests at a fixed rate of ` +
        `${options.rate}/s (latency counted from when each request was due, as wrk2 does). Duels: ` +
        'pairs of users playing whole duels (create, accept, three rounds of five checks and a ' +
        'submit each). Each flow’s ratios are to the bare server under the same client, measured just ' +
        'before that flow; the bare rows give the slowest and the fastest of those runs in a closed ' +
        'loop. The fixed rate’s are to the bare server at the same rate, by as many players (its own ' +
        'row): at that rate each request finds the server’s CPU idle, and waking it adds to any ' +
        'server’s latency (decision 0088). ' +
        'PostgreSQL alone: a Node process on the server’s CPU (`ceiling-worker.mjs`, the `pg` ' +
        'client), with PostgreSQL placed as for the flows, commits one-row updates on as many ' +
        'connections, each its own transaction in one round trip, each connection on a row of its ' +
        'own, with no HTTP and no app: the most writes PostgreSQL commits a second on this machine. ' +
        'Every request of the quiz flow commits at least one write (an attempt opened, an answer ' +
        'locked, an attempt closed), so no server can play it faster on PostgreSQL here. ' +
        'SQLite’s statements alone: the requests of the flow over the time SQLite spent running ' +
        'their statements, from each call into it to its return (the app’s ' +
        '`db_statement_seconds_total`, read before and after the flow): the most a second the ' +
        'flow’s SQL would allow with no HTTP, no JSON and no app around it.',
      table(
        [
          'Flow',
          'Request',
          'Engine',
          'req/s',
          '÷ bare',
          'p50 ms',
          'p99 ms',
          'p99 ÷ bare',
          'non-2xx',
        ],
        loaded.flatMap((engine) => {
          const { writes } = /** @type {NonNullable<typeof engine.load>} */ (engine.load);
          const row = (
            /** @type {string} */ flow,
            /** @type {string} */ label,
            /** @type {Omit<LoadFigures, 'errors'> & { errors?: number, statuses?: Record<string, number> }} */ f,
            /** @type {LoadFigures} */ bare,
          ) => [
            flow,
            label,
            engine.engine,
            num(f.rps),
            ratio(f.rps, bare.rps),
            num(f.p50),
            num(f.p99),
            ratio(f.p99, bare.p99),
            f.errors ?? nonOk(f.statuses),
          ];
          /** A flow's rows: all its requests, then each kind, each to the bare run before it. */
          const flow = (
            /** @type {string} */ name,
            /** @type {typeof writes.quizRate} */ run,
            /** @type {string[]} */ ops,
          ) => [
            row(name, 'all', run.figures, run.bare),
            ...ops.flatMap((op) => {
              const figures = run.figures.ops[op];
              return figures ? [row(name, `\`${op}\``, figures, run.bare)] : [];
            }),
          ];
          const quizOps = ['generate', 'check-answer', 'submit'];
          return [
            ...bareRows(
              [writes.quiz, writes.duel, writes.ceiling].flatMap((run) => (run ? [run.bare] : [])),
            ).map(({ label, bare }) => row(label, '`GET /`', bare, bare)),
            row(
              `bare \`node:http\`, ${writes.quizRate.figures.rate}/s`,
              '`GET /`',
              writes.quizRate.bare,
              writes.quizRate.bare,
            ),
            ...flow('quizzes, closed loop', writes.quiz, quizOps),
            ...flow(`quizzes, ${writes.quizRate.figures.rate}/s`, writes.quizRate, quizOps),
            ...flow('duels, closed loop', writes.duel, [
              'duel create',
              'duel accept',
              'round quiz',
              'round check-answer',
              'round submit',
            ]),
            ...[
              { name: 'quizzes, SQLite’s statements alone', run: writes.quiz },
              { name: 'duels, SQLite’s statements alone', run: writes.duel },
            ].flatMap(({ name, run }) => {
              const rps = statementsAloneRps(run.statements);
              if (rps === undefined) return [];
              return [
                [
                  name,
                  'all',
                  engine.engine,
                  num(rps),
                  ratio(rps, run.bare.rps),
                  '–',
                  '–',
                  '–',
                  '–',
                ],
              ];
            }),
            ...(writes.ceiling
              ? [
                  row(
                    `${engine.engine} alone, closed loop`,
                    'one-row `update`, committed',
                    writes.ceiling.figures,
                    writes.ceiling.bare,
                  ),
                ]
              : []),
          ];
        }),
      ),
      loaded
        .map((engine) => {
          const { writes } = /** @type {NonNullable<typeof engine.load>} */ (engine.load);
          const quiz = writes.quiz.figures;
          const quizRate = writes.quizRate.figures;
          const submitted = (/** @type {typeof quiz} */ run) =>
            `${run.ranked} ranked, ${run.practice} practice`;
          const behind =
            quizRate.backlog > 0 || quizRate.rps < 0.95 * (quizRate.rate ?? 0)
              ? `; at ${quizRate.rate}/s the server fell behind (${num(quizRate.rps)} req/s done, ${quizRate.backlog} never sent)`
              : '';
          return (
            `${engine.engine}: quizzes submitted in the closed loop ${submitted(quiz)}, ` +
            `at the fixed rate ${submitted(quizRate)}${behind}.`
          );
        })
        .join(' '),
      '## Server memory',
      table(
        ['Engine', 'RSS after the load (MiB)', 'Peak RSS (MiB)'],
        loaded.map((engine) => {
          const { memory } = /** @type {NonNullable<typeof engine.load>} */ (engine.load);
          return [engine.engine, num(memory.rssMiB), num(memory.peakMiB)];
        }),
      ),
    );
  }

  if (figures.cluster) parts.push(...clusterSection(figures.cluster, options));
  if (figures.ranks) parts.push(...rankSection(figures.ranks));
  if (figures.size) parts.push(...sizeSection(figures.size));

  const lighthouse = figures.engines.find((engine) => engine.lighthouse)?.lighthouse;
  if (lighthouse) {
    parts.push(
      '## Lighthouse (mobile)',
      'Lighthouse’s default mobile run (simulated slow 4G and a 4× slower CPU), performance only, ' +
        'against the SQLite bench server (after its load when the HTTP figures were measured); `/` and `/quiz/start` signed in as ' +
        'demo@example.com (the session stored as the web app stores it). Each page is run ' +
        `${lighthouse[0]?.scores.length ?? 0} times, each a cold load, with Chromium on both CPUs ` +
        '(Lighthouse asks for two dedicated cores); the figures are those of the median run, as ' +
        'Lighthouse chooses it, and every run’s score follows.',
      table(
        ['Page', 'Performance', 'FCP (s)', 'LCP (s)', 'CLS', 'TBT (ms)', 'Every run', 'Note'],
        lighthouse.map((page) => {
          const landed = page.finalUrl ? new URL(page.finalUrl).pathname : null;
          const note = page.error ?? (landed && landed !== page.path ? `landed on ${landed}` : '');
          return [
            `\`${page.path}\``,
            page.performance === null ? '–' : Math.round(page.performance * 100),
            num(page.fcpMs === null ? null : page.fcpMs / 1000, 2),
            num(page.lcpMs === null ? null : page.lcpMs / 1000, 2),
            num(page.cls, 2),
            num(page.tbtMs),
            page.scores.map((score) => (score === null ? '–' : Math.round(score * 100))).join(', '),
            note,
          ];
        }),
      ),
    );
  }

  if (figures.instructions) {
    const { bare, reads, quizzes } = figures.instructions;
    const read = reads[0];
    parts.push(
      '## Instructions per request',
      'The instructions one request costs the server’s process, counted by valgrind’s callgrind ' +
        `while ${num(read?.requests)} requests are served after ${num(read?.warmUp)} of warm-up, ` +
        'every kind counted warmed up once more before any is (SQLite, the demo data, eight ' +
        'keep-alive connections). The count moves less with the machine’s load than req/s, but it ' +
        'moves (V8 optimises on other threads, later on a busy machine): two builds are compared ' +
        'on an idle machine, or over several runs. The kernel’s share of a request is not in it, ' +
        'so its ratio to the bare server is not the ratio of req/s.',
      table(
        ['Request', 'Instructions', '÷ bare'],
        [
          ['bare `node:http`', num(bare), '1×'],
          ...reads.map((read) => [
            `\`${read.label}\``,
            num(read.instructions),
            ratio(read.instructions, bare),
          ]),
          [
            `${quizzes.label} (main thread)`,
            num(quizzes.instructions),
            ratio(quizzes.instructions, bare),
          ],
        ],
      ),
      `Quizzes played whole: one user plays quizzes one after the other (generate, ten checks, ` +
        `submit), ${num(quizzes.warmUp)} requests of warm-up, then ${num(quizzes.requests)} requests counted ` +
        'on the thread that serves them (V8 compiles on other threads, whose share after a short ' +
        'warm-up varies from run to run).',
    );
  }

  if (figures.skipped.length > 0)
    parts.push('## Not measured', figures.skipped.map((line) => `- ${line}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/**
 * A section's two bare rows: the slowest and the fastest of the bare runs made beside its
 * measurements, each the limit of its own row.
 * @param {LoadFigures[]} bares
 */
function bareRows(bares) {
  const sorted = [...bares].sort((a, b) => a.rps - b.rps);
  return [
    { label: 'bare `node:http`, slowest run', bare: /** @type {LoadFigures} */ (sorted[0]) },
    { label: 'bare `node:http`, fastest run', bare: /** @type {LoadFigures} */ (sorted.at(-1)) },
  ];
}

function nonOk(/** @type {Record<string, number> | undefined} */ statuses) {
  if (!statuses) return 0;
  return Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** @param {import('./rank.mjs').RankFigures} ranks */
function rankSection(ranks) {
  const stores = rankStores(ranks);
  const growth = (
    /** @type {import('./rank.mjs').BoardFigures[]} */ boards,
    /** @type {'top' | 'median'} */ who,
  ) => {
    const [small, large] = boards;
    return small && large ? ratio(large[who].us, small[who].us) : '–';
  };
  return [
    '## Rank lookup',
    'The rank store’s `ranks()` for one score, called in a loop in a process pinned to the ' +
      'server’s CPU, on boards of generated scores (the long tail of generate-people): the fastest ' +
      'of seven series, the four cases of a store taken in turn after a warm-up. The Redis board ' +
      'of a million is filled with ZADD; the store’s own load, a script call per user, is timed at ' +
      '100 000. Redis on this machine is moved to the load generator’s CPU for the run, as a store ' +
      'on its own host would leave the server’s CPU to it' +
      (ranks.redisPlacement ? ` (in this run: ${ranks.redisPlacement})` : '') +
      '; where the kernel put it, a series that found it on the worker’s CPU took a third of the ' +
      'time of one that did not.',
    table(
      [
        'Store',
        'Users',
        'Board load (ms)',
        'Top: rank',
        'Top µs',
        'Median: rank',
        'Median µs',
        'Median ÷ top',
      ],
      stores.flatMap(({ name, boards }) =>
        boards.map((board) => [
          name,
          board.users.toLocaleString('en'),
          board.loadMs === null ? '–' : num(board.loadMs),
          board.top.rank.toLocaleString('en'),
          num(board.top.us),
          board.median.rank.toLocaleString('en'),
          num(board.median.us),
          ratio(board.median.us, board.top.us),
        ]),
      ),
    ),
    table(
      ['Store', '1M ÷ 100k, top', '1M ÷ 100k, median'],
      stores.map(({ name, boards }) => [name, growth(boards, 'top'), growth(boards, 'median')]),
    ),
  ];
}

/** @param {{ app: import('./size.mjs').PageWeight, bare: import('./size.mjs').PageWeight }} size */
function sizeSection({ app, bare }) {
  const total = (/** @type {import('./size.mjs').PageWeight} */ w) => w.js.gzip + w.css.gzip;
  const row = (/** @type {string} */ label, /** @type {import('./size.mjs').PageWeight} */ w) => [
    label,
    w.js.files,
    kB(w.js.bytes),
    kB(w.js.gzip),
    ratio(w.js.gzip, bare.js.gzip),
    w.css.files,
    kB(w.css.bytes),
    kB(w.css.gzip),
    kB(total(w)),
    ratio(total(w), total(bare)),
  ];
  return [
    '## Initial JavaScript and CSS',
    'Every script and style sheet headless Chromium fetched to show the page (the entry, its ' +
      'preloads and the route’s chunk loaded on demand), each gzipped (zlib’s default level), ' +
      'against a bare Vite + React app (a heading and one CSS rule) built in the same run with the ' +
      'repository’s vite, react and @vitejs/plugin-react. kB are 1000 bytes.',
    table(
      [
        'Page',
        'JS files',
        'JS kB',
        'JS gzip kB',
        'JS ÷ bare',
        'CSS files',
        'CSS kB',
        'CSS gzip kB',
        'Total gzip kB',
        'Total ÷ bare',
      ],
      [row('`/login`', app), row('bare Vite + React', bare)],
    ),
  ];
}

/**
 * @param {import('./cluster.mjs').ClusterFigures[]} cluster
 * @param {{ seconds: number, connections: number }} options
 */
function clusterSection(cluster, options) {
  const one = cluster[0]?.figures;
  return [
    '## Several instances behind nginx',
    `\`GET /api/user\` through nginx (\`deploy/nginx/academy.conf\`, round robin) with wrk, one thread, ` +
      `${options.connections} connections, ${options.seconds} s, on PostgreSQL with the demo data and the ` +
      'ranks in Redis. nginx and the instances share the machine’s cores with the load generator, ' +
      'so the total cannot grow with instances: the ratio to one instance shows how flat the cost ' +
      'of a request stays as instances are added (1× is perfectly flat).',
    table(
      ['Instances', 'req/s', '÷ 1 instance', 'p50 ms', 'p99 ms', 'non-2xx'],
      cluster.map(({ instances, figures }) => [
        instances,
        num(figures.rps),
        one ? ratio(figures.rps, one.rps) : '',
        num(figures.p50),
        num(figures.p99),
        figures.errors,
      ]),
    ),
  ];
}
