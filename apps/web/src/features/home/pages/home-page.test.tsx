import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Split, SplitsResponse } from '@app/contract/ranking';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession, trainingListFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const split = (id: number, name: string, start: string, end: string, status: Split['status']) =>
  ({ id, name, start_date: start, end_date: end, status }) satisfies Split;

/** Two seasons, as the demo data has them; the first under way in its second split. */
function splitsFixture(statuses: [Split['status'], Split['status'], Split['status']]) {
  const data = [
    split(1, 'Split 1', '2026-02-20', '2026-05-20', statuses[0]),
    split(2, 'Split 2', '2026-05-21', '2026-08-20', statuses[1]),
    split(3, 'Split 3', '2026-08-21', '2026-11-20', statuses[2]),
    split(4, 'Split 1', '2027-02-20', '2027-05-20', 'future'),
    split(5, 'Split 2', '2027-05-21', '2027-08-20', 'future'),
    split(6, 'Split 3', '2027-08-21', '2027-11-20', 'future'),
  ];
  return {
    data,
    current_id: (data.find((s) => s.status === 'current') ?? data[0])!.id,
  } satisfies SplitsResponse;
}

function home(
  completed: string[],
  {
    splits = splitsFixture(['past', 'current', 'future']),
    team = { completed: 2, total: 6 },
  }: { splits?: SplitsResponse; team?: { completed: number; total: number } } = {},
) {
  storeSession();
  const fetch = mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/training', json(200, trainingListFixture(completed)))
    .on('GET', '/api/splits', json(200, splits))
    .on('GET', '/api/training/store-completions', json(200, team));
  return { fetch, ...renderApp('/') };
}

const novelties = () => screen.getByRole('region', { name: 'LAST NOVELTIES 2025' });

describe('home: onboarding progress and the locked novelties', () => {
  it('shows the modules completed out of five, with a link to the trainings', async () => {
    home(['history', 'collection']);

    const progress = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.getAttribute('aria-valuetext')).toBe('2/5 modules completed');
    expect(screen.getByText('2/5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your training' }).getAttribute('href')).toBe(
      '/training',
    );
  });

  it('keeps the novelties locked, with both conditions and their state', async () => {
    home(['history', 'collection']);
    await screen.findByRole('progressbar');

    const section = novelties();
    expect(within(section).getByText("WHAT'S NEW")).toBeTruthy();
    expect(within(section).getByText('Locked')).toBeTruthy();
    const [onboarding, discoveries] = within(section).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDING2/5 modules');
    expect(discoveries?.textContent).toBe('DISCOVERIESOpens soon');
  });

  it('stays locked once onboarding is complete, since discoveries are not', async () => {
    home(['history', 'collection', 'inspiration', 'storytelling', 'main-collections']);

    await screen.findByText('All five modules are complete');
    expect(screen.getByRole('link', { name: 'Review your training' })).toBeTruthy();
    const [onboarding, discoveries] = within(novelties()).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDINGComplete');
    expect(onboarding?.hasAttribute('data-met')).toBe(true);
    expect(discoveries?.hasAttribute('data-met')).toBe(false);
    expect(within(novelties()).getByText('Locked')).toBeTruthy();
  });

  it('still links to the trainings when the progress cannot be loaded', async () => {
    storeSession();
    mockFetch()
      .on('GET', '/api/user', json(200, demoUser))
      .on('GET', '/api/training', json(500, { message: 'Server Error' }));
    renderApp('/');

    expect(
      await screen.findByText('Your progress could not be loaded.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your training' })).toBeTruthy();
    const [onboarding] = within(novelties()).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDINGNot known yet');
  });
});

