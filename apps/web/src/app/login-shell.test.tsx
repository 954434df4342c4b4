import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { storeSession } from '@/testing/fixtures';
import { closeLoginShell, openLoginShell, signInFromLoginShell } from '@/testing/login-shell';

afterEach(closeLoginShell);

describe("the login page's own entry", () => {
  it('shows the login page in the page frame, its links pointing at the pages of the app', async () => {
    mockFetch();
    openLoginShell('/login');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the Academy' }),
    ).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    );
    // Nothing is current: the login page is in no menu.
    expect(within(header).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('signs in, then hands the same page over to the app at the page asked for', async () => {
    const { server } = await signInFromLoginShell('/login?redirect=%2Fsomewhere%3Ffrom%3Dmail');

    // The app's router took over: its not-found page, under the signed-in header.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/somewhere?from=mail');
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
  });

  it('follows a link by handing over to the app, with the address in the history', async () => {
    mockFetch();
    const user = openLoginShell('/login');

    await user.click(await screen.findByRole('link', { name: 'Create an account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Créer un compte' })).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome to the Academy' })).toBeTruthy();
  });

  it('sends a signed-in visitor home, through the app', async () => {
    mockFetch();
    storeSession();
    openLoginShell('/login');

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Welcome to the Academy' })).toBeNull();
  });
});
