import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answersWithData, apiAccessOf } from './auth';

/** The page loads nothing but its own files; no inline script or style, no framing. */
const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "connect-src 'self'",
].join(';');

/** What every answer carries, a page's or the API's. */
const EVERY_ANSWER = {
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  // As the CSP's frame-ancestors 'none', for browsers that read only this header.
  'x-frame-options': 'DENY',
} as const;

/**
 * The security headers of the web app's pages and files (OWASP ASVS 4.0.3 V14.4,
 * docs/security.md), written out once: they never depend on the request.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...EVERY_ANSWER,
  'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditors did harm; the CSP does their work.
  'x-xss-protection': '0',
});

/**
 * The API's answers are data, never a document, so they carry the headers of OWASP's REST security
 * cheat sheet: a CSP under which nothing loads and nothing frames, nosniff, no framing, HSTS; and
 * same-origin reads only. The headers that only a document reads (COOP, Referrer-Policy,
 * Origin-Agent-Cluster, the old browsers' switches) stay on the pages.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...EVERY_ANSWER,
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
});

/**
 * An API answer holds a person's data: no browser or proxy stores it (ASVS 8.2.1), and opened
 * directly it is a file to save, never a page to render (ASVS 14.4.2). Every API answer is JSON (a
 * route's zod schema, or an error's `{message}`); a route that answers otherwise sets its own.
 */
const API_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_SECURITY_HEADERS,
  'cache-control': 'no-store',
  'content-disposition': 'attachment; filename="api.json"',
});

/** The API viewer's pages are pages, stored by no browser or proxy, like the data they show. */
const API_VIEWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...PAGE_SECURITY_HEADERS,
  'cache-control': 'no-store',
});

/** The headers an answer starts with, by what its route answers; a route may set its own over them. */
function headersFor(request: FastifyRequest): Readonly<Record<string, string>> {
  if (answersWithData(request)) return API_ANSWER_HEADERS;
  return apiAccessOf(request) === 'none' ? PAGE_SECURITY_HEADERS : API_VIEWER_HEADERS;
}

/**
 * Every answer carries its security headers, its caching and its request id (the proxy's, or a
 * new one: see app.ts), set by one hook as the request arrives, each set written out once: the
 * API's on the API's routes (and on an unknown path under /api), the pages' on everything else,
 * the API viewer's pages included. Set before the route runs, they are on its errors too.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      reply.headers(headersFor(request));
      done();
    });
  },
  { name: 'security-headers' },
);
