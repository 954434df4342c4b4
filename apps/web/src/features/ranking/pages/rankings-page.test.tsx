import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { deferred, json, mockFetch, type FetchCall } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import {
  globalRankingPage,
  splitRankingPage,
  splitsFixture,
  storesFixture,
} from '@/testing/people';
import { renderApp } from '@/testing/render-app';

const NBSP = '\u00a0';

const params = (call: FetchCall | undefined) =>
  new URL(call?.url ?? '', 'http://localhost').searchParams;

/** The rankings server: splits, stores, and the global ranking paged as the query asks. */
function rankingServer({ total = 60 } = {}) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/splits', json(200, { data: splitsFixture, current_id: 2 }))
    .on('GET', '/api/stores', json(200, { data: storesFixture }))
    .on('GET', '/api/rankings/global', (call) => {
      const query = params(call);
      return json(
        200,
        globalRankingPage({
          page: Number(query.get('page') ?? 1),
          total,
          order: query.get('order') === 'asc' ? 'asc' : 'desc',
        }),
      );
    })
    .on('GET', '/api/rankings/split/2', json(200, splitRankingPage()));
}

const table = () => screen.getByRole('table', { name: 'Classement général' });
const bodyRows = () => Array.from(table().querySelectorAll<HTMLElement>('tbody tr'));
const lastGlobalCall = (server: ReturnType<typeof mockFetch>) =>
  server.callsTo('GET', '/api/rankings/global').at(-1);

async function openRankings() {
  const app = renderApp('/rankings');
  // The first render loads the page's chunk: allow it more than the default second.
  await screen.findByRole('table', { name: 'Classement général' }, { timeout: 5000 });
  return app;
}

async function choose(app: ReturnType<typeof renderApp>, filter: string, options: string[]) {
  await app.user.click(screen.getByRole('button', { name: new RegExp(`^${filter}`) }));
  const list = screen.getByRole('listbox', { name: filter });
  for (const option of options) {
    await app.user.click(within(list).getByRole('option', { name: new RegExp(`^${option}`) }));
  }
  await app.user.keyboard('{Escape}');
}