describe('home: the hero note on the team', () => {
  /** The note once the team's progress is in (its loading text speaks of the team too). */
  const note = async () => {
    const figure = await screen.findByRole('figure');
    await within(figure).findByText(/team|colleague/);
    await waitFor(() => expect(within(figure).queryByText(/^Loading/)).toBeNull());
    return figure;
  };

  it('draws its picture with the page, with no image file to wait for', async () => {
    home([]);

    const figure = await screen.findByRole('figure');
    expect(figure.querySelector('img')).toBeNull();
    const drawing = figure.querySelector('svg');
    expect(drawing?.getAttribute('aria-hidden')).toBe('true');
    // The rosette's copies point at the rosette drawn in this very picture.
    const rosette = drawing?.querySelector('use')?.getAttribute('href') ?? '';
    expect(drawing?.querySelector(`[id="${rosette.slice(1)}"]`)).not.toBeNull();
  });

  it('says how many colleagues of the boutique completed their training', async () => {
    const { fetch } = home([], { team: { completed: 2, total: 6 } });

    const figure = await note();
    expect(within(figure).getByText('Aurèle Genève')).toBeTruthy();
    expect(
      within(figure).getByText('2 members of your team completed their training'),
    ).toBeTruthy();
    expect(within(figure).getByText('Out of 6 colleagues')).toBeTruthy();
    expect(fetch.callsTo('GET', '/api/training/store-completions')).not.toHaveLength(0);
  });

  it('speaks of one member in the singular', async () => {
    home([], { team: { completed: 1, total: 1 } });

    const figure = await note();
    expect(within(figure).getByText('1 member of your team completed their training')).toBeTruthy();
    expect(within(figure).getByText('Out of 1 colleague')).toBeTruthy();
  });

  it('invites the user to lead the way when nobody has completed it yet', async () => {
    home([], { team: { completed: 0, total: 4 } });

    const figure = await note();
    expect(
      within(figure).getByText('No member of your team has completed their training yet'),
    ).toBeTruthy();
    expect(
      within(figure).getByText('Five modules, a few minutes each: lead the way.'),
    ).toBeTruthy();
  });

  it('says so when the boutique has no other colleague on the Academy', async () => {
    home([], { team: { completed: 0, total: 0 } });

    const figure = await note();
    expect(
      within(figure).getByText('No colleague of your boutique is on the Academy yet'),
    ).toBeTruthy();
    expect(within(figure).queryByText(/Out of/)).toBeNull();
  });
});

describe('home: the split cards', () => {
  const card = (name: RegExp | string) => screen.getByRole('article', { name });
  /** The dates line of a card, whose two days are `<time>` elements. */
  const dates = (name: string) =>
    within(card(name)).getByText((_, el) => el?.tagName === 'P' && !!el.querySelector('time'))
      .textContent;
  const splitsSection = () => screen.getByRole('region', { name: 'The splits' });

  it("shows the season under way, each split's name and dates", async () => {
    home([]);

    await screen.findByText('Season 2026');
    const cards = within(splitsSection()).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Split 1',
      'Split 2',
      'Split 3',
    ]);
    expect(dates('Split 1')).toBe('20 february - 20 may');
    expect(dates('Split 2')).toBe('21 may - 20 august');
    expect(dates('Split 3')).toBe('21 august - 20 november');
    expect(within(card('Split 2')).getByText('In progress')).toBeTruthy();
  });

  it('offers Ranking and Activities on current and past splits, "Not available" on future ones', async () => {
    home([]);
    await screen.findByText('Season 2026');

    for (const [id, name] of [
      [1, 'Split 1'],
      [2, 'Split 2'],
    ] as const) {
      const links = within(card(name)).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
        ['Ranking', `/rankings?split=${id}`],
        ['Activities', '/aureleleague'],
      ]);
      expect(within(card(name)).queryByRole('button')).toBeNull();
    }

    const future = card('Split 3');
    expect(within(future).queryByRole('link')).toBeNull();
    const notAvailable = within(future).getByRole('button', { name: 'Not available' });
    expect((notAvailable as HTMLButtonElement).disabled).toBe(true);
  });

  it('between two seasons, keeps the last one readable and announces the next split', async () => {
    home([], { splits: splitsFixture(['past', 'past', 'past']) });

    await screen.findByText('Season 2026');
    expect(within(splitsSection()).getAllByRole('article')).toHaveLength(3);
    expect(within(splitsSection()).queryByRole('button', { name: 'Not available' })).toBeNull();
    expect(screen.getByText('The next split, Split 1, opens on 20 february 2027.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the countdown' }).getAttribute('href')).toBe(
      '/aureleleague',
    );
  });

  it('before the first split, shows them all as not available', async () => {
    home([], { splits: splitsFixture(['future', 'future', 'future']) });

    await screen.findByText('Season 2026');
    expect(within(splitsSection()).queryAllByRole('link')).toHaveLength(0);
    expect(within(splitsSection()).getAllByRole('button', { name: 'Not available' })).toHaveLength(
      3,
    );
    expect(screen.queryByText(/The next split/)).toBeNull();
  });

  it('says so when the splits cannot be loaded, and tries again on demand', async () => {
    const { fetch, user } = home([]);
    fetch.on('GET', '/api/splits', json(500, { message: 'Server Error' }));

    expect(
      await screen.findByText('The splits could not be loaded.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    fetch.on('GET', '/api/splits', json(200, splitsFixture(['past', 'current', 'future'])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Season 2026')).toBeTruthy();
  });
});
