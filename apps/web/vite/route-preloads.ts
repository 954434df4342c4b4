import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** What the server adds to the page it sends for an address of a route: its page's own files. */
export type RoutePreloads = { pattern: string; scripts: string[]; styles: string[] }[];

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `node` (itself included), except what is under a key `skip` names. */
function* walk(node: unknown, skip: (key: string) => boolean = () => false): Generator<Node> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item, skip);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (!skip(key) && typeof value === 'object') yield* walk(value, skip);
  }
}

/** The route objects of the router: `{ path: rel(routePatterns.name), …import('module')… }`. */
function lazyRoutes(program: unknown): { name: string; source: string }[] {
  const found: { name: string; source: string }[] = [];
  for (const node of walk(program)) {
    if (node.type !== 'ObjectExpression') continue;
    const properties = node.properties as Node[];
    const pathValue = properties.find(
      (property) => property.type === 'Property' && (property.key as Node).name === 'path',
    )?.value as Node | undefined;
    const pattern =
      pathValue?.type === 'CallExpression' ? (pathValue.arguments as Node[])[0] : null;
    if (pattern?.type !== 'MemberExpression') continue;
    if ((pattern.object as Node).name !== 'routePatterns') continue;
    // The route's own properties: a child route is an object of its own.
    const imports = [...walk(properties, (key) => key === 'children')].filter(
      (inner) => inner.type === 'ImportExpression',
    );
    if (imports.length === 0) continue;
    const source = imports[0]!.source as Node;
    if (imports.length > 1 || source.type !== 'Literal' || typeof source.value !== 'string') {
      throw new Error('route-preloads: a route imports its page by more than one literal name.');
    }
    found.push({ name: (pattern.property as Node).name as string, source: source.value });
  }
  return found;
}

/**
 * The patterns of `routePatterns`: a string, or a template whose only expression is the brand's
 * slug (the league), written `{brandSlug}` for the server, which knows it.
 */
function routePatterns(program: unknown): Map<string, string> {
  const patterns = new Map<string, string>();
  const declaration = [...walk(program)].find(
    (node) => node.type === 'VariableDeclarator' && (node.id as Node).name === 'routePatterns',
  );
  let object = declaration?.init as Node | undefined;
  while (object && object.type !== 'ObjectExpression') object = object.expression as Node;
  for (const property of (object?.properties ?? []) as Node[]) {
    const name = (property.key as Node).name as string;
    const value = property.value as Node;
    if (value.type === 'Literal' && typeof value.value === 'string') {
      patterns.set(name, value.value);
      continue;
    }
    const expressions = (value.expressions ?? []) as Node[];
    const slug = expressions.every(
      (expression) =>
        expression.type === 'MemberExpression' &&
        (expression.property as Node).name === 'brandSlug',
    );
    if (value.type !== 'TemplateLiteral' || !slug) {
      throw new Error(`route-preloads: the pattern of ${name} is neither text nor the brand's.`);
    }
    const quasis = (value.quasis as Node[]).map((quasi) => (quasi.value as Node).cooked as string);
    patterns.set(name, quasis.join('{brandSlug}'));
  }
  return patterns;
}

/**
 * Writes `route-preloads.json`: for each route of the router whose page is loaded when first
 * visited, its pattern and the files of that page (its chunk, the chunks it imports that the app's
 * first load does not hold, and their styles). The server names them in the page it sends for an
 * address of that route (decision 0043), so that a page opened from a link, a bookmark or a reload
 * comes with the app's first files instead of a round trip after them.
 */
export function routePreloads({ router, paths }: { router: string; paths: string }): Plugin {
  let root = '';
  let routes: { pattern: string; source: string }[] = [];
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const parse = (file: string) =>
        this.parse(fs.readFileSync(path.join(root, file), 'utf8'), { lang: 'tsx' });
      const patterns = routePatterns(parse(paths));
      routes = lazyRoutes(parse(router)).map(({ name, source }) => {
        const pattern = patterns.get(name);
        if (pattern === undefined) throw new Error(`route-preloads: no pattern named ${name}.`);
        return { pattern, source };
      });
      if (routes.length === 0) throw new Error(`route-preloads: no lazy route in ${router}.`);
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === 'chunk',
      );
      const importer = path.join(root, router);
      /** The chunk `file` and every chunk it imports statically, all the way down. */
      const closure = (file: string) => {
        const seen = new Set<string>();
        const queue = [file];
        while (queue.length > 0) {
          const next = queue.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(bundle[next] as Rolldown.OutputChunk).imports);
        }
        return seen;
      };
      const appEntry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!appEntry) throw new Error("route-preloads: the app's entry is not in the build.");
      /** What the app's page loads at once. */
      const firstLoad = closure(appEntry.fileName);

      const preloads: RoutePreloads = [];
      for (const { pattern, source } of routes) {
        const resolved = await this.resolve(source, importer);
        const page = chunks.find((chunk) => chunk.moduleIds.includes(resolved?.id ?? ''));
        if (!page) throw new Error(`route-preloads: ${source} is in no chunk.`);
        const files = [...closure(page.fileName)].filter((file) => !firstLoad.has(file));
        // A page the app's first load holds (Home) or another page's entry loads (the login page).
        if (files.length === 0) continue;
        preloads.push({
          pattern,
          scripts: files,
          styles: files.flatMap((file) => [
            ...((bundle[file] as Rolldown.OutputChunk).viteMetadata?.importedCss ?? []),
          ]),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
