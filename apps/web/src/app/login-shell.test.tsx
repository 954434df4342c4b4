import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoToken, demoUser, storeSession } from '@/testing/fixtures';
import { startLoginShell } from './login-shell';

/** /login as its own entry draws it (decision 0030), at `url`, in a page of its own. */
let stop: (() => void) | undefined;
function openShell(url: string) {
  window.history.replaceState(null, '', url);
  const container = document.body.appendChild(document.createElement('div'));
  act(() => {
    stop = startLoginShell(container);
  });
  return userEvent.setup();
}

afterEach(() => {
  act(() => stop?.());
  stop = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe("the login page's own entry", () => {
  it('shows the login page in the page frame, its links pointing at the pages of the app', async () => {
    mockFetch();
    openShell('/login');

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
    const server = mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }));
    const user = openShell('/login?redirect=%2Fsomewhere%3Ffrom%3Dmail');

    await user.type(await screen.findByLabelText('Email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // The app's router took over: its not-found page, under the signed-in header.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/somewhere?from=mail');
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
  });

  it('follows a link by handing over to the app, with the address in the history', async () => {
    mockFetch();
    const user = openShell('/login');

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
    openShell('/login');

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Welcome to the Academy' })).toBeNull();
  });
});
