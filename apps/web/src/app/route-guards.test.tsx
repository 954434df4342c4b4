import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const loginRequired = [
  '/',
  '/quiz/start',
  '/quiz/play?attempt_id=42',
  '/training',
  '/users',
  '/rankings',
  '/badges',
  '/profile',
  '/duels',
  '/duels/create',
  '/duels/play/3/round/2',
  '/duels/result/3',
  '/aureleleague',
];

function redirectQuery(search: string) {
  return new URLSearchParams(search).get('redirect');
}

describe('access rules (SPEC.md route table)', () => {
  it('sends an anonymous visitor to /login with the full path and query requested', async () => {
    mockFetch();
    const app = renderApp('/quiz/start?category=3&from=home');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to the Academy' });
    expect(app.location().pathname).toBe('/login');
    expect(redirectQuery(app.location().search)).toBe('/quiz/start?category=3&from=home');
  });

  it.each(loginRequired)('%s requires a login', async (path) => {
    mockFetch();
    const app = renderApp(path);

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
    expect(redirectQuery(app.location().search)).toBe(path);
  });

  it('/quiz/daily sends an anonymous user to /login', async () => {
    mockFetch();
    const app = renderApp('/quiz/daily');

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
  });

  it.each([
    ['/quiz/result', 'Aucun résultat disponible...'],
    ['/quiz/dailyquestion', 'DAILY CHALLENGE'],
    ['/register', 'Créer un compte'],
  ])('%s is public', async (path, heading) => {
    mockFetch();
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(app.location().pathname).toBe(path);
  });

  it('opens a protected page with a session', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    renderApp('/training');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Available trainings' }),
    ).toBeTruthy();
  });

  it('sends a logged-in user visiting /login home', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    const app = renderApp('/login?redirect=%2Ftraining');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' })).toBeTruthy();
    expect(app.location().pathname).toBe('/');
  });

  it('sends /duels/play/{id} to round 1', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    const app = renderApp('/duels/play/12');

    await screen.findByRole('heading', { level: 1, name: 'DUEL' });
    expect(app.location().pathname).toBe('/duels/play/12/round/1');
  });

  it('names the league page after the brand', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    renderApp('/aureleleague');

    expect(await screen.findByRole('heading', { level: 1, name: 'Aurèle League' })).toBeTruthy();
  });

  it('shows a 404 page for an unknown path', async () => {
    mockFetch();
    renderApp('/nowhere/at/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('goes to the login page when the session ends on a protected page', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    const app = renderApp('/rankings?split=2');
    await screen.findByRole('heading', { level: 1, name: 'Classement' });

    act(() => {
      window.localStorage.removeItem('user');
      window.dispatchEvent(new Event('auth-change'));
    });

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
    expect(redirectQuery(app.location().search)).toBe('/rankings?split=2');
  });

  it('a 401 from the API ends the session and returns to this page after login', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(401, { message: 'Unauthenticated.' }));
    const app = renderApp('/badges');

    await screen.findByLabelText('Email');
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(app.location().pathname).toBe('/login');
    expect(redirectQuery(app.location().search)).toBe('/badges');
  });
});
