import { afterEach, describe, expect, it } from 'vitest';
import { startBare, startBareFastify } from './servers.mjs';
import { tempDir } from './lib.mjs';

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
