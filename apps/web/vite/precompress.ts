import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** The files worth compressing: text. Images other than SVG and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this, a compressed copy saves less than a packet and costs a file. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build (its public files
 * included), at the strongest levels: they are made once, at build time, and served as they are
 * (the server's static files, or nginx's `gzip_static`), so no response is compressed on the fly.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After the public directory is copied and every other plugin has written its files.
      order: 'post',
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        for (const file of filesUnder(outDir)) {
          if (!TEXT.test(file)) continue;
          const content = fs.readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          const brotli = zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
          if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
          if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}
