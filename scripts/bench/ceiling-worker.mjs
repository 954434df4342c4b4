// PostgreSQL's own ceiling of writes, with no HTTP and no app, run pinned to the server's CPU by
// ceiling.mjs: `node ceiling-worker.mjs <job.json>` prints one JSON object of figures.
//
// Each connection commits the cheapest write any request of the write flows makes, one row updated
// in a statement of its own (its own transaction, committed as the app commits: synchronous_commit
// as the database has it), in a closed loop: a prepared statement, one round trip a transaction.
// Each connection updates a row of its own, so no transaction waits for another's lock.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './lib.mjs';

/** @typedef {{ url: string, connections: number, seconds: number, warmup: number }} Job */

const TABLE = 'bench_write_ceiling';

const job = /** @type {Job} */ (JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')));

const setup = new pg.Client({ connectionString: job.url });
await setup.connect();
await setup.query(`create table ${TABLE} (id integer primary key, writes bigint not null)`);
await setup.query(
  `insert into ${TABLE} (id, writes) select n, 0 from generate_series(1, $1::integer) as n`,
  [job.connections],
);

const clients = await Promise.all(
  Array.from({ length: job.connections }, async () => {
    const client = new pg.Client({ connectionString: job.url });
    await client.connect();
    return client;
  }),
);

/** @type {number[]} */
const ms = [];
let errors = 0;
const start = performance.now();
const recordFrom = start + job.warmup * 1000;
const recordUntil = recordFrom + job.seconds * 1000;

await Promise.all(
  clients.map(async (client, i) => {
    const write = {
      name: 'ceiling-write',
      text: `update ${TABLE} set writes = writes + 1 where id = $1`,
      values: [i + 1],
    };
    for (let sentAt = performance.now(); sentAt < recordUntil; sentAt = performance.now()) {
      try {
        await client.query(write);
        if (sentAt >= recordFrom) ms.push(performance.now() - sentAt);
      } catch {
        if (sentAt >= recordFrom) errors += 1;
      }
    }
  }),
);
await Promise.all(clients.map((client) => client.end()));
await setup.query(`drop table ${TABLE}`);
await setup.end();

ms.sort((a, b) => a - b);
/** @type {import('./lib.mjs').LoadFigures} */
const figures = {
  rps: ms.length / job.seconds,
  p50: percentile(ms, 0.5),
  p99: percentile(ms, 0.99),
  requests: ms.length,
  errors,
};
console.log(JSON.stringify(figures));
