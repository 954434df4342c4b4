// The HTTP figures of one database engine: reads with wrk, writes with the load client, the
// server's memory after the load, each against a bare node:http server measured in the same run;
// then Lighthouse on the same server when asked.
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
} from './servers.mjs';
import { measureWrites } from './writes.mjs';

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
        // What the headers of every API answer cost Node alone, whatever the framework and app.
        const withHeaders = await startBare(
          pin.server,
          dir,
          await apiAnswerHeaders(`${app.url}/api/health`),
        );
        try {
          const label = 'bare `node:http` with the API’s answer headers';
          reads.push({
            label,
            reference: true,
            ...(await againstBare(label, `${withHeaders.url}/`, {})),
          });
        } finally {
          await withHeaders.stop();
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
