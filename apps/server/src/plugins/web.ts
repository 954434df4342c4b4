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
 * carries the brand's configuration in a meta tag (no inline script, for the CSP). A page sent for
 * a route whose page is loaded when first visited also names that page's files (decision 0043).
 */
export default fp(
  async function web(app: FastifyInstance) {
    const { webDistDir, uploadDir, brandName, brandSlug, timeZone } = app.config;
    const indexFile = path.join(webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    let indexPage: Page | undefined;
    let loginPage: Page | undefined;
    let routePages: RoutePage[] = [];
    if (hasWeb) {
      const appConfig = escapeAttribute(JSON.stringify({ brandName, brandSlug, timeZone }));
      const readPage = (file: string) =>
        fs
          .readFileSync(file, 'utf8')
          .replace(/(<meta name="app-config" content=")[^"]*(")/, `$1${appConfig}$2`);
      const indexHtml = readPage(indexFile);
      indexPage = pageOf(indexHtml);
      routePages = routePagesOf(webDistDir, indexHtml, brandSlug);
      const loginFile = path.join(webDistDir, 'login.html');
      // A build from before the login page had its own entry: the app's router shows it.
      loginPage = fs.existsSync(loginFile) ? pageOf(readPage(loginFile)) : indexPage;
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` copies of its text files: the one the browser accepts
        // is sent (with `Vary: Accept-Encoding`), never compressed per request. They are not
        // routes of their own, and neither is the page, which only goes out with its config.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'login.html', ROUTE_FILES],
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

    const sendPage = (reply: FastifyReply, { html, link }: Page) => {
      if (link) reply.header('link', link);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };

    for (const [url, page] of [
      ['/', indexPage],
      ['/index.html', indexPage],
      ['/login', loginPage],
    ] as const) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        page ? sendPage(reply, page) : notFound(request, reply),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api') &&
        !path.extname(request.url.split('?')[0]!);
      if (indexPage && isPage) {
        const pathname = request.url.split('?')[0]!;
        const route = routePages.find((candidate) => candidate.path.test(pathname));
        return sendPage(reply, route?.page ?? indexPage);
      }
      return notFound(request, reply);
    });
  },
  { name: 'web', dependencies: ['db'] },
);

/** The build's list of the files of each route whose page is loaded when first visited. */
const ROUTE_FILES = 'route-preloads.json';

/**
 * A page as it is sent: its HTML, and a `Link` header naming the scripts it loads at once, which
 * the browser fetches as soon as the header arrives, before it reads the page (decision 0043).
 */
type Page = { html: string; link: string };

const SCRIPT =
  /<(?:link rel="modulepreload"|script type="module") crossorigin (?:href|src)="([^"]+)"/g;

function pageOf(html: string): Page {
  const scripts = [...html.matchAll(SCRIPT)].map((match) => `<${match[1]}>; rel=modulepreload`);
  return { html, link: scripts.join(', ') };
}

/** A route of the web app, and the app's page to send for an address of it. */
type RoutePage = { path: RegExp; page: Page };

/**
 * The page of each route whose files the build lists (decision 0043): the app's page, naming that
 * route's own scripts and styles too, so that a page opened from a link, a bookmark or a reload
 * has the browser fetch them along with the app's instead of once the app has started. A route
 * pattern's `:name` is any one segment and `{brandSlug}` the brand's slug; case and a final slash
 * do not matter, as for the web app's router.
 */
function routePagesOf(webDistDir: string, indexHtml: string, brandSlug: string): RoutePage[] {
  const file = path.join(webDistDir, ROUTE_FILES);
  if (!fs.existsSync(file)) return [];
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    pattern: string;
    scripts: string[];
    styles: string[];
  }[];
  return routes
    .filter((route) => route.scripts.length > 0 || route.styles.length > 0)
    .map(({ pattern, scripts, styles }) => {
      const segments = pattern
        .replace('{brandSlug}', brandSlug)
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        );
      const links = [
        ...styles.map(
          (asset) =>
            `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${asset}">`,
        ),
        ...scripts.map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}">`),
      ];
      return {
        path: new RegExp(`^${segments.join('/')}/?$`, 'i'),
        page: pageOf(indexHtml.replace('</head>', `${links.join('\n')}\n</head>`)),
      };
    });
}

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
