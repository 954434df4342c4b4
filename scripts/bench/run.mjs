// `npm run bench [-- --only http,rank]`: builds what it needs, runs the measurements, prints a
// Markdown table of every figure and, on a full run, writes it to docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import prettier from 'prettier';
import { buildWebIfNeeded } from '../web-build.mjs';
import { measureCluster } from './cluster.mjs';
import { measureHttp } from './http.mjs';
import { measureInstructions } from './instructions.mjs';
import { ROOT, hasCommand, machine, pinning, tempDir } from './lib.mjs';
import { measureRanks } from './rank.mjs';
import { report } from './report.mjs';
import { measureWebSize } from './size.mjs';

const SUITES = ['http', 'postgres', 'cluster', 'rank', 'size', 'lighthouse', 'instructions'];
const OUTPUT = path.join(ROOT, 'docs/benchmarks.md');

const USAGE = `Usage: npm run bench [-- options]

  --only LIST         some of ${SUITES.join(',')} (default: all)
  --seconds N         seconds of each measured load run, after a quarter as much warm-up (default 10)
  --connections N     connections (wrk) and players at once (load client) (default 32)
  --write-rate N      requests a second of the fixed-rate write run (default 50)
  --note TEXT         a sentence added to the report
  --out FILE          where to write the report (default: docs/benchmarks.md on a full run only)

PostgreSQL is measured when DATABASE_URL is postgres://… (a database is created and dropped), and
with it 1, 2 and 4 instances behind nginx (the Debian package) sharing Redis;
Redis (rank store) at REDIS_URL, default redis://127.0.0.1:6379, when it answers.`;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'write-rate': { type: 'string', default: '50' },
    note: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const only = values.only ? values.only.split(',').map((name) => name.trim()) : SUITES;
const unknown = only.filter((name) => !SUITES.includes(name));
const numbers = {
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  rate: Number(values['write-rate']),
};
if (unknown.length > 0 || Object.values(numbers).some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(
    unknown.length ? `Unknown measurement: ${unknown.join(', ')}.\n` : 'Bad number.\n',
    USAGE,
  );
  process.exit(1);
}
const wants = (/** @type {string} */ name) => only.includes(name);

const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

if ((wants('http') || (wants('postgres') && postgresUrl)) && !hasCommand('wrk')) {
  console.error(
    'The HTTP measurements need wrk, the load generator. Install it (Debian or Ubuntu: ' +
      'sudo apt-get install wrk; macOS: brew install wrk), or leave them out: ' +
      'npm run bench -- --only rank,size,lighthouse',
  );
  process.exit(1);
}

const started = Date.now();
const about = machine();
const pin = pinning();
console.log(`Benchmarks: ${only.join(', ')}. ${pin.note}.`);
/** @type {string[]} */
const skipped = [];

console.log('▸ Build');
buildWebIfNeeded();
// The run's own copy of the build: a rebuild by someone else meanwhile cannot break its pages.
const webDist = path.join(tempDir('bench-web-'), 'dist');
fs.cpSync(path.join(ROOT, 'apps/web/dist'), webDist, { recursive: true });

/** @type {import('./report.mjs').Figures} */
const figures = { about, pin: pin.note, options: numbers, engines: [], skipped };

if (wants('rank')) {
  console.log('▸ Rank store');
  figures.ranks = await measureRanks(pin, redisUrl);
  if (!Array.isArray(figures.ranks.redis))
    skipped.push(`Rank store in Redis: ${figures.ranks.redis.skipped}.`);
}
if (wants('size')) {
  console.log('▸ Web size');
  figures.size = await measureWebSize(webDist);
}
if (wants('http') || wants('lighthouse')) {
  console.log('▸ SQLite');
  const options = { ...numbers, webDist, load: wants('http'), lighthouse: wants('lighthouse') };
  figures.engines.push(await measureHttp('sqlite', pin, options));
}
if (wants('postgres')) {
  if (postgresUrl) {
    console.log('▸ PostgreSQL');
    const options = { ...numbers, webDist, postgresUrl, load: true, lighthouse: false };
    figures.engines.push(await measureHttp('postgres', pin, options));
  } else {
    skipped.push('HTTP on PostgreSQL: DATABASE_URL does not name a PostgreSQL database.');
  }
}
if (wants('cluster')) {
  const nginx = hasCommand('nginx') || fs.existsSync('/usr/sbin/nginx');
  if (!postgresUrl) {
    skipped.push('Instances behind nginx: DATABASE_URL does not name a PostgreSQL database.');
  } else if (!nginx) {
    skipped.push('Instances behind nginx: nginx is not installed (apt-get install nginx).');
  } else {
    console.log('▸ Instances behind nginx');
    figures.cluster = await measureCluster(pin, { ...numbers, webDist, postgresUrl, redisUrl });
  }
}
if (wants('instructions')) {
  if (hasCommand('valgrind') && hasCommand('callgrind_control')) {
    console.log('▸ Instructions per request');
    figures.instructions = await measureInstructions({ webDist, dir: tempDir('bench-count-') });
  } else {
    skipped.push('Instructions per request: valgrind is not installed (apt-get install valgrind).');
  }
}
figures.minutes = (Date.now() - started) / 60_000;
if (values.note) figures.note = values.note;

// Formatted as the repository's Markdown is, so that the lint passes on the written report.
const markdown = await prettier.format(report(figures), {
  ...(await prettier.resolveConfig(OUTPUT)),
  parser: 'markdown',
});
console.log(`\n${markdown}`);
const out = values.out ? path.resolve(values.out) : values.only ? undefined : OUTPUT;
if (out) {
  fs.writeFileSync(out, markdown);
  console.log(`Written to ${path.relative(process.cwd(), out) || out}.`);
} else {
  console.log('Not written to docs/benchmarks.md: a partial run (--only) only prints.');
}
