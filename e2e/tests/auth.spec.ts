import { DEMO, expect, signIn, test } from '../support/fixtures';

test.describe('logging in', () => {
  test('explains what is missing or malformed before sending anything', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('camille.example.com');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill('camille@example.com');
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  });

  test('says so when the email or the password is wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends a visitor to the login page and back to the page asked for, query included', async ({
    page,
  }) => {
    await page.goto('/rankings?split=2');
    await expect(page).toHaveURL('/login?redirect=%2Frankings%3Fsplit%3D2');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/rankings?split=2');
    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem('user') ?? 'null'),
    );
    expect(stored).toMatchObject({ email: DEMO.email, first_name: DEMO.firstName });
    expect(stored.token).toMatch(/^\d+\|/);
  });

  test('welcomes the user by first name and logs out, clearing the session', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.firstName}` })).toBeVisible();
    const token = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('user')!).token as string,
    );

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    // The token is revoked on the server, not only forgotten by the browser.
    const after = await page.request.get('/api/user', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });

  test('a revoked session sends the user back to the login page', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.firstName}` })).toBeVisible();
    const token = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('user')!).token as string,
    );
    await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });
});
