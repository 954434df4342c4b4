import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { profileServer, storeTeamFixture, usersPage } from '../testing/profile-server';

async function openTab(app: ReturnType<typeof renderApp>, name: string) {
  await app.user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('/profile', () => {
  it('shows the portrait (the default one when none), the name, the store and the title', async () => {
    profileServer();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Rochat' })).toBeTruthy();
    expect(screen.getByText('Aurèle Genève')).toBeTruthy();
    expect(screen.getByText('Genève, Switzerland')).toBeTruthy();
    const main = screen.getByRole('main');
    const portrait = main.querySelector('img[src="/images/avatar-default.svg"]');
    expect(portrait).not.toBeNull();

    const title = screen.getByRole('region', { name: 'Current title' });
    expect(within(title).getByText('APPRENTICE')).toBeTruthy();
    expect(title.querySelector('img')?.getAttribute('src')).toBe('/images/titles/apprentice.svg');
    expect(within(title).getByText('1 250 points')).toBeTruthy();
    expect(await within(title).findByText('3 750 points to ARTISAN')).toBeTruthy();
  });

  it('says when the top title is reached', async () => {
    profileServer().on(
      'GET',
      '/api/user/titles',
      json(200, {
        current_title: { name: 'AURÈLE LEGEND', image_url: '/images/titles/legend.svg' },
        next_title: null,
        points_for_next_title: 0,
        total_points: 104_000,
      }),
    );
    renderApp('/profile');

    const title = await screen.findByRole('region', { name: 'Current title' });
    expect(await within(title).findByText('The highest title of the house')).toBeTruthy();
    expect(within(title).getByText('AURÈLE LEGEND')).toBeTruthy();
    expect(within(title).getByText('104 000 points')).toBeTruthy();
  });

  it('has four tabs, moved through with the arrow keys, Home and End', async () => {
    profileServer();
    const app = renderApp('/profile');

    const list = await screen.findByRole('tablist', { name: 'Your profile' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Training', 'My POS', 'Badges', 'Profile']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Training' });
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);

    await app.user.click(tabs[0]!);
    await app.user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'My POS' })).toBeTruthy();

    await app.user.keyboard('{End}');
    expect(document.activeElement).toBe(tabs[3]);
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toBeTruthy();
    await app.user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[0]);
    await app.user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs[3]);
    await app.user.keyboard('{Home}');
    expect(document.activeElement).toBe(tabs[0]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');

    // One tab stop: Tab goes from the selected tab to its panel.
    await app.user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Training' }));
  });

  describe('Training tab', () => {
    it('shows the progress and where each module stands', async () => {
      profileServer();
      renderApp('/profile');

      const panel = await screen.findByRole('tabpanel', { name: 'Training' });
      const progress = await within(panel).findByRole('progressbar', {
        name: 'Onboarding progress',
      });
      expect(progress.getAttribute('aria-valuenow')).toBe('40');
      expect(within(panel).getByText('2/5 modules completed')).toBeTruthy();
      const modules = within(panel).getAllByRole('listitem');
      expect(modules).toHaveLength(5);
      expect(within(modules[0]!).getByText('The History of Aurèle')).toBeTruthy();
      expect(within(modules[0]!).getByText('Completed')).toBeTruthy();
      expect(within(modules[2]!).getByText('Sources of Inspiration')).toBeTruthy();
      expect(within(modules[2]!).getByText('To validate')).toBeTruthy();
      expect(
        within(panel).getByRole('link', { name: 'Go to the trainings' }).getAttribute('href'),
      ).toBe('/training');
    });
  });

  describe('My POS tab', () => {
    it('lists the colleagues of the user’s store, without the user', async () => {
      const server = profileServer();
      const app = renderApp('/profile');

      const panel = await openTab(app, 'My POS');
      expect(await within(panel).findByText('Léa Bonvin')).toBeTruthy();
      expect(within(panel).getByText('Marc Zurbriggen')).toBeTruthy();
      expect(within(panel).queryByText('Camille Rochat')).toBeNull();
      expect(within(panel).getByText('2 colleagues')).toBeTruthy();
      expect(within(panel).getByText('Aurèle Genève, Genève')).toBeTruthy();
      expect(within(panel).getByText('18 400 points')).toBeTruthy();

      const url = new URL(server.callsTo('GET', '/api/users')[0]!.url, 'http://localhost');
      expect(url.searchParams.get('store_id')).toBe(String(demoUser.store!.id));
    });

    it('says when the user is alone in the store', async () => {
      profileServer().on(
        'GET',
        '/api/users',
        json(200, usersPage(storeTeamFixture.filter((c) => c.id === demoUser.id))),
      );
      const app = renderApp('/profile');

      const panel = await openTab(app, 'My POS');
      expect(await within(panel).findByText('No other colleagues in this store.')).toBeTruthy();
    });

    it('says the colleagues could not be loaded, and tries again', async () => {
      let fail = true;
      const server = profileServer().on('GET', '/api/users', () =>
        fail ? json(500, { message: 'Server Error' }) : json(200, usersPage(storeTeamFixture)),
      );
      const app = renderApp('/profile');

      const panel = await openTab(app, 'My POS');
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        'Unable to load your colleagues...',
      );
      fail = false;
      await app.user.click(within(panel).getByRole('button', { name: 'Try again' }));
      expect(await within(panel).findByText('Léa Bonvin')).toBeTruthy();
      expect(server.callsTo('GET', '/api/users').length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('Badges tab', () => {
    it('shows the earned badges and the way to all of them', async () => {
      profileServer();
      const app = renderApp('/profile');

      const panel = await openTab(app, 'Badges');
      const badge = await within(panel).findByRole('article', { name: 'First Tick' });
      expect(within(badge).getByText('Earned on 12 mars 2025')).toBeTruthy();
      expect(badge.querySelector('img')?.getAttribute('src')).toBe('/images/badges/first-quiz.svg');
      expect(within(panel).queryByRole('article', { name: 'Perfect Calibre' })).toBeNull();
      expect(await within(panel).findByText('1 of 2 earned')).toBeTruthy();

      await app.user.click(within(panel).getByRole('link', { name: 'See all badges' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Mes badges' })).toBeTruthy();
      await waitFor(() => expect(app.location().pathname).toBe('/badges'));
    });

    it('says the badges could not be loaded', async () => {
      profileServer().on('GET', '/api/user/badges', json(500, { message: 'Server Error' }));
      const app = renderApp('/profile');

      const panel = await openTab(app, 'Badges');
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        'Unable to load badges...',
      );
    });
  });

  it('sends an anonymous visitor to the login page', async () => {
    mockFetch();
    const app = renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    expect(app.location().pathname).toBe('/login');
  });

  it('shows the picture the user has', async () => {
    profileServer({
      ...demoUser,
      profile_picture: 'profile-pictures/a1.webp',
      profile_picture_url: '/uploads/profile-pictures/a1.webp',
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Camille Rochat' });
    const main = screen.getByRole('main');
    expect(main.querySelector('img[src="/uploads/profile-pictures/a1.webp"]')).not.toBeNull();
    expect(main.querySelector(`img[src="${DEFAULT_AVATAR_URL}"]`)).toBeNull();
  });
});
