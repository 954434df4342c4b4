// The HTTP figures of one database engine: reads with wrk, writes with the load client, the
// server's memory after the load, each against a bare node:http server measured in the same run;
// then Lighthouse on the same server when asked.
import { measureWriteCeiling } from './ceiling.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { PAIRS, alternate, pairSeconds, residentMemory, step, tempDir } from './lib.mjs';
import {
  apiAnswerHeaders,
  benchDatabase,
  checkpoint,
  fillDatabase,
  placePostgres,
  signInEveryone,
  startApp,
  startBare,
  startBareFastify,
} from './servers.mjs';
import { measureWrites } from './writes.mjs';

/** The reference read of the framework alone: Fastify with the API's answer headers, no app. */
export const BARE_FASTIFY = 'bare Fastify with the API’s answer headers';

/** The reads measured, as the web app makes them. */
export const READS = [
  { label: 'GET /api/user', path: '/api/user', auth: true },
  { label: 'GET /api/health', path: '/api/health', auth: false },
  { label: 'GET /api/training', path: '/api/training', auth: true },
  { label: 'GET /api/quiz/daily-status', path: '/api/quiz/daily-status', auth: true },
  {
    label: 'GET /api/rankings/global?per_page=20',
    path: '/api/rankings/global?per_page=20',
    auth: true,
  },
];

/**
 * @typedef {{ server: string[], client: string[], note: string }} Pinning
 * @typedef {{ seconds: number, connections: number, rate: number }} LoadOptions
 * @typedef {{ label: string, reference?: boolean } & import('./lib.mjs').PairedFigures} ReadFigures
 * @typedef {{
 *   engine: string,
 *   placement?: string,
 *   load?: { reads: ReadFigures[],
 *            writes: Awaited<ReturnType<typeof measureWrites>>, memory: { rssMiB: number, peakMiB: number } },
 *   lighthouse?: import('./lighthouse.mjs').PageScore[]
 * }} EngineFigures
 */

/**
 * @param {'sqlite' | 'postgres'} engine
 * @param {Pinning} pin
 * @param {LoadOptions & { webDist: string, postgresUrl?: string, load: boolean, lighthouse: boolean }} options
 * @returns {Promise<EngineFigures>}
 */
export async function measureHttp(engine, pin, options) {
  const dir = tempDir(`bench-${engine}-`);
  const database = await benchDatabase(engine, options.postgresUrl);
  try {
    await fillDatabase(database.url, dir);
    step('checkpoint: the fill written to the database files');
    await checkpoint(database.url);
    const placed =
      engine === 'postgres' ? await placePostgres(database.url, pin.client) : undefined;
    if (placed) step(`${database.label}: ${placed.note}`);
    step('starting the bare server and the app (NODE_ENV=production)');
    const bare = await startBare(pin.server, dir);
    const app = await startApp(pin.server, database.url, dir, options.webDist);
    try {
      const { demo, players } = await signInEveryone(app.url, options.load);
      /** @type {EngineFigures} */
      const figures = { engine: database.label, placement: placed?.note };
      if (options.load) {
        const load = { seconds: options.seconds, connections: options.connections };
        /**
         * A read measured in turn with the bare server (`alternate`): the limit is measured
         * beside each, since the machine's speed drifts over a run by more than the ratios are
         * read for.
         * @param {string} label
         * @param {string} url
         * @param {Record<string, string>} headers
         * @returns {Promise<Omit<ReadFigures, 'label'>>}
         */
        const againstBare = (label, url, headers) => {
          step(
            `wrk: bare server and ${label} in turn, ${PAIRS} pairs of ${pairSeconds(load.seconds)} s, ${load.connections} connections`,
          );
          return alternate(pin.client, `${bare.url}/`, url, { ...load, headers });
        };
        /** @type {ReadFigures[]} */
        const reads = [];
        // What the headers of every API answer cost Node alone, whatever the framework and app,
        // then with the framework and none of the app.
        const answerHeaders = await apiAnswerHeaders(`${app.url}/api/health`);
        const references = [
          {
            label: 'bare `node:http` with the API’s answer headers',
            start: () => startBare(pin.server, dir, answerHeaders),
          },
          {
            label: BARE_FASTIFY,
            start: () => startBareFastify(pin.server, dir, answerHeaders),
          },
        ];
        for (const { label, start } of references) {
          const reference = await start();
          try {
            reads.push({
              label,
              reference: true,
              ...(await againstBare(label, `${reference.url}/`, {})),
            });
          } finally {
            await reference.stop();
          }
        }
        for (const read of READS) {
          /** @type {Record<string, string>} */
          const headers = read.auth ? { authorization: `Bearer ${demo.token}` } : {};
          reads.push({
            label: read.label,
            ...(await againstBare(read.label, `${app.url}${read.path}`, headers)),
          });
        }
        const writes = await measureWrites(pin.client, {
          ...load,
          appUrl: app.url,
          bareUrl: bare.url,
          dir,
          rate: options.rate,
          demo,
          players,
          checkpoint: () => checkpoint(database.url),
          // What PostgreSQL itself commits bounds the writes' figures on this machine.
          ceiling:
            engine === 'postgres'
              ? ({ seconds, warmup, connections }) =>
                  measureWriteCeiling(pin.server, {
                    url: database.url,
                    connections,
                    seconds,
                    warmup,
                    dir,
                  })
              : undefined,
        });
        figures.load = { reads, writes, memory: residentMemory(app.child.pid) };
      }
      if (options.lighthouse)
        figures.lighthouse = await measureLighthouse({ url: app.url, demo, dir });
      return figures;
    } finally {
      await app.stop();
      await bare.stop();
      placed?.restore();
    }
  } finally {
    await database.drop();
  }
}
