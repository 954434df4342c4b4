import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthService, type HeldToken, type Session } from '../modules/auth/auth.service';
import { unauthenticated } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    session: Session | null;
    /** What the matched route allows: see `apiAccessOf`. */
    routeAccess: RouteAccess | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a token. Every other /api route needs one. */
    public?: boolean;
    /** A public health probe of load balancers and orchestrators: never rate limited. */
    probe?: boolean;
  }
}

/**
 * What a request may do without a token, decided by the route it matched (its pattern and
 * config), never by the raw URL, which can be spelt many ways (`/%61pi/user` matches `/api/user`):
 * - `token`: a route under /api, or an unknown path that reads as one, needs a valid token;
 * - `public`: a route under /api marked public, or the OpenAPI viewer under /api/docs;
 * - `none`: not the API (the web app, its files, the uploads).
 */
export type ApiAccess = 'token' | 'public' | 'none';

/**
 * What the route of a request allows, whether it answers with data and whether it is a health
 * probe, read once per request (Fastify builds `routeOptions` anew on each read).
 */
type RouteAccess = { readonly access: ApiAccess; readonly data: boolean; readonly probe: boolean };

const NOT_API: RouteAccess = Object.freeze({ access: 'none', data: false, probe: false });
const NEEDS_TOKEN: RouteAccess = Object.freeze({ access: 'token', data: true, probe: false });
const PUBLIC_DATA: RouteAccess = Object.freeze({ access: 'public', data: true, probe: false });
const PROBE: RouteAccess = Object.freeze({ access: 'public', data: true, probe: true });
const API_VIEWER: RouteAccess = Object.freeze({ access: 'public', data: false, probe: false });

export function apiAccessOf(request: FastifyRequest): ApiAccess {
  return routeAccessOf(request).access;
}

/** Whether the route is a public health probe (`config.probe`), which plugins/rate-limit.ts never counts. */
export function isProbe(request: FastifyRequest): boolean {
  return routeAccessOf(request).probe;
}

/** Whether the answer is the API's data, not a page: any access but none, the API viewer's pages aside. */
export function answersWithData(request: FastifyRequest): boolean {
  return routeAccessOf(request).data;
}

/** Every hook asks (security headers, token, rate limit, caching): the route is read the first time. */
function routeAccessOf(request: FastifyRequest): RouteAccess {
  return (request.routeAccess ??= readRouteAccess(request));
}

function readRouteAccess(request: FastifyRequest): RouteAccess {
  // Fastify builds `routeOptions` anew on each read.
  const route = request.is404 ? undefined : request.routeOptions;
  if (route?.url === undefined) {
    return isUnderApi(normalizedPath(request.url)) ? NEEDS_TOKEN : NOT_API;
  }
  const pattern = route.url;
  if (!isUnderApi(pattern)) return NOT_API;
  if (isApiViewer(pattern)) return API_VIEWER;
  if (route.config.public !== true) return NEEDS_TOKEN;
  return route.config.probe === true ? PROBE : PUBLIC_DATA;
}

/**
 * Secure by default: every /api route needs a valid bearer token unless it is marked public.
 * The token is read when the request arrives, without refusing anything yet, so that the rate
 * limit (plugins/rate-limit.ts, also on onRequest) counts a valid token by itself and anything
 * else by its address; anonymous calls to protected routes are refused right after, before the
 * body is read.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const sessions = app.heldReads.hold<number, HeldToken>((held) => held.session.userId);
    app.decorate('auth', new AuthService(app.db, app.throttle, sessions));
    app.decorateRequest('session', null);
    app.decorateRequest('routeAccess', null);
    // Callback hooks: a request without a token, as most public and all page requests are, and
    // one whose token this instance holds, pass them without waiting for a turn of the event loop.
    app.addHook('onRequest', (request, _reply, done) => {
      const bearer = apiAccessOf(request) === 'none' ? undefined : bearerOf(request);
      if (bearer === undefined) return done();
      const held = app.auth.heldSessionFor(bearer);
      if (held !== undefined) {
        request.session = held;
        return done();
      }
      app.auth.sessionFor(bearer).then((session) => {
        request.session = session;
        done();
      }, done);
    });
    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (apiAccessOf(request) === 'token' && !request.session) return done(unauthenticated());
      done(null, payload);
    });
  },
  { name: 'auth', dependencies: ['db', 'throttle', 'held-reads'] },
);

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The OpenAPI viewer's pages and document (plugins/docs.ts). */
function isApiViewer(pattern: string): boolean {
  return isUnder(pattern, '/api/docs');
}

function isUnderApi(path: string): boolean {
  return isUnder(path, '/api');
}

/** An unmatched URL read the way a lenient router might: decoded, lowercased, slashes merged. */
function normalizedPath(url: string): string {
  const path = url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: keep the path as it came.
  }
  return decoded
    .replaceAll('\\', '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

/** The session of an authenticated route (the hook has already refused anonymous calls). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated();
  return request.session;
}