describe('/rankings', () => {
  it('shows the podium of the global top 3 with portraits, names and points in fr-CH', async () => {
    rankingServer();
    renderApp('/rankings');

    const podium = await screen.findByRole('region', { name: 'Le podium' }, { timeout: 5000 });
    const places = within(podium).getAllByRole('listitem');
    expect(places).toHaveLength(3);
    expect(places[0]!.textContent).toContain('1re place');
    expect(places[0]!.textContent).toContain('Amélie Roux');
    expect(places[0]!.textContent).toContain(`103${NBSP}500`);
    expect(places[0]!.querySelector('img')?.getAttribute('src')).toBe('/uploads/amelie.webp');
    expect(places[1]!.textContent).toContain('2e place');
    expect(places[1]!.textContent).toContain(`41${NBSP}800`);
    expect(places[2]!.textContent).toContain('Sofia Rossi');
    // No portrait: the default avatar.
    expect(places[2]!.querySelector('img')?.getAttribute('src')).toBe('/images/avatar-default.svg');
  });

  it('lists the first page, points descending, with fr-CH thousands separators', async () => {
    const server = rankingServer();
    await openRankings();

    const call = params(lastGlobalCall(server));
    expect(call.get('order')).toBe('desc');
    expect(call.get('page')).toBe('1');
    expect(call.get('per_page')).toBe('20');
    expect(call.has('q')).toBe(false);
    expect(bodyRows()).toHaveLength(20);
    const first = within(bodyRows()[0]!).getAllByRole('cell');
    expect(first[0]!.textContent).toBe('1');
    expect(first.at(-1)!.textContent).toBe(`103${NBSP}500`);
    expect(screen.getByRole('columnheader', { name: 'Points' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('60 participants');
  });

  it('keeps the own row in view at the foot of the table when it is on another page', async () => {
    rankingServer();
    const app = await openRankings();

    // Rank 42 is on page 3: the table's footer holds it.
    const footer = table().querySelector('tfoot')!;
    expect(footer).not.toBeNull();
    expect(footer.textContent).toContain('Votre position');
    expect(footer.textContent).toContain('Camille Rochat');
    expect(footer.textContent).not.toContain('Vous');
    expect(footer.textContent).toContain('42');
    expect(footer.textContent).toContain(`1${NBSP}250`);

    // On its own page it is marked where it stands, and the footer is gone.
    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(table().querySelector('tfoot')).toBeNull());
    const own = bodyRows().find((row) => row.hasAttribute('data-me'))!;
    expect(within(own).getByText('Vous')).toBeTruthy();
    expect(within(own).getAllByRole('cell')[0]!.textContent).toBe('42');
  });

  it('pages on the server and keeps the page shown while the next one loads', async () => {
    const server = rankingServer();
    const app = await openRankings();
    const nav = screen.getByRole('navigation', { name: 'Pages du classement' });
    const held = deferred<Response>();
    server.on('GET', '/api/rankings/global', () => held.promise);

    await app.user.click(within(nav).getByRole('button', { name: 'Suivant' }));

    expect(params(lastGlobalCall(server)).get('page')).toBe('2');
    // The first page stays (no spinner, no flash), marked busy.
    expect(bodyRows()).toHaveLength(20);
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('status', { name: 'Chargement du classement…' })).toBeNull();

    held.resolve(json(200, globalRankingPage({ page: 2 })));
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('21'),
    );
    expect(table().hasAttribute('aria-busy')).toBe(false);
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('toggles the order of the points', async () => {
    const server = rankingServer();
    const app = await openRankings();

    await app.user.click(screen.getByRole('button', { name: /^Points\s*Décroissant/ }));

    await waitFor(() => expect(params(lastGlobalCall(server)).get('order')).toBe('asc'));
    expect(params(lastGlobalCall(server)).get('page')).toBe('1');
    expect(screen.getByRole('button', { name: /^Points\s*Croissant/ })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Points' }).getAttribute('aria-sort')).toBe(
        'ascending',
      ),
    );
  });

  it('sends the filters as repeated parameters and starts again from page 1', async () => {
    const server = rankingServer();
    const app = await openRankings();
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(params(lastGlobalCall(server)).get('page')).toBe('2'));

    await choose(app, 'Pays', ['France', 'Switzerland']);
    await choose(app, 'Boutique', ['Aurèle Vendôme']);

    await waitFor(() => expect(params(lastGlobalCall(server)).getAll('store_id')).toEqual(['3']));
    const call = params(lastGlobalCall(server));
    expect(call.getAll('country')).toEqual(['France', 'Switzerland']);
    expect(call.getAll('city')).toEqual([]);
    expect(call.get('page')).toBe('1');
    expect(call.get('order')).toBe('desc');
    expect(screen.getByRole('button', { name: /^Pays/ }).textContent).toContain('France +1');

    // Taking Switzerland and France off takes the boutique with them.
    await choose(app, 'Pays', ['France']);
    await waitFor(() =>
      expect(params(lastGlobalCall(server)).getAll('country')).toEqual(['Switzerland']),
    );
    expect(params(lastGlobalCall(server)).getAll('store_id')).toEqual([]);
  });

  it('offers only the cities and boutiques of the chosen countries', async () => {
    rankingServer();
    const app = await openRankings();

    await choose(app, 'Pays', ['Japan']);
    await app.user.click(screen.getByRole('button', { name: /^Ville/ }));

    const cities = within(screen.getByRole('listbox', { name: 'Ville' })).getAllByRole('option');
    expect(cities.map((o) => o.textContent)).toEqual(['Tout sélectionner', 'TokyoJapan']);
  });

  it('searches by name once typing pauses, every filter in the query', async () => {
    const server = rankingServer();
    const app = await openRankings();
    const before = server.callsTo('GET', '/api/rankings/global').length;

    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'rochat');

    await waitFor(() => expect(params(lastGlobalCall(server)).get('q')).toBe('rochat'));
    // One call for the whole word, not one a letter.
    expect(server.callsTo('GET', '/api/rankings/global')).toHaveLength(before + 1);
  });

  it('keys the cache on every filter: going back to a query already seen asks nothing', async () => {
    const server = rankingServer();
    const app = await openRankings();
    const before = server.callsTo('GET', '/api/rankings/global').length;

    await choose(app, 'Pays', ['Japan']);
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/rankings/global')).toHaveLength(before + 1),
    );
    await choose(app, 'Pays', ['Japan']);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Pays/ }).textContent).toContain('Tous'),
    );
    expect(server.callsTo('GET', '/api/rankings/global')).toHaveLength(before + 1);
  });

  it('says when no one matches, and clears the filters', async () => {
    const server = rankingServer();
    const app = await openRankings();
    server.on('GET', '/api/rankings/global', json(200, globalRankingPage({ total: 0 })));

    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'zzz');

    expect(
      await screen.findByText(
        'Aucun participant ne correspond à votre recherche',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    // The own row stays.
    expect(table().querySelector('tfoot')?.textContent).toContain('Camille Rochat');

    server.on('GET', '/api/rankings/global', json(200, globalRankingPage()));
    const [, fromNotice] = screen.getAllByRole('button', { name: 'Effacer les filtres' });
    await app.user.click(fromNotice!);
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect((screen.getByRole('searchbox', { name: 'Rechercher' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('opens a split: its ranking with the same filters, the own row unranked', async () => {
    const server = rankingServer();
    const app = await openRankings();

    const tabs = screen.getByRole('tablist', { name: 'Classements' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'GlobalDepuis le début',
      'Split 120 févr. – 20 mai 2026',
      'Split 221 mai – 20 août 2026En cours',
      'Split 321 août – 20 nov. 2026Not available',
    ]);
    expect(
      within(tabs)
        .getByRole('tab', { name: /^Global/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    await choose(app, 'Pays', ['Switzerland']);

    await app.user.click(within(tabs).getByRole('tab', { name: /^Split 2/ }));

    const splitTable = await screen.findByRole('table', {
      name: /^Classement du Split 2 \(21 mai/,
    });
    const call = params(server.callsTo('GET', '/api/rankings/split/2').at(-1));
    expect(call.getAll('country')).toEqual(['Switzerland']);
    expect(call.get('order')).toBe('desc');
    expect(screen.getByRole('tabpanel', { name: /^Split 2/ })).toBeTruthy();
    const own = splitTable.querySelector('tfoot')!;
    expect(own.textContent).toContain('Non classé');
    expect(own.textContent).toContain('Camille Rochat');
    // The podium stays the global one.
    expect(
      within(screen.getByRole('region', { name: 'Le podium' })).getByText('Amélie'),
    ).toBeTruthy();
  });

  it('shows a split that has not started as not available, and never asks for it', async () => {
    const server = rankingServer();
    const app = await openRankings();
    const future = screen.getByRole('tab', { name: /^Split 3/ });
    expect(future.getAttribute('aria-disabled')).toBe('true');

    await app.user.click(future);

    expect(future.getAttribute('aria-selected')).toBe('false');
    expect(server.callsTo('GET', '/api/rankings/split/3')).toHaveLength(0);
  });

  it('opens the split a link asks for, the current one included', async () => {
    const server = rankingServer();
    renderApp(paths.rankings('current'));

    await screen.findByRole('table', { name: /^Classement du Split 2 \(21 mai/ });
    expect(screen.getByRole('tab', { name: /^Split 2/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Nothing was asked of the global ranking on the way.
    expect(server.callsTo('GET', '/api/rankings/global')).toHaveLength(0);
  });

  it('moves between the tabs with the arrows, skipping nothing but never opening a future split', async () => {
    const server = rankingServer();
    const app = await openRankings();
    screen.getByRole('tab', { name: /^Global/ }).focus();

    await app.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /^Split 1/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await app.user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Split 3/ }));
    expect(screen.getByRole('tab', { name: /^Split 1/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(server.callsTo('GET', '/api/rankings/split/3')).toHaveLength(0);
  });

  it("says SPEC.md's text when the global ranking fails, and tries again", async () => {
    const server = rankingServer();
    server.on('GET', '/api/rankings/global', json(500, { message: 'Server Error' }));
    const app = renderApp('/rankings');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Impossible de charger les données. Veuillez réessayer.');

    server.on('GET', '/api/rankings/global', json(200, globalRankingPage()));
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('table', { name: 'Classement général' });
  });

  it("says SPEC.md's text when a split's ranking fails", async () => {
    rankingServer().on('GET', '/api/rankings/split/2', json(500, { message: 'Server Error' }));
    renderApp(paths.rankings(2));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Impossible de charger le classement pour cette saison.');
  });
});
