import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

type Split = {
  id: number;
  name: string;
  start_date: string;
  status: 'past' | 'current' | 'future';
};

/** The splits as the server gives them to the signed-in user of the page. */
async function splitsOf(page: Page): Promise<Split[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token);
  const response = await page.request.get('/api/splits', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Split[] }).data;
}

/** The seconds the countdown shows, all four figures read at once. */
async function countdownSeconds(page: Page): Promise<number> {
  const figures = await page.evaluate(() =>
    ['days', 'hours', 'minutes', 'seconds'].map((unit) =>
      Number(document.querySelector(`[data-countdown-unit="${unit}"]`)?.textContent),
    ),
  );
  const [days = 0, hours = 0, minutes = 0, seconds = 0] = figures;
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

test.describe('the league page', () => {
  test('counts down to midnight on the first day of the next split, second by second', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/aureleleague');
    await expect(page.getByRole('heading', { level: 1, name: 'Aurèle League' })).toBeVisible();
    await expect(page.locator('[data-countdown-unit="seconds"]')).toBeVisible();

    const next = (await splitsOf(page)).find((split) => split.status === 'future');
    expect(next, 'the demo data has a split ahead').toBeDefined();
    // The split opens at 00:00 of its first day, here in the browser's zone (Europe/Zurich).
    const expected = await page.evaluate((day) => {
      const [y, m, d] = day.split('-').map(Number);
      return Math.ceil((new Date(y!, m! - 1, d!).getTime() - Date.now()) / 1000);
    }, next!.start_date);

    const first = await countdownSeconds(page);
    expect(Math.abs(first - expected)).toBeLessThanOrEqual(2);
    await page.waitForTimeout(1000);
    const second = await countdownSeconds(page);
    expect(first - second).toBeGreaterThanOrEqual(1);
    expect(first - second).toBeLessThanOrEqual(2);

    // The figures tick for the eyes only; a polite text says it to the minute.
    await expect(page.locator('[aria-hidden="true"] [data-countdown-unit="seconds"]')).toHaveCount(
      1,
    );
    const spoken = page.getByText(new RegExp(`^${next!.name} opens in .+\\.$`));
    await expect(spoken).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('link', { name: 'Split ranking' })).toHaveAttribute(
      'href',
      '/rankings?split=current',
    );
  });

  test('opens the onboarding activities, and the other blocks on demand', async ({ page }) => {
    await signIn(page);
    await page.goto('/aureleleague');

    const onboarding = page.getByRole('button', { name: 'Onboarding activities' });
    await expect(onboarding).toHaveAttribute('aria-expanded', 'true');
    const trainings = page.getByRole('region', { name: 'Onboarding activities' });
    await expect(trainings.getByRole('listitem')).toHaveCount(5);
    await expect(trainings.getByRole('progressbar', { name: 'Your progress' })).toBeVisible();

    for (const name of ['Discoveries', 'Novelties']) {
      const toggle = page.getByRole('button', { name });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('region', { name })).toHaveCount(0);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const block = page.getByRole('region', { name });
      await expect(block.getByRole('article')).toHaveCount(2);
      const buttons = block.getByRole('button', { name: 'Not available' });
      await expect(buttons).toHaveCount(2);
      for (const button of await buttons.all()) await expect(button).toBeDisabled();
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Discoveries' }).click();
    await expect(page.getByRole('region', { name: 'Discoveries' })).toHaveCount(0);

    const challenge = page.getByRole('region', { name: 'Challenge' });
    await challenge.getByRole('link', { name: 'Answer today’s question' }).click();
    await expect(page).toHaveURL('/quiz/daily');
    await page.goBack();
    await page
      .getByRole('region', { name: 'Challenge' })
      .getByRole('link', { name: 'Go to the duels' })
      .click();
    await expect(page).toHaveURL('/duels');
  });

  test("Home shows the season's splits from the data, and leads to the league", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/');
    const splits = page.getByRole('region', { name: 'The splits' });
    const cards = splits.getByRole('article');
    await expect(cards.first()).toBeVisible();

    const data = await splitsOf(page);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const name = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
      const dates = await card
        .locator('time')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
      const split = data.find((s) => s.name === name && s.start_date === dates[0]);
      expect(split, `${name} ${dates[0]} is a split of the data`).toBeDefined();
      if (split!.status === 'future') {
        await expect(card.getByRole('button', { name: 'Not available' })).toBeDisabled();
        await expect(card.getByRole('link')).toHaveCount(0);
      } else {
        await expect(card.getByRole('link', { name: 'Ranking' })).toHaveAttribute(
          'href',
          `/rankings?split=${split!.id}`,
        );
        await expect(card.getByRole('link', { name: 'Activities' })).toHaveAttribute(
          'href',
          '/aureleleague',
        );
      }
    }

    // The team's note, from the server's count of the boutique's colleagues.
    await expect(
      page
        .getByRole('figure')
        .getByText(/members? of your team completed|No member of your team|No colleague/),
    ).toBeVisible();

    const available = cards.filter({ has: page.getByRole('link', { name: 'Activities' }) });
    if ((await available.count()) > 0) {
      await available.first().getByRole('link', { name: 'Activities' }).click();
      await expect(page).toHaveURL('/aureleleague');
      await expect(page.getByRole('heading', { level: 1, name: 'Aurèle League' })).toBeVisible();
    }
  });
});
