import fs from 'node:fs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium (Debian's package): the tests never download a browser. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(
      'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH.',
    );
  return found;
}
