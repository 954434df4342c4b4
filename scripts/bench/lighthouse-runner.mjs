// Lighthouse (mobile, performance) on pages of a running server, several runs a page, in a process
// of its own: `node lighthouse-runner.mjs <job.json>` prints one JSON array of figures, a page's
// being those of its median run (Lighthouse's own choice of the run nearest the median).
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './size.mjs';

/**
 * @typedef {{
 *   url: string, session: string, runs: number, pages: { path: string, signedIn: boolean }[]
 * }} Job
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
    /** @type {import('lighthouse').Result[]} */
    const runs = [];
    for (let run = 0; run < job.runs; run++) {
      const runner = await lighthouse(`${job.url}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (runner) runs.push(runner.lhr);
    }
    results.push(figuresOf(page.path, runs));
  }
} finally {
  chrome.kill();
}
process.stdout.write(JSON.stringify(results));

/**
 * A page's figures: those of its median run, and the score of every run.
 * @param {string} path
 * @param {import('lighthouse').Result[]} runs
 */
function figuresOf(path, runs) {
  const scores = runs.map((run) => run.categories.performance?.score ?? null);
  const failed = runs.find((run) => run.runtimeError)?.runtimeError?.message ?? null;
  // The runs with a first paint and a time to interactive, of which Lighthouse takes the median;
  // none: the first run, whose missing figures the table shows as such.
  const valid = filterToValidRuns(runs);
  const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
  const audit = (/** @type {string} */ id) => lhr?.audits[id]?.numericValue ?? null;
  // Whether an audit passed (its score is 1); null when the run has no score for it.
  const passed = (/** @type {string} */ id) => {
    const score = lhr?.audits[id]?.score;
    return typeof score === 'number' ? score === 1 : null;
  };
  return {
    path,
    finalUrl: lhr?.finalDisplayedUrl ?? null,
    performance: lhr?.categories.performance?.score ?? null,
    scores,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    // Lighthouse lists each text file sent uncompressed whose compression would save bytes.
    compressed: passed('uses-text-compression'),
    error: failed ?? (lhr ? null : 'no run finished'),
  };
}

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
