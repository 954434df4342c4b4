import { expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

const publicPages = ['/login', '/register'];
const signedInPages = ['/', '/training', '/rankings', '/duels', '/aureleleague', '/no-such-page'];

test.describe('accessibility', () => {
  for (const path of publicPages) {
    test(`${path} has no serious violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  for (const path of signedInPages) {
    test(`${path} has no serious violation when signed in`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
