// Lighthouse (mobile, performance) on pages of a running server, in a process of its own pinned by
// lighthouse.mjs so that Chromium runs on the load generator's CPU:
// `node lighthouse-runner.mjs <job.json>` prints one JSON array of figures.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './size.mjs';

/**
 * @typedef {{ url: string, session: string, pages: { path: string, signedIn: boolean }[] }} Job
 */
const job = /** @type {Job} */ (JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')));

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const results = [];
try {
  let signedIn = false;
  for (const page of job.pages) {
    if (page.signedIn && !signedIn) {
      await storeSession();
      signedIn = true;
    }
    const runner = await lighthouse(`${job.url}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = runner?.lhr;
    const audit = (/** @type {string} */ id) => lhr?.audits[id]?.numericValue ?? null;
    results.push({
      path: page.path,
      finalUrl: lhr?.finalDisplayedUrl ?? null,
      performance: lhr?.categories.performance?.score ?? null,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      error: lhr?.runtimeError?.message ?? null,
    });
  }
} finally {
  chrome.kill();
}
process.stdout.write(JSON.stringify(results));

/**
 * Signs the browser in as the web app does, by the `user` key of local storage, from a page of
 * the origin that loads none of the app's files (so that nothing of the app is cached).
 * Lighthouse's storage reset leaves local storage alone and clears the cache before each run.
 */
async function storeSession() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context to sign in.');
  const tab = await context.newPage();
  // Not an API answer: those are attachments (a download, not a page).
  await tab.goto(`${job.url}/uploads/no-such-picture`);
  await tab.evaluate((session) => globalThis.localStorage.setItem('user', session), job.session);
  await tab.close();
  await browser.close();
}
