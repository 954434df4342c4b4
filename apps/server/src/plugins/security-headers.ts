import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The page loads nothing but its own files; no inline script or style, no framing. */
const CONTENT_SECURITY_POLICY = [
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

/**
 * The security headers of every answer (OWASP ASVS 4.0.3 V14.4, docs/security.md), written out
 * once: they never depend on the request, so nothing is computed per request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // As the CSP's frame-ancestors 'none', for browsers that read only this header.
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditors did harm; the CSP does their work.
  'x-xss-protection': '0',
});

/**
 * Every answer carries the security headers and its request id (the proxy's, or a new one: see
 * app.ts), set by one hook as the request arrives.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      reply.headers(SECURITY_HEADERS);
      done();
    });
  },
  { name: 'security-headers' },
);
