import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';

type Listener = (error: unknown) => void;
type VirtualConsole = {
  listeners(event: 'jsdomError'): Listener[];
  removeAllListeners(event: 'jsdomError'): void;
  on(event: 'jsdomError', listener: Listener): void;
};

/** Collects what jsdom reports it cannot do (like reloading), instead of printing it. */
function captureJsdomErrors() {
  const jsdomConsole = (window as unknown as { _virtualConsole: VirtualConsole })._virtualConsole;
  const printers = jsdomConsole.listeners('jsdomError');
  const messages: string[] = [];
  jsdomConsole.removeAllListeners('jsdomError');
  jsdomConsole.on('jsdomError', (error) => messages.push(String(error)));
  return {
    messages,
    restore() {
      jsdomConsole.removeAllListeners('jsdomError');
      for (const printer of printers) jsdomConsole.on('jsdomError', printer);
    },
  };
}

function signedIn() {
  storeSession();
  return mockFetch().on('GET', '/api/user', json(200, demoUser));
}

describe('global layout', () => {
  it('shows the header and the footer on ordinary pages', async () => {
    signedIn();
    renderApp('/training');

    await screen.findByRole('heading', { level: 1, name: 'Available trainings' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
  });

  it.each([
    ['/quiz/start', 'Choose your level'],
    ['/duels/play/1/round/1', 'DUEL'],
  ])('hides the header and footer on %s', async (path, heading) => {
    signedIn();
    renderApp(path);

    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('links Home, the league, Formations and three placeholders', async () => {
    signedIn();
    renderApp('/training');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Home')).toBe('/');
    expect(href('Aurèle League')).toBe('/aureleleague');
    expect(href('Formations')).toBe('/training');
    expect(href('Collections')).toBe('/');
    expect(href('Boutiques')).toBe('/');
    expect(href('Événements')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Formations' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Aurèle' }).getAttribute('href')).toBe('/');
  });

  it('reads the new page title after a navigation, and nothing on the first page', async () => {
    signedIn();
    const app = renderApp('/training');
    await screen.findByRole('heading', { level: 1, name: 'Available trainings' });
    const announcer = document.querySelector('[aria-live="polite"]')!;
    // The announcement waits 300 ms for the page to set its title.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(announcer.textContent).toBe('');

    await app.user.click(screen.getByRole('link', { name: 'Aurèle League' }));

    await waitFor(() => expect(announcer.textContent).toMatch(/^Aurèle League/));
    expect(announcer.textContent).toBe(document.title);
  });

  it('resets the scroll on each navigation', async () => {
    signedIn();
    const app = renderApp('/training');
    await screen.findByRole('heading', { level: 1, name: 'Available trainings' });
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[] } };
    const before = scrollTo.mock.calls.length;

    await app.user.click(screen.getByRole('link', { name: 'Aurèle League' }));

    await screen.findByRole('heading', { level: 1, name: 'Aurèle League' });
    expect(scrollTo.mock.calls.length).toBeGreaterThan(before);

    // A link to the page already shown is a navigation too.
    await app.user.click(screen.getByRole('link', { name: 'Terms of use' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' });
    const again = scrollTo.mock.calls.length;
    const key = app.location().key;
    await app.user.click(screen.getByRole('link', { name: 'Terms of use' }));
    await waitFor(() => expect(app.location().key).not.toBe(key));
    expect(app.location().pathname).toBe('/');
    await waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(again));
  });
});

describe('account menu (wide screens)', () => {
  it('opens with Profile, News and Logout, and closes on Escape back to its button', async () => {
    signedIn();
    const app = renderApp('/training');
    const button = await screen.findByRole('button', { name: 'Account' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await app.user.click(button);

    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'News', 'Logout']);
    expect(document.activeElement?.textContent).toBe('Profile');

    await app.user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('News');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside, and on navigation', async () => {
    signedIn();
    const app = renderApp('/training');
    const button = await screen.findByRole('button', { name: 'Account' });

    await app.user.click(button);
    await app.user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).toBeNull();

    await app.user.click(button);
    await app.user.click(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Profile' }),
    );
    await screen.findByRole('heading', { level: 1, name: demoUser.name });
    expect(app.location().pathname).toBe('/profile');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' }));
  });

  it('offers Login to an anonymous visitor', async () => {
    mockFetch();
    const app = renderApp('/register');
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));

    const login = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it('logs out: revokes the token, clears the storage and reloads', async () => {
    const server = signedIn().on('POST', '/api/logout', json(204));
    window.localStorage.setItem('submittedQuizzes', '[1]');
    const jsdomErrors = captureJsdomErrors();
    try {
      const app = renderApp('/training');
      await app.user.click(await screen.findByRole('button', { name: 'Account' }));

      await app.user.click(screen.getByRole('menuitem', { name: 'Logout' }));

      await waitFor(() => expect(window.localStorage.length).toBe(0));
      const logout = server.callsTo('POST', '/api/logout');
      expect(logout).toHaveLength(1);
      expect(logout[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
      // jsdom cannot reload; it reports the attempt, which is what we look for.
      await waitFor(() => expect(jsdomErrors.messages.join()).toMatch(/navigation/));
    } finally {
      jsdomErrors.restore();
    }
  });
});

describe('narrow screens (768 px or less)', () => {
  it('opens the navigation with a burger button, and closes it on Escape', async () => {
    setViewport('narrow');
    signedIn();
    const app = renderApp('/training');
    const burger = await screen.findByRole('button', { name: 'Menu' });

    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await app.user.click(burger);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(burger.getAttribute('aria-controls')!);
    expect(panel?.contains(nav)).toBe(true);

    await app.user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });

  it('closes the navigation on navigation and on a click outside', async () => {
    setViewport('narrow');
    signedIn();
    const app = renderApp('/training');
    const burger = await screen.findByRole('button', { name: 'Menu' });

    await app.user.click(burger);
    await app.user.click(screen.getByRole('link', { name: 'Aurèle League' }));
    await screen.findByRole('heading', { level: 1, name: 'Aurèle League' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);

    await app.user.click(burger);
    await app.user.click(screen.getByRole('heading', { level: 1 }));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Profile, News and Logout under the links, in tab order after them', async () => {
    setViewport('narrow');
    signedIn();
    const app = renderApp('/training');
    const burger = await screen.findByRole('button', { name: 'Menu' });

    burger.focus();
    await app.user.keyboard('{Enter}');

    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Camille Rochat')).toBeTruthy();
    expect(within(account).getByText('Aurèle Genève')).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    for (let i = 0; i < 7; i += 1) await app.user.tab();
    expect(document.activeElement?.textContent).toBe('Événements');
    await app.user.tab();
    expect(document.activeElement).toBe(within(account).getByRole('link', { name: 'Profile' }));
    await app.user.tab();
    expect(document.activeElement).toBe(within(account).getByRole('button', { name: 'News' }));
    await app.user.tab();
    expect(document.activeElement).toBe(within(account).getByRole('button', { name: 'Logout' }));
  });

  it('News only closes the panel, and gives focus back to the burger', async () => {
    setViewport('narrow');
    signedIn();
    const app = renderApp('/training');
    const burger = await screen.findByRole('button', { name: 'Menu' });

    await app.user.click(burger);
    await app.user.click(screen.getByRole('button', { name: 'News' }));

    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    expect(app.location().pathname).toBe('/training');
    expect(document.activeElement).toBe(burger);
  });

  it('Profile goes to the profile and closes the panel', async () => {
    setViewport('narrow');
    signedIn();
    const app = renderApp('/training');
    const burger = await screen.findByRole('button', { name: 'Menu' });

    await app.user.click(burger);
    await app.user.click(
      within(screen.getByRole('region', { name: 'Account' })).getByRole('link', {
        name: 'Profile',
      }),
    );

    await screen.findByRole('heading', { level: 1, name: demoUser.name });
    expect(app.location().pathname).toBe('/profile');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out from the panel: revokes the token, clears the storage and reloads', async () => {
    setViewport('narrow');
    const server = signedIn().on('POST', '/api/logout', json(204));
    window.localStorage.setItem('submittedQuizzes', '[1]');
    const jsdomErrors = captureJsdomErrors();
    try {
      const app = renderApp('/training');
      await app.user.click(await screen.findByRole('button', { name: 'Menu' }));

      await app.user.click(screen.getByRole('button', { name: 'Logout' }));

      await waitFor(() => expect(window.localStorage.length).toBe(0));
      const logout = server.callsTo('POST', '/api/logout');
      expect(logout).toHaveLength(1);
      expect(logout[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
      await waitFor(() => expect(jsdomErrors.messages.join()).toMatch(/navigation/));
    } finally {
      jsdomErrors.restore();
    }
  });

  it('offers Login in the panel to an anonymous visitor', async () => {
    setViewport('narrow');
    mockFetch();
    const app = renderApp('/register');
    await app.user.click(await screen.findByRole('button', { name: 'Menu' }));

    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(within(account).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('sends the avatar straight to the profile, or to login when anonymous', async () => {
    setViewport('narrow');
    signedIn();
    renderApp('/training');
    const profile = await screen.findByRole('link', { name: 'Account' });
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
  });

  it('sends an anonymous avatar click to login', async () => {
    setViewport('narrow');
    mockFetch();
    renderApp('/register');
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
  });
});
