// `npm run cluster [-- --instances N --port P]`: N instances of the built server (default 3) behind
// nginx (deploy/nginx/academy.conf), on the PostgreSQL of DATABASE_URL and the Redis of REDIS_URL.
// Enter restarts the instances one at a time, as a deploy does; Ctrl-C stops everything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { buildServer } from '../../apps/server/scripts/build.mjs';
import { buildWebIfNeeded, ROOT } from '../web-build.mjs';
import { Cluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || !Number.isInteger(port)) {
  console.error('usage: npm run cluster -- [--instances N (1 or more)] [--port P]');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'npm run cluster needs PostgreSQL: several instances share one database, which SQLite cannot ' +
      'be.\nSet DATABASE_URL=postgres://user:password@host:5432/db (and REDIS_URL=redis://host:6379).',
  );
  process.exit(1);
}
if (!/^rediss?:\/\//.test(redisUrl)) {
  console.error(
    'npm run cluster needs Redis: the instances share the login throttle, the API rate limit and ' +
      'the ranks in it.\nSet REDIS_URL=redis://host:6379.',
  );
  process.exit(1);
}

buildWebIfNeeded();
await buildServer();

// The app's settings that the server process is not handed by default, passed on as given.
const passed = ['DEMO_DATA', 'LOG_LEVEL', 'API_RATE_LIMIT', 'RANKED_QUIZZES_PER_DAY', 'NODE_ENV'];
const env = Object.fromEntries(
  passed.filter((name) => process.env[name]).map((name) => [name, process.env[name]]),
);
if (process.env.UPLOAD_DIR) env.UPLOAD_DIR = process.env.UPLOAD_DIR;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-cluster-'));
const showLog = (index, server) => {
  for (const stream of [server.child.stdout, server.child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on('line', (line) => process.stdout.write(`[${index + 1}] ${line}\n`));
  }
};

console.log(`Starting ${instances} instances and nginx…`);
let cluster;
try {
  cluster = await Cluster.start({
    instances,
    databaseUrl,
    redisUrl,
    dir,
    webDist: path.join(ROOT, 'apps/web/dist'),
    port,
    public: true,
    firstInstancePort: 3001,
    env,
    onStart: showLog,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}

console.log(
  `\nServing on http://localhost:${port} (nginx) → instances on ${cluster.ports
    .map((p) => `127.0.0.1:${p}`)
    .join(', ')}` +
    `\nnginx configuration: ${path.join(dir, 'nginx.conf')}, access log: ${cluster.accessLog}` +
    (process.stdin.isTTY ? '\nEnter: rolling restart. Ctrl-C: stop.' : '\nCtrl-C: stop.'),
);

let busy = false;
if (process.stdin.isTTY) {
  readline.createInterface({ input: process.stdin }).on('line', async () => {
    if (busy) return;
    busy = true;
    console.log('Rolling restart: building the server, then each instance in turn…');
    await buildServer();
    await cluster.rollingRestart(({ index, exitCode, stopMs }) =>
      console.log(
        `Instance ${index + 1} stopped in ${stopMs} ms (exit ${exitCode}), started and ready again.`,
      ),
    );
    console.log('Rolling restart done.');
    busy = false;
  });
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the instances and nginx…');
  const codes = await cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The terminal closed: without this, nginx (for which SIGHUP means reload) would outlive us.
process.on('SIGHUP', stop);
