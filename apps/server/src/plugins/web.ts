import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@app/contract/errors';

/**
 * Serves the built web app and the uploaded pictures from the API's port. A path that is not an
 * API call and does not name a file gets index.html, so the web app's router can take it; /login
 * gets login.html, the login page's own entry without the router (decision 0030). Each page
 * carries the brand's configuration in a meta tag (no inline script, for the CSP).
 */
export default fp(
  async function web(app: FastifyInstance) {
    const { webDistDir, uploadDir, brandName, brandSlug, timeZone } = app.config;
    const indexFile = path.join(webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    let indexHtml: string | undefined;
    let loginHtml: string | undefined;
    if (hasWeb) {
      const appConfig = escapeAttribute(JSON.stringify({ brandName, brandSlug, timeZone }));
      const readPage = (file: string) =>
        fs
          .readFileSync(file, 'utf8')
          .replace(/(<meta name="app-config" content=")[^"]*(")/, `$1${appConfig}$2`);
      indexHtml = readPage(indexFile);
      const loginFile = path.join(webDistDir, 'login.html');
      // A build from before the login page had its own entry: the app's router shows it.
      loginHtml = fs.existsSync(loginFile) ? readPage(loginFile) : indexHtml;
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` copies of its text files: the one the browser accepts
        // is sent (with `Vary: Accept-Encoding`), never compressed per request. They are not
        // routes of their own, and neither is the page, which only goes out with its config.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'login.html'],
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    fs.mkdirSync(uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadDir,
      prefix: '/uploads/',
      decorateReply: !hasWeb,
      index: false,
      // Files being written start with a dot: never served.
      dotfiles: 'ignore',
      // A picture's name is random and never reused: its content never changes.
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });

    const sendPage = (reply: FastifyReply, html: string) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

    for (const [url, html] of [
      ['/', indexHtml],
      ['/index.html', indexHtml],
      ['/login', loginHtml],
    ] as const) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        html ? sendPage(reply, html) : notFound(request, reply),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api') &&
        !path.extname(request.url.split('?')[0]!);
      if (indexHtml && isPage) return sendPage(reply, indexHtml);
      return notFound(request, reply);
    });
  },
  { name: 'web', dependencies: ['db'] },
);

function notFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: MESSAGES.notFound });
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
