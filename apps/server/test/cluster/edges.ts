import http from 'node:http';
import net from 'node:net';
import { call, fromInstance } from './clients';
import type { Person } from './across';
import type { Checks } from './report';

/** What nginx must refuse or drop itself, before an instance spends anything on it. */

const MIB = 1024 * 1024;

/**
 * A body that announces `size` bytes, of which at most `sendAtMost` are sent: nginx refuses it
 * from its headers. Resolves with the status, whether an instance answered, and the bytes sent.
 */
function announce(
  base: string,
  path: string,
  size: number,
  sendAtMost: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; byInstance: boolean; sent: number; ms: number }> {
  const url = new URL(path, base);
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(size), ...headers },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < sendAtMost) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          byInstance: 'content-security-policy' in res.headers,
          sent,
          ms: Date.now() - started,
        }),
      );
    });
    req.on('error', () =>
      resolve({ status: 0, byInstance: false, sent, ms: Date.now() - started }),
    );
    req.setTimeout(20_000, () => req.destroy());
    pump();
  });
}

/** A multipart body of `size` bytes of junk for the profile picture's route. */
async function upload(base: string, token: string, size: number) {
  const form = new FormData();
  form.append(
    'profile_picture',
    new Blob([Buffer.alloc(size, 0x42)], { type: 'image/png' }),
    'big.png',
  );
  const res = await fetch(`${base}/api/user/profile-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, byInstance: fromInstance(res.headers) };
}

/** Bodies over the server's limits are refused by nginx; the picture's larger limit passes. */
export async function bodyLimits(checks: Checks, base: string, user: Person) {
  const huge = await announce(base, '/api/login', 50 * MIB, 4 * MIB);
  checks.record(
    'a 50 MB request is refused by nginx before any instance',
    huge.status === 413 && !huge.byInstance && huge.sent < 50 * MIB,
    `${huge.status} from ${huge.byInstance ? 'an instance' : 'nginx'} after ` +
      `${Math.round(huge.sent / 1024)} KiB of 50 MiB sent, in ${huge.ms} ms`,
  );
  const json = await announce(base, '/api/login', MIB + 1, MIB + 1);
  const picture = await upload(base, user.token, 1.5 * MIB);
  const tooBigPicture = await upload(base, user.token, 3 * MIB);
  checks.record(
    "nginx's body limits are the server's",
    json.status === 413 &&
      !json.byInstance &&
      picture.byInstance &&
      picture.status !== 413 &&
      tooBigPicture.status === 413 &&
      !tooBigPicture.byInstance,
    `1 MiB + 1 byte of JSON: ${json.status} from ${json.byInstance ? 'an instance' : 'nginx'}; ` +
      `a 1.5 MiB picture reaches an instance (${picture.status}); a 3 MiB one: ` +
      `${tooBigPicture.status} from ${tooBigPicture.byInstance ? 'an instance' : 'nginx'}`,
  );
}

/**
 * `count` connections that send nothing: nginx closes them all after its header timeout, serving
 * others meanwhile, and no instance notices.
 */
export async function silentConnections(
  checks: Checks,
  base: string,
  port: number,
  count: number,
  readiness: () => Promise<string[]>,
) {
  const opened = Date.now();
  let closed = 0;
  let lastClosedAt = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket | undefined>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.on('connect', () => resolve(socket));
          socket.on('error', () => resolve(undefined));
          socket.on('close', () => {
            closed += 1;
            lastClosedAt = Date.now();
          });
          socket.resume();
        }),
    ),
  );
  const connected = sockets.filter(Boolean).length;
  // Served meanwhile: a second into the silence, and again later.
  const served: number[] = [];
  for (const wait of [1000, 4000]) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const res = await call(base, 'GET', '/api/health/ready');
    served.push(res.status);
  }
  const deadline = opened + 30_000;
  while (closed < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const socket of sockets) socket?.destroy();
  const after = await readiness();
  const alive = after.every((status) => status === '200');
  checks.record(
    `${count} connections that send nothing are closed, and nothing falls over`,
    connected === count &&
      closed >= count &&
      served.every((s) => s === 200) &&
      alive &&
      lastClosedAt - opened < 20_000,
    `${connected} opened, ${closed} closed by nginx after ${((lastClosedAt - opened) / 1000).toFixed(1)} s; ` +
      `served meanwhile: ${served.join(', ')}; readiness of the instances after: ${after.join(', ')}`,
  );
}

/** /metrics is refused through nginx, however it is spelt, with or without the token. */
export async function metricsRefused(
  checks: Checks,
  base: string,
  instanceBase: string,
  metricsToken: string,
) {
  const spellings = ['/metrics', '/metrics/', '//metrics', '/%6Detrics', '/metrics?x=1'];
  const outside = await Promise.all(
    spellings.map(async (path) => {
      const res = await call(base, 'GET', path, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      return { path, status: res.status, leaked: res.status === 200 };
    }),
  );
  checks.record(
    '/metrics from outside, through nginx, is refused',
    outside.every((o) => !o.leaked && o.status !== 0),
    outside.map((o) => `${o.path} ${o.status}`).join(', ') + ' (with the metrics token)',
  );
  const inside = await call<string>(instanceBase, 'GET', '/metrics');
  const text = typeof inside.body === 'string' ? inside.body : '';
  const names = [
    'http_requests_total',
    'http_request_duration_seconds',
    'db_pool_connections_in_use',
    'db_pool_connections_waiting',
    'nodejs_eventloop_lag',
    'redis_up',
  ];
  const missing = names.filter((name) => !text.includes(name));
  checks.record(
    '/metrics is served to the loopback address on an instance',
    inside.status === 200 && missing.length === 0,
    `${inside.status}` +
      (missing.length ? `; missing: ${missing.join(', ')}` : `; ${names.join(', ')}`),
  );
}

/**
 * A client writing its own X-Forwarded-For, with more hops than the instances trust, is still
 * counted as its own address: after the burst, that address is at its limit for that email.
 */
export async function forgedForwardedFor(checks: Checks, base: string, email: string) {
  const forged = await call(base, 'POST', '/api/login', {
    body: { email, password: 'still not the password' },
    headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9, 192.0.2.1' },
  });
  checks.record(
    'a forged X-Forwarded-For is counted as the client itself',
    forged.status === 429,
    `a wrong password for the burst's email, with three forged hops, through nginx: ` +
      `${forged.status} (429: counted under the client's own address, at its limit)`,
  );
}

/** 40 wrong passwords for one email, at once through nginx: at most 5 are checked. */
export async function passwordBurst(checks: Checks, base: string, email: string) {
  const statuses = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      call(base, 'POST', '/api/login', {
        body: { email, password: 'not the password' },
        // Found again in nginx's access log, with the instance each went to.
        headers: { 'x-request-id': `burst-${i}` },
      }).then((res) => res.status),
    ),
  );
  const checked = statuses.filter((s) => s === 401).length;
  const refused = statuses.filter((s) => s === 429).length;
  checks.record(
    '40 parallel wrong passwords over the instances: at most 5 checked',
    checked <= 5 && checked + refused === 40,
    `${checked} checked (401), ${refused} refused (429), ` +
      `${40 - checked - refused} other, all from one address through nginx`,
  );
  return checked;
}
