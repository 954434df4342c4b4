import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import {
  DEMO,
  RIVAL,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
} from '../support/fixtures';

/** A real PNG, made here: a small diagonal gradient from champagne to night blue. */
function gradientPng(size = 48): Buffer {
  const row = size * 3 + 1;
  const pixels = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size - 2);
      const at = y * row + 1 + x * 3;
      pixels[at] = Math.round(176 + (30 - 176) * t);
      pixels[at + 1] = Math.round(141 + (42 - 141) * t);
      pixels[at + 2] = Math.round(87 + (58 - 87) * t);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The avatar of the header's account menu (wide screens). */
const headerAvatar = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Account' }).locator('img');

/** Whether an image has really loaded (not only been given an address). */
const hasLoaded = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      Array.from(document.images).some(
        (img) => img.getAttribute('src') === url && img.complete && img.naturalWidth > 0,
      ),
    src,
  );

test.describe('the profile', () => {
  test('a new picture shows in the header at once; deleting it asks first', async ({ page }) => {
    await signIn(page, DEMO);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO.firstName);
    await expect(headerAvatar(page)).toHaveAttribute('src', DEFAULT_AVATAR_URL);

    // A file that is not an image is refused before anything is sent.
    await page.getByLabel('Add a picture').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Not a picture'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Please select a valid image file (JPEG, PNG, or GIF)',
    );

    await page.getByLabel('Add a picture').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: gradientPng(),
    });
    await expect(
      page.getByRole('img', { name: 'Preview of your new profile picture' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save picture' }).click();
    await expect(page.getByText('Your profile picture has been updated.')).toBeVisible();

    // The header shows the server's copy of the picture, and it loads.
    await expect(headerAvatar(page)).not.toHaveAttribute('src', DEFAULT_AVATAR_URL);
    const picture = (await headerAvatar(page).getAttribute('src'))!;
    await expect.poll(() => hasLoaded(page, picture)).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.profile_picture_url).toBe(picture);

    // The server keeps it.
    await page.reload();
    await expect(headerAvatar(page)).toHaveAttribute('src', picture);

    // Deleting asks first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Delete picture' }).click();
    const dialog = page.getByRole('alertdialog', {
      name: 'Are you sure you want to delete your profile picture?',
    });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(headerAvatar(page)).toHaveAttribute('src', picture);

    await page.getByRole('button', { name: 'Delete picture' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Your profile picture has been deleted.')).toBeVisible();
    await expect(headerAvatar(page)).toHaveAttribute('src', DEFAULT_AVATAR_URL);
    await expect(page.getByRole('button', { name: 'Delete picture' })).toBeHidden();
    await page.reload();
    await expect(headerAvatar(page)).toHaveAttribute('src', DEFAULT_AVATAR_URL);
  });

  test('the first name is changed from the Profile tab, and kept', async ({ page }) => {
    await signIn(page, RIVAL);
    await page.goto('/profile');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(RIVAL.firstName);
    const lastName = (await heading.innerText()).replace(RIVAL.firstName, '').trim();

    await page.getByRole('tab', { name: 'Profile' }).click();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue(RIVAL.firstName);

    // A blank first name is refused by the form itself.
    await firstName.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The first name field is required.')).toBeVisible();

    await firstName.fill('Luca');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your profile has been saved.' }),
    ).toBeVisible();
    await expect(heading).toHaveText(`Luca ${lastName}`);

    await page.reload();
    await expect(heading).toHaveText(`Luca ${lastName}`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.first_name).toBe('Luca');

    // Put the demo data back as it was.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('First name').fill(RIVAL.firstName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(heading).toHaveText(`${RIVAL.firstName} ${lastName}`);
  });

  test('the tabs answer the arrow keys; the colleagues are of the same store', async ({ page }) => {
    await signIn(page, DEMO);
    await page.goto('/profile');
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    const training = page.getByRole('tab', { name: 'Training' });
    await expect(training).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('tabpanel', { name: 'Training' }).getByRole('progressbar'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await training.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'My POS' })).toBeFocused();
    const pos = page.getByRole('tabpanel', { name: 'My POS' });
    await expect(pos.getByRole('listitem').first()).toBeVisible();
    await expect(pos.getByText(name, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Badges' })).toBeFocused();
    await expect(
      page.getByRole('tabpanel', { name: 'Badges' }).getByRole('article').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
    await expectNoSeriousA11yViolations(page);
  });

  test('the Badges tab leads to /badges, and /badges back to the profile', async ({ page }) => {
    await signIn(page, DEMO);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Badges' }).click();
    const earnedInTab = page.getByRole('tabpanel', { name: 'Badges' }).getByRole('article');
    // The demo user has badges: count them once the tab has loaded them.
    await expect(earnedInTab.first()).toBeVisible();
    const earned = await earnedInTab.count();
    await page.getByRole('link', { name: 'See all badges' }).click();

    await expect(page).toHaveURL('/badges');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes badges' })).toBeVisible();
    const earnedGroup = page.getByRole('region', { name: /Obtenus/ });
    const lockedGroup = page.getByRole('region', { name: /À débloquer/ });
    await expect(earnedGroup.getByRole('article')).toHaveCount(earned);
    await expect(earnedGroup.getByText(/^Obtenu le \d{1,2} \p{L}+ \d{4}$/u).first()).toBeVisible();
    await expect(lockedGroup.getByRole('article').first()).toBeVisible();
    await expect(lockedGroup.getByText('Pas encore obtenu').first()).toBeVisible();
    // Every medal is a picture the app ships, and it loads.
    const icons = await page
      .locator('main article img')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth > 0));
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.every(Boolean)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Retour au profil' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('tablist', { name: 'Your profile' })).toBeVisible();
  });
});
