import { expect, test } from '../support/fixtures';
import { fetchedFiles } from '../support/resources';

test('the browser tests drive the build people get: React in production', async ({ page }) => {
  await page.goto('/login');
  const scripts = await fetchedFiles(page, /\.js$/);
  const code = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  // React's production build names its errors by number; its development build spells them out.
  expect(code.some((text) => text.includes('Minified React error'))).toBe(true);
});
