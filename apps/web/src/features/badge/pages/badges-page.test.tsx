import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Badge, EarnedBadge } from '@app/contract/badge';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const badge = (id: number, code: string, name: string, description: string): Badge => ({
  id,
  code,
  name,
  description,
  icon_url: `/images/badges/${code.replaceAll('_', '-')}.svg`,
});

const allBadges: Badge[] = [
  badge(1, 'first_quiz', 'First Tick', 'Complete your first quiz.'),
  badge(2, 'perfect_quiz', 'Perfect Calibre', 'Complete a quiz with every answer right.'),
  badge(
    3,
    'streak_7',
    'Balance Spring',
    'Answer the daily question correctly seven days in a row.',
  ),
];

const earned = (b: Badge, earnedAt: string): EarnedBadge => ({
  ...b,
  pivot: { earned_at: earnedAt },
});

function badgesServer(mine: EarnedBadge[] = [earned(allBadges[0]!, '2025-03-12T09:30:00.000Z')]) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/badges', json(200, { data: allBadges }))
    .on('GET', '/api/user/badges', json(200, { data: mine }));
}

const tile = (name: string) => screen.getByRole('article', { name });

describe('/badges', () => {
  it('shows the earned badges with their date, and the others locked but legible', async () => {
    badgesServer();
    renderApp('/badges');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes badges' })).toBeTruthy();
    const earnedGroup = await screen.findByRole('region', { name: /Obtenus/ });
    const lockedGroup = screen.getByRole('region', { name: /À débloquer/ });

    const first = within(earnedGroup).getByRole('article', { name: 'First Tick' });
    expect(within(first).getByText('Complete your first quiz.')).toBeTruthy();
    expect(within(first).getByText('Obtenu le 12 mars 2025')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/images/badges/first-quiz.svg');
    expect(first.hasAttribute('data-locked')).toBe(false);

    const locked = within(lockedGroup).getAllByRole('article');
    expect(locked.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Perfect Calibre',
      'Balance Spring',
    ]);
    const perfect = tile('Perfect Calibre');
    expect(perfect.hasAttribute('data-locked')).toBe(true);
    expect(within(perfect).getByText('Complete a quiz with every answer right.')).toBeTruthy();
    expect(within(perfect).getByText('Pas encore obtenu')).toBeTruthy();
    expect(perfect.querySelector('img')?.getAttribute('src')).toBe(
      '/images/badges/perfect-quiz.svg',
    );

    const summary = screen.getByRole('progressbar', { name: 'Badges obtenus' });
    expect(summary.getAttribute('aria-valuetext')).toBe('1 badges obtenus sur 3');
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it('offers the way back to the profile', async () => {
    badgesServer();
    const app = renderApp('/badges');

    const back = await screen.findByRole('link', { name: 'Retour au profil' });
    expect(back.getAttribute('href')).toBe('/profile');
    await app.user.click(back);
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
  });

  it('says so when no badge is earned yet', async () => {
    badgesServer([]);
    renderApp('/badges');

    expect(
      await screen.findByText(
        'Aucun badge pour l’instant : votre premier quiz ouvrira la collection.',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: /À débloquer/ })).getAllByRole('article'),
    ).toHaveLength(3);
  });

  it.each(['/api/badges', '/api/user/badges'])(
    'says the badges could not be loaded when %s fails, and tries again',
    async (path) => {
      let fail = true;
      const server = badgesServer().on('GET', path, () => {
        if (fail) return json(500, { message: 'Server Error' });
        return path === '/api/badges'
          ? json(200, { data: allBadges })
          : json(200, { data: [earned(allBadges[0]!, '2025-03-12T09:30:00.000Z')] });
      });
      const app = renderApp('/badges');

      expect((await screen.findByRole('alert')).textContent).toBe(
        'Impossible de charger vos badges...',
      );
      fail = false;
      await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByRole('article', { name: 'First Tick' })).toBeTruthy();
      expect(server.callsTo('GET', path).length).toBeGreaterThanOrEqual(2);
    },
  );

  it('sends an anonymous visitor to the login page', async () => {
    mockFetch();
    const app = renderApp('/badges');
    await screen.findByRole('heading', { level: 1 });
    expect(app.location().pathname).toBe('/login');
    expect(app.location().search).toBe('?redirect=%2Fbadges');
  });
});
