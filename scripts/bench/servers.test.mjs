import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  placeRedis,
  redisClient,
  redisProcessId,
  startBare,
  startBareFastify,
} from './servers.mjs';
import { pinning, tempDir } from './lib.mjs';

/** @type {(() => Promise<void>)[]} */
const stops = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('the bare servers the reads are measured against', () => {
  const headers = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
  };

  it.each([
    ['node:http', startBare],
    ['Fastify', startBareFastify],
  ])('%s answers the same short text with the headers it is given', async (_name, start) => {
    const server = await start([], tempDir('bench-bare-test-'), headers);
    stops.push(server.stop);
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Hello, world!\n');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const [name, value] of Object.entries(headers))
      expect(response.headers.get(name)).toBe(value);
  });
});

describe('Redis placed off the server’s CPU for the rank store’s timing', () => {
  it('reads the process id Redis gives in its server information', () => {
    const info = '# Server\r\nredis_version:7.0.15\r\nprocess_id:2292\r\ntcp_port:6379\r\n';
    expect(redisProcessId(info)).toBe(2292);
    expect(redisProcessId('# Server\r\nredis_version:7.0.15\r\n')).toBeUndefined();
  });

  it('moves nothing when nothing is pinned, or when Redis does not answer', async () => {
    expect((await placeRedis('redis://127.0.0.1:6379', [])).note).toBe(
      'not placed: nothing is pinned',
    );
    expect((await placeRedis('redis://127.0.0.1:1', ['taskset', '-c', '1'])).note).toBe(
      'not placed: Redis does not answer',
    );
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  const pin = pinning();
  it.runIf(redisUrl && pin.client.length > 0)(
    'gives the Redis of this machine the load generator’s CPU, and its own back after',
    async () => {
      const affinity = (/** @type {number} */ pid) =>
        spawnSync('taskset', ['-pc', String(pid)], { encoding: 'utf8' })
          .stdout.split(':')
          .pop()
          ?.trim();
      const client = redisClient(/** @type {string} */ (redisUrl));
      const pid = redisProcessId(await client.info('server'));
      client.disconnect();
      const before = affinity(/** @type {number} */ (pid));
      const placed = await placeRedis(/** @type {string} */ (redisUrl), pin.client);
      try {
        expect(placed.note).toMatch(/^its processes on CPU \d+ with the load generator/);
        expect(affinity(/** @type {number} */ (pid))).toBe(pin.client.at(-1));
      } finally {
        placed.restore();
      }
      expect(affinity(/** @type {number} */ (pid))).toBe(before);
    },
  );
});
