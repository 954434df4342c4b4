// Instances of the built server behind nginx (deploy/nginx/academy.conf), on PostgreSQL and Redis:
// the same authenticated read through nginx with 1, 2 and 4 instances. On one machine the total
// cannot grow with instances; the figure is how flat the cost of a request stays as they are added.
import { register } from 'tsx/esm/api';
import { step, tempDir, wrk } from './lib.mjs';
import { benchDatabase, signIn } from './servers.mjs';

export const CLUSTER_SIZES = [1, 2, 4];

/**
 * @typedef {{ instances: number, figures: import('./lib.mjs').LoadFigures }} ClusterFigures
 * @param {{ client: string[] }} pin
 * @param {{ seconds: number, connections: number, webDist: string, postgresUrl: string, redisUrl: string }} options
 * @returns {Promise<ClusterFigures[]>}
 */
export async function measureCluster(pin, options) {
  register();
  const { Cluster, freePorts } = await import('../cluster/cluster.ts');
  /** @type {ClusterFigures[]} */
  const results = [];
  for (const instances of CLUSTER_SIZES) {
    step(`${instances} instance${instances > 1 ? 's' : ''} behind nginx`);
    const database = await benchDatabase('postgres', options.postgresUrl);
    const [port] = await freePorts(1);
    const cluster = await Cluster.start({
      instances,
      databaseUrl: database.url,
      redisUrl: options.redisUrl,
      dir: tempDir('bench-cluster-'),
      webDist: options.webDist,
      port: /** @type {number} */ (port),
      env: {
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        API_RATE_LIMIT: '0',
        LOG_LEVEL: 'warn',
        REDIS_KEY_PREFIX: `bench-${process.pid}-${instances}:`,
      },
    });
    try {
      const demo = await signIn(cluster.base, 'demo@example.com', 'demo1234');
      const figures = await wrk(pin.client, `${cluster.base}/api/user`, {
        seconds: options.seconds,
        connections: options.connections,
        headers: { authorization: `Bearer ${demo.token}` },
      });
      results.push({ instances, figures });
    } finally {
      await cluster.stop();
      await database.drop();
    }
  }
  return results;
}
