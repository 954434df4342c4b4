import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` to index.html for the given font files (their names as the
 * packages ship them, e.g. `inter-latin-400-normal.woff2`), under the hashed names of the build.
 * The browser then fetches them with the scripts instead of once the styles are applied, and the
 * text of the first screen is drawn in the brand's faces sooner. A file that is not in the build
 * fails it, so that a renamed face is noticed.
 */
export function preloadFonts(files: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, server }) {
        if (server || !bundle) return [];
        const assets = Object.values(bundle).filter((output) => output.type === 'asset');
        return files.map((file): HtmlTagDescriptor => {
          const asset = assets.find((output) =>
            output.originalFileNames.some((name) => name.endsWith(`/${file}`)),
          );
          if (!asset) throw new Error(`preload-fonts: ${file} is not in the build.`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `${base}${asset.fileName}`,
              as: 'font',
              type: 'font/woff2',
              // Fonts are fetched in CORS mode: without it the preload would not be reused.
              crossorigin: '',
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}
