import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds `login.html`, the page the server sends for /login, from index.html with the login
 * page's own entry in place of the app's (decision 0030): one page template, two entries, each with
 * the scripts it preloads. Only the build has it; in development the app's router shows /login.
 */
export function loginPage({ entry }: { entry: string }): Plugin {
  let root = '';
  const page = () => path.join(root, 'login.html');
  return {
    name: 'login-page',
    apply: 'build',
    enforce: 'pre',
    config(config) {
      const dir = path.resolve(config.root ?? '.');
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(dir, 'index.html'), login: path.join(dir, 'login.html') },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === page() ? id : null;
    },
    load(id) {
      if (id !== page()) return null;
      const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
      const script = /<script type="module" src="[^"]+"><\/script>/;
      if (!script.test(template)) throw new Error('login-page: index.html has no module script.');
      return template.replace(script, `<script type="module" src="${entry}"></script>`);
    },
  };
}
