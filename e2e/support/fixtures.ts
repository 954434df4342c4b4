import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@app/contract/constants';

export const DEMO = {
  email: 'demo@example.com',
  password: 'demo1234',
  firstName: 'Camille',
} as const;
export const RIVAL = {
  email: 'rival@example.com',
  password: 'demo1234',
  firstName: 'Lucas',
} as const;

type Account = { email: string; password: string };

type SignInOptions = {
  /**
   * Store the session for the first page only. By default it is put back on every page load,
   * which would undo a logout (the storage cleared, then the page reloaded).
   */
  once?: boolean;
};

/** Signs in through the API (as the login page would) and stores the session where the web app reads it. */
export async function signIn(
  page: Page,
  account: Account = DEMO,
  { once = false }: SignInOptions = {},
): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  const { user, token } = await response.json();
  await page.addInitScript(
    ([key, value, firstPageOnly]) => {
      // Session storage outlives a reload of the tab, not the tab: it remembers the first page.
      if (firstPageOnly) {
        if (window.sessionStorage.getItem('e2e-signed-in')) return;
        window.sessionStorage.setItem('e2e-signed-in', 'yes');
      }
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.user, JSON.stringify({ ...user, token }), once] as const,
  );
}

/** Fails on any accessibility violation of serious or critical impact. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Contrast is judged on what the eye reads once a screen has come in, not mid-fade.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export const test = base;
export { expect };
