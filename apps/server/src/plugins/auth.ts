import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthService, type Session } from '../modules/auth/auth.service';
import { unauthenticated } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a token. Every other /api route needs one. */
    public?: boolean;
  }
}

const PUBLIC_PREFIXES = ['/api/docs'];

/** Secure by default: every /api route needs a valid bearer token unless it is marked public. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('auth', new AuthService(app.db, app.throttle));
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api')) return;
      if (request.routeOptions.config?.public) return;
      if (PUBLIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      request.session = await app.auth.authenticate(bearerOf(request));
    });
  },
  { name: 'auth', dependencies: ['db', 'throttle'] },
);

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
