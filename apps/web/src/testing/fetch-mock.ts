import { vi } from 'vitest';

export type FetchCall = {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  init: RequestInit;
};

type Reply = Response | Promise<Response> | ((call: FetchCall) => Response | Promise<Response>);
type Route = { method: string; path: string; reply: Reply };

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with a small router of canned answers, and records every call. Unlisted calls
 * answer 404 (so a forgotten stub shows up as an error, not as a hang).
 */
export function mockFetch() {
  const routes: Route[] = [];
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: FetchCall = { url, method, headers: new Headers(init.headers), body, init };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) return json(404, { message: 'Not found.' });
    // A function answers each call anew, and may read it (its query, its body).
    const reply = typeof route.reply === 'function' ? route.reply(call) : route.reply;
    return reply instanceof Response ? reply.clone() : reply;
  });
  vi.stubGlobal('fetch', fetchMock);

  const api = {
    calls,
    fetch: fetchMock,
    on(method: string, path: string, reply: Reply) {
      routes.unshift({ method, path, reply });
      return api;
    },
    callsTo(method: string, path: string) {
      return calls.filter(
        (c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path,
      );
    },
  };
  return api;
}

/** A promise you resolve by hand, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
