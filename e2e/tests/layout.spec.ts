import { DEMO, expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

test.describe('the global layout', () => {
  test('hides the header and the footer on the quiz and duel-play pages', async ({ page }) => {
    await signIn(page);
    await page.goto('/training');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    for (const path of ['/quiz/start', '/duels/play/1/round/1']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });

  test('links to the league page of the configured brand', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Aurèle League' })
      .click();
    await expect(page).toHaveURL('/aureleleague');
  });

  test('shows a burger menu on a phone, and the avatar goes straight to the profile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await signIn(page);
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Formations' }).click();
    await expect(page).toHaveURL('/training');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('logs out from the burger menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, DEMO, { once: true });
    await page.goto('/training');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Available trainings' }),
    ).toBeVisible();
    const token = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('user')!).token as string,
    );

    await page.getByRole('button', { name: 'Menu' }).click();
    const account = page.getByRole('region', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(account.getByRole('button', { name: 'News' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await account.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login\?redirect=%2Ftraining$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to the Academy' }),
    ).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
      'href',
      '/login',
    );
    // The token is revoked on the server, not only forgotten by the browser.
    const after = await page.request.get('/api/user', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });

  test('has no burger on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Formations' }),
    ).toBeVisible();
  });

  test('starts each new page at the top', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await signIn(page);
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Terms of use' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
