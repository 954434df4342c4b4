import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Split, SplitsResponse } from '@app/contract/ranking';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession, trainingListFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const split = (id: number, name: string, start: string, end: string, status: Split['status']) =>
  ({ id, name, start_date: start, end_date: end, status }) satisfies Split;

const underWay: SplitsResponse = {
  data: [
    split(1, 'Split 1', '2026-02-20', '2026-05-20', 'past'),
    split(2, 'Split 2', '2026-05-21', '2026-08-20', 'past'),
    split(3, 'Split 3', '2026-08-21', '2026-11-20', 'current'),
    split(4, 'Split 1', '2027-02-20', '2027-05-20', 'future'),
    split(5, 'Split 2', '2027-05-21', '2027-08-20', 'future'),
  ],
  current_id: 3,
};

function league(splits: SplitsResponse = underWay) {
  storeSession();
  const fetch = mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/training', json(200, trainingListFixture(['history', 'collection'])))
    .on('GET', '/api/splits', json(200, splits));
  return { fetch, ...renderApp('/aureleleague') };
}

const figure = (container: HTMLElement, unit: string) =>
  container.querySelector(`[data-countdown-unit="${unit}"]`)?.textContent;

afterEach(() => vi.useRealTimers());

describe('league page: the hero', () => {
  it('counts down to the start of the next split, at midnight, and ticks', async () => {
    // Only the clock is faked: the timers run, so each tick reads the time set below.
    vi.useFakeTimers({ toFake: ['Date'] });
    // Midnight in the brand’s time zone (Europe/Zurich by default): 23:00 UTC the day before.
    const target = Date.parse('2027-02-19T23:00:00.000Z');
    vi.setSystemTime(target - (((87 * 24 + 4) * 60 + 12) * 60 + 30) * 1000);
    const { container } = league();

    expect(await screen.findByRole('heading', { level: 1, name: 'Aurèle League' })).toBeTruthy();
    await screen.findByText('Split 1 opens in 87 days, 4 hours and 12 minutes.');
    expect(['days', 'hours', 'minutes', 'seconds'].map((u) => figure(container, u))).toEqual([
      '87',
      '04',
      '12',
      '30',
    ]);
    expect(screen.getByText('Opens on Saturday, 20 February 2027, at midnight')).toBeTruthy();

    vi.setSystemTime(target - (((87 * 24 + 4) * 60 + 12) * 60 + 29) * 1000);
    await waitFor(() => expect(figure(container, 'seconds')).toBe('29'), { timeout: 2000 });
  });

  it('links to the split ranking', async () => {
    league();
    const link = await screen.findByRole('link', { name: 'Split ranking' });
    expect(link.getAttribute('href')).toBe('/rankings?split=current');
  });

  it('says calmly when no split is ahead, without a countdown', async () => {
    const { container } = league({
      data: underWay.data.slice(0, 3),
      current_id: 3,
    });

    expect(await screen.findByText('No split ahead for now')).toBeTruthy();
    expect(
      screen.getByText(
        'Split 3 is under way until Friday, 20 November 2026. The next season will be announced here.',
      ),
    ).toBeTruthy();
    expect(container.querySelector('[data-countdown-unit]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Split ranking' })).toBeTruthy();
  });

  it('asks the server again once the split opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Midnight in the brand’s time zone (Europe/Zurich by default): 23:00 UTC the day before.
    const target = Date.parse('2027-02-19T23:00:00.000Z');
    vi.setSystemTime(target - 1500);
    const { fetch } = league();
    await screen.findByText('Split 1 opens in less than a minute.');
    const before = fetch.callsTo('GET', '/api/splits').length;

    vi.setSystemTime(target + 10);
    await screen.findByText('Split 1 is opening.', {}, { timeout: 2000 });
    await waitFor(() => expect(fetch.callsTo('GET', '/api/splits').length).toBeGreaterThan(before));
  });
});

describe('league page: the blocks', () => {
  const toggle = (name: string) => screen.getByRole('button', { name });

  it('opens the onboarding activities by default, with the five trainings and the progress', async () => {
    league();

    const button = await screen.findByRole('button', { name: 'Onboarding activities' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'Onboarding activities' })).toBe(panel);

    const progress = await within(panel).findByRole('progressbar', { name: 'Your progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    const modules = within(panel).getAllByRole('listitem');
    expect(modules).toHaveLength(5);
    for (const item of modules) {
      expect(within(item).getByRole('link').getAttribute('href')).toBe('/training');
    }
    expect(within(modules[0]!).getByText('Completed')).toBeTruthy();
    expect(within(modules[2]!).getByText('To validate')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('2/5 completed')).toBeTruthy();
  });

  it('keeps Discoveries and Novelties closed until asked, each with two cards not open yet', async () => {
    const { user } = league();
    await screen.findByRole('button', { name: 'Onboarding activities' });

    for (const name of ['Discoveries', 'Novelties']) {
      const button = toggle(name);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(panel.hidden).toBe(true);
      expect(screen.queryByRole('region', { name })).toBeNull();

      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const region = screen.getByRole('region', { name });
      const cards = within(region).getAllByRole('article');
      expect(cards).toHaveLength(2);
      for (const card of cards) {
        const notAvailable = within(card).getByRole('button', { name: 'Not available' });
        expect((notAvailable as HTMLButtonElement).disabled).toBe(true);
        expect(within(card).queryByRole('link')).toBeNull();
      }

      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panel.hidden).toBe(true);
    }
  });

  it('closes the onboarding activities on demand', async () => {
    const { user } = league();
    const button = await screen.findByRole('button', { name: 'Onboarding activities' });

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Onboarding activities' })).toBeNull();
  });

  it('leads to the daily question and to the duels from the Challenge block', async () => {
    league();
    const challenge = await screen.findByRole('region', { name: 'Challenge' });

    const daily = within(challenge).getByRole('article', { name: 'Daily question' });
    expect(within(daily).getByRole('link').getAttribute('href')).toBe('/quiz/daily');
    const duel = within(challenge).getByRole('article', { name: 'Duel' });
    expect(within(duel).getByRole('link').getAttribute('href')).toBe('/duels');
  });
});
