import { expect, signIn, test } from '../support/fixtures';

// A trace's snapshots of the page lay out all of it, the parts the browser would skip included.
test.use({ trace: 'off' });

test.describe('Home on a phone', () => {
  test("draws the parts of Home below a phone's first screen as they come near it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto('/');
    // CSS selectors: finding elements by their role reads every element of the page, the footer's
    // included, and so lays them out.
    await expect(page.locator('h1')).toHaveText('Welcome, Camille');
    const footerLink = page.locator('footer a').first();
    /** False while the browser skips the footer's content, neither laid out nor painted. */
    const drawn = () =>
      footerLink.evaluate((link) => link.checkVisibility({ contentVisibilityAuto: true }));
    /** The brand's italic face, which only the footer's motto uses on Home. */
    const italic = () =>
      page.evaluate(
        () =>
          [...document.fonts].find(
            (face) => face.family === 'Cormorant Garamond' && face.style === 'italic',
          )?.status,
      );
    // Not asserted here that the face is not fetched yet: Chromium now and then lays the footer
    // out once as the page is first laid out (about one load in ten), before it decides the
    // footer is far off and skips it from then on (decision 0042).
    expect(await drawn()).toBe(false);

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    await expect.poll(italic).toBe('loaded');
    await expect(page.getByRole('link', { name: 'Terms of use' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The Aurèle Cup' })).toBeVisible();
  });

  test('paints its first screen before it asks the API for anything', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Welcome, Camille');
    /** When the page was first painted with content, and when its first call to the API began. */
    const timings = () =>
      page.evaluate(() => {
        const calls = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
          .map((entry) => entry.startTime);
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        return { paint, firstCall: calls.length > 0 ? Math.min(...calls) : undefined };
      });
    await expect.poll(async () => (await timings()).firstCall).toBeDefined();
    const { paint, firstCall } = await timings();
    expect(paint).toBeDefined();
    expect(firstCall).toBeGreaterThanOrEqual(paint!);
  });
});
