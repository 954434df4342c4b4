import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ICON = /<link rel="icon" type="image\/svg\+xml" href="\/([^"]+\.svg)"\s*\/?>/;

/**
 * Writes the page's SVG icon into the page itself, as a `data:` address (decision 0042). A phone
 * then makes one request fewer while the scripts and styles of the first screen are still coming,
 * when the six connections a browser opens to a server are all taken. The file stays in the build
 * for anything else that names it. A page without such an icon fails the build, so that a renamed
 * icon is noticed.
 */
export function inlineIcon(): Plugin {
  let publicDir = '';
  return {
    name: 'inline-icon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      const link = ICON.exec(html);
      if (!link) throw new Error('inline-icon: the page names no SVG icon.');
      const svg = fs.readFileSync(path.join(publicDir, link[1]!), 'utf8');
      // Quoted in single quotes inside the attribute's double ones; `%` and `#` would end or
      // change the address, everything else an SVG holds may stay as it is.
      const text = svg.trim().replace(/\s+/g, ' ').replaceAll('"', "'");
      const href = `data:image/svg+xml,${text.replace(/[%#]/g, encodeURIComponent)}`;
      return html.replace(link[0], `<link rel="icon" type="image/svg+xml" href="${href}" />`);
    },
  };
}
