import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

/** The demo account's name, as the demo data seeds it. */
const DEMO_NAME = 'Camille Laurent';
/** Points in fr-CH: groups of three figures after a no-break space. */
const FR_CH_POINTS = /^\d{1,3}(\u00a0\d{3})*$/;

const ranking = (page: Page) => page.getByRole('table', { name: 'Classement général' });
const bodyRows = (table: Locator) => table.locator('tbody tr');

async function pointsOf(table: Locator): Promise<number[]> {
  const texts = await bodyRows(table).locator('td:last-child').allInnerTexts();
  for (const text of texts) expect(text.trim()).toMatch(FR_CH_POINTS);
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

async function choose(page: Page, filter: string, options: string[]) {
  await page.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  const list = page.getByRole('listbox', { name: filter });
  for (const option of options) {
    await list.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  }
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
}

test.describe('the rankings', () => {
  test('the podium, the points in descending order, a toggle, and the own row always in view', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/rankings');
    await expect(page.getByRole('heading', { level: 1, name: 'Classement' })).toBeVisible();

    const podium = page.getByRole('region', { name: 'Le podium' });
    await expect(podium.getByRole('listitem')).toHaveCount(3);
    await expect(podium.getByRole('listitem').first()).toContainText('1re place');
    // Portraits beside the names they show: decorative to a screen reader.
    await expect(podium.locator('img')).toHaveCount(3);

    const table = ranking(page);
    await expect(bodyRows(table)).toHaveCount(20);
    await expect(table.getByRole('columnheader', { name: 'Points' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const descending = await pointsOf(table);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    // The podium is the top of the global ranking.
    const first = (await podium.getByRole('listitem').first().innerText()).replace(/\s+/g, ' ');
    expect(first).toContain((await bodyRows(table).first().locator('th').innerText()).trim());

    // The demo account is among the first twenty: marked where it stands.
    const own = bodyRows(table).filter({ hasText: DEMO_NAME });
    await expect(own).toHaveAttribute('data-me', 'true');
    await expect(own.getByText('Vous', { exact: true })).toBeVisible();
    await expect(table.locator('tfoot')).toHaveCount(0);

    // Ascending: the first page is the lowest twenty, and the own row waits at the foot of the screen.
    await page.getByRole('button', { name: /^Points\s*Décroissant/ }).click();
    await expect(table.getByRole('columnheader', { name: 'Points' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('button', { name: /^Points\s*Croissant/ })).toBeVisible();
    await expect(table.locator('tfoot')).toBeVisible();
    const ascending = await pointsOf(table);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const footer = table.locator('tfoot tr');
    await expect(footer).toContainText('Votre position');
    await expect(footer).toContainText(DEMO_NAME);
    // Its cells stick to the foot of the screen (the row's own box stays at the table's end).
    await bodyRows(table).nth(2).scrollIntoViewIfNeeded();
    await expect(footer.locator('th')).toBeInViewport();

    // The next page comes from the server.
    const next = page.waitForRequest((r) => r.url().includes('/api/rankings/global'));
    await page
      .getByRole('navigation', { name: 'Pages du classement' })
      .getByRole('button', {
        name: 'Suivant',
      })
      .click();
    expect(new URL((await next).url()).searchParams.get('page')).toBe('2');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('filters by country and store, and searches a name', async ({ page }) => {
    await signIn(page);
    await page.goto('/rankings');
    const table = ranking(page);
    await expect(bodyRows(table)).toHaveCount(20);

    // Two countries: repeated in the query, and only their boutiques listed.
    const filtered = page.waitForRequest(
      (r) =>
        r.url().includes('/api/rankings/global') &&
        new URL(r.url()).searchParams.getAll('country').length === 2,
    );
    await choose(page, 'Pays', ['France', 'Japan']);
    expect(new URL((await filtered).url()).searchParams.getAll('country').sort()).toEqual([
      'France',
      'Japan',
    ]);
    await expect(page.getByRole('button', { name: /^Pays/ })).toContainText('France +1');
    await expect(bodyRows(table).first()).toBeVisible();
    for (const place of await bodyRows(table).locator('td:nth-child(3)').allInnerTexts()) {
      expect(place).toMatch(/France|Japan/);
    }

    // The store filter offers the boutiques of those countries only.
    await page.getByRole('button', { name: /^Boutique/ }).click();
    const stores = page.getByRole('listbox', { name: 'Boutique' });
    await expect(stores.getByRole('option', { name: /Boutique Rhône/ })).toHaveCount(0);
    await stores.getByRole('option', { name: /^Boutique Vendôme/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: /participant/ })).toBeVisible();
    await expect(async () => {
      const places = await bodyRows(table).locator('td:nth-child(3)').allInnerTexts();
      expect(places.length).toBeGreaterThan(0);
      for (const place of places) expect(place).toContain('Boutique Vendôme');
    }).toPass();

    // A name: the search box, sent once typing pauses.
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(page.getByRole('button', { name: /^Pays/ })).toContainText('Tous');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Sato');
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText('Kenji Sato');
    await expect(page.getByRole('status').filter({ hasText: '1 participant' })).toBeVisible();
    // The own row is still there, at the foot.
    await expect(table.locator('tfoot')).toContainText(DEMO_NAME);
  });

  test('opens a split, and shows a split to come as not available', async ({ page }) => {
    await signIn(page);
    await page.goto('/rankings');
    await expect(ranking(page)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Classements' });
    await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');

    const past = tabs.getByRole('tab', { disabled: false }).nth(1);
    const name = (await past.locator('span').first().innerText()).trim();
    await past.click();
    await expect(past).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('table', { name: new RegExp(`^Classement du ${name}`) }),
    ).toBeVisible();

    const future = tabs.getByRole('tab').filter({ hasText: 'Not available' }).first();
    await expect(future).toHaveAttribute('aria-disabled', 'true');
    await future.click({ force: true });
    await expect(future).toHaveAttribute('aria-selected', 'false');
  });

  test('has no serious accessibility violation, a filter open', async ({ page }) => {
    await signIn(page);
    await page.goto('/rankings');
    await expect(ranking(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: /^Ville/ }).click();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Ville' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('works at 360 px: a filter usable by touch, the table without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page);
    await page.goto('/rankings');
    await expect(bodyRows(ranking(page))).toHaveCount(20);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await choose(page, 'Pays', ['Japan']);
    await expect(page.getByRole('button', { name: /^Pays/ })).toContainText('Japan');
    await expect(async () => {
      for (const text of await bodyRows(ranking(page)).locator('th').allInnerTexts()) {
        expect(text).toContain('Boutique Ginza');
      }
    }).toPass();
  });
});
