import { expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

const publicPages = ['/login', '/register', '/quiz/result'];
const signedInPages = [
  '/',
  '/training',
  '/quiz/start',
  '/rankings',
  '/duels',
  '/aureleleague',
  '/no-such-page',
];

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

  test('the training modal has no serious violation, lesson and question open', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/training');
    const open = page.getByRole('article').filter({ hasText: 'To validate' }).first();
    const openTitle = (await open.getByRole('heading', { level: 2 }).innerText()).trim();
    await open.getByRole('button', { name: openTitle, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: openTitle });
    await expect(dialog.locator('fieldset legend')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // With the error of an empty answer shown, too.
    await dialog.getByRole('button', { name: 'Submit my answer' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a quiz has no serious violation mid-question, during a verdict and on its result', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.goto('/quiz/start');
    await page.getByRole('button', { name: 'Easy' }).click();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // During the verdict (the second after a choice), then through to the result.
    for (let n = 1; n <= 10; n++) {
      await expect(page.getByText(`Question ${n}/10`)).toBeVisible();
      await article.getByRole('button').first().click();
      if (n === 1) {
        await expect(page.getByRole('main').locator('[data-verdict]')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
      await expect(page.getByText(`Question ${n}/10`)).toBeHidden({ timeout: 10_000 });
    }
    await expect(page).toHaveURL('/quiz/result');
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an open question has no serious violation', async ({ page }) => {
    await signIn(page);
    await page.goto('/quiz/start');
    await page.getByRole('button', { name: 'Hard' }).click();
    await expect(page.getByLabel('Votre réponse')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
