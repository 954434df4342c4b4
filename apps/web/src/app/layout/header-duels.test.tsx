import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession, trainingListFixture } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';

/** PRODUCT.md §9: the header shows how many duels wait for the user's move. */
function signedIn(count: number | Response) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/duels/awaiting', count instanceof Response ? count : json(200, { count }));
}

describe('the header: duels awaiting the user', () => {
  it('links the duels, with the count of those waiting', async () => {
    signedIn(3);
    renderApp('/training');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    const duels = await within(nav).findByRole('link', { name: /^Duels\s*, 3 duels await you$/ });
    expect(duels.getAttribute('href')).toBe('/duels');
    expect(within(duels).getByText('3').getAttribute('aria-hidden')).toBe('true');
  });

  it('says one duel in the singular', async () => {
    signedIn(1);
    renderApp('/training');
    expect(await screen.findByRole('link', { name: /^Duels\s*, 1 duel awaits you$/ })).toBeTruthy();
  });

  it('shows no count when nothing waits, or when the count cannot be read', async () => {
    signedIn(json(500, { message: 'Server Error' }));
    renderApp('/training');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Duels' }).getAttribute('href')).toBe('/duels');
  });

  it('asks nothing on a game in full screen, which has no header', async () => {
    const server = signedIn(2).on('GET', '/api/training', json(200, trainingListFixture()));
    renderApp('/quiz/start');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your level' }),
    ).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(server.callsTo('GET', '/api/duels/awaiting')).toHaveLength(0);
  });

  it('asks nothing for an anonymous visitor', async () => {
    const server = mockFetch();
    renderApp('/login');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(server.callsTo('GET', '/api/duels/awaiting')).toHaveLength(0);
  });

  it('shows the count on the burger of a phone, and after Duels in its panel', async () => {
    setViewport('narrow');
    signedIn(2);
    const app = renderApp('/training');

    const burger = await screen.findByRole('button', { name: 'Menu' });
    expect(await screen.findByText('2 duels await you')).toBeTruthy();
    expect(burger.getAttribute('aria-describedby')).toBe('header-duels-awaiting');
    await app.user.click(burger);
    expect(screen.getByRole('link', { name: /^Duels\s*, 2 duels await you$/ })).toBeTruthy();
  });
});
