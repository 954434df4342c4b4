import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';

const list = (page: Page) => page.getByRole('list', { name: 'Liste des utilisateurs' });

test.describe('the users list', () => {
  test('lists the users with their boutique, never an email, and searches them', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
    const cards = list(page).getByRole('article');
    await expect(cards).toHaveCount(24);
    await expect(page.getByRole('status').filter({ hasText: /utilisateurs/ })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('@example.com');

    // Sorted by last name, ascending, by default.
    const names = await cards.getByRole('heading').allInnerTexts();
    const lastNames = names.map((name) => name.trim().split(' ').slice(1).join(' '));
    expect(lastNames).toEqual(
      [...lastNames].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })),
    );

    // A name…
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('sato');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Kenji Sato');
    await expect(cards.first()).toContainText('Boutique Ginza');
    // …a city…
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('genève');
    await expect(cards.first()).toContainText('Genève, Switzerland');
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Boutique Rhône');
  });

  test('filters by country and store, and sorts by country in both orders', async ({ page }) => {
    await signIn(page);
    await page.goto('/users');
    const cards = list(page).getByRole('article');
    await expect(cards).toHaveCount(24);

    await page.getByRole('button', { name: /^Pays/ }).click();
    const countries = page.getByRole('listbox', { name: 'Pays' });
    await countries.getByRole('option', { name: 'Japan' }).click();
    await countries.getByRole('option', { name: 'Singapore' }).click();
    await page.keyboard.press('Escape');
    await expect(async () => {
      const texts = await cards.allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toMatch(/Japan|Singapore/);
    }).toPass();

    await page.getByLabel('Trier par').selectOption({ label: 'Pays' });
    await expect(async () => {
      const texts = await cards.allInnerTexts();
      expect(texts[0]).toContain('Japan');
      expect(texts.at(-1)).toContain('Singapore');
    }).toPass();
    await page.getByRole('button', { name: /^Ordre\s*Croissant/ }).click();
    await expect(page.getByRole('button', { name: /^Ordre\s*Décroissant/ })).toBeVisible();
    await expect(async () => {
      const texts = await cards.allInnerTexts();
      expect(texts[0]).toContain('Singapore');
      expect(texts.at(-1)).toContain('Japan');
    }).toPass();

    await page.getByRole('button', { name: /^Boutique/ }).click();
    const stores = page.getByRole('listbox', { name: 'Boutique' });
    await expect(stores.getByRole('option')).toHaveCount(3);
    await stores.getByRole('option', { name: /^Boutique Ginza/ }).click();
    await page.keyboard.press('Escape');
    await expect(async () => {
      const texts = await cards.allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('Boutique Ginza');
    }).toPass();
  });

  test('says when no user matches a search, and when there is no user at all', async ({ page }) => {
    await signIn(page);
    await page.goto('/users');
    await expect(list(page).getByRole('article').first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('personne ici');
    await expect(page.getByText('Aucun utilisateur ne correspond à votre recherche')).toBeVisible();
    await expect(page.getByText('No users listed yet')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Effacer les filtres' }).first().click();
    await expect(list(page).getByRole('article')).toHaveCount(24);

    // The demo data always has users: the answer of an empty directory is played back.
    await page.route('**/api/users?*', (route) =>
      route.fulfill({
        json: { data: [], current_page: 1, last_page: 1, per_page: 24, total: 0 },
      }),
    );
    await page.reload();
    await expect(page.getByText('No users listed yet')).toBeVisible();
    await expect(page.getByText('Aucun utilisateur ne correspond à votre recherche')).toHaveCount(
      0,
    );
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await signIn(page);
    await page.goto('/users');
    await expect(list(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /^Boutique/ }).click();
    await expect(page.getByRole('listbox', { name: 'Boutique' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
