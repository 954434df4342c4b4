import { Api, Gate } from '../crash/load';
import { sleep } from '../crash/server-process';

/**
 * The two ways the cluster test talks to the cluster: one call to a chosen instance, bypassing
 * nginx (to spread the calls of one play over the instances on purpose), and the crash test's
 * players through nginx, which picks the instance.
 */

export type Reply<T = unknown> = { status: number; body: T; headers: Headers };

/** Requests sent to the instances directly, for the report. */
export const direct = { requests: 0 };

/** One call; status 0 when no answer came (refused, reset, timed out). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  direct.requests += 1;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, body: body as T, headers: res.headers };
  } catch {
    return { status: 0, body: undefined as T, headers: new Headers() };
  }
}

/**
 * Whether an instance wrote the answer: the server sends its security headers on every answer,
 * nginx's own answers (a refusal, no instance reachable) have none.
 */
export function fromInstance(headers: Headers): boolean {
  return headers.has('content-security-policy');
}

/**
 * The crash test's Api, through nginx. A 5xx that nginx answered itself (the instance under the
 * request was killed, none took it) is a cut call to the player, replayed as after a kill: it is
 * tallied as 0 and counted in `proxyErrors`. A 5xx from an instance stays a server error.
 */
export class ProxiedApi extends Api {
  proxyErrors = 0;
  /** What each failed call was and what it got, with the time it ended. */
  readonly failures: string[] = [];

  constructor(private readonly nginxBase: string) {
    super(nginxBase, new Gate());
  }

  /** Every answer and cut call so far, and how many of them failed (cut, or any 5xx). */
  totals(): { requests: number; failed: number } {
    let requests = 0;
    let failed = 0;
    for (const statuses of this.tally.values()) {
      for (const [status, count] of statuses) {
        requests += count;
        if (status === 0 || status >= 500) failed += count;
      }
    }
    return { requests, failed };
  }

  override async call<T>(
    op: string,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    let answer: { status: number; body: T };
    try {
      const res = await fetch(`${this.nginxBase}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      if (res.status >= 500 && !fromInstance(res.headers)) {
        this.proxyErrors += 1;
        this.failures.push(`${stamp()} ${method} ${path}: ${res.status} from nginx ${text}`);
        answer = { status: 0, body: undefined as T };
      } else {
        answer = { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
      }
    } catch (error) {
      const cause = error instanceof Error ? (error.cause ?? error) : error;
      this.failures.push(`${stamp()} ${method} ${path}: no answer (${String(cause)})`);
      answer = { status: 0, body: undefined as T };
    }
    const counts = this.tally.get(op) ?? new Map<number, number>();
    counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    this.tally.set(op, counts);
    if (answer.status >= 500) {
      this.failures.push(`${stamp()} ${method} ${path}: ${answer.status} from an instance`);
      this.serverErrors.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (answer.status === 0) await sleep(50);
    return answer;
  }
}

function stamp(): string {
  return new Date().toISOString().slice(11, 23);
}
