import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type FetchCall } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { colleague, colleaguesFixture, storesFixture, usersPage } from '@/testing/people';
import { renderApp } from '@/testing/render-app';

const NBSP = '\u00a0';

const params = (call: FetchCall | undefined) =>
  new URL(call?.url ?? '', 'http://localhost').searchParams;

function usersServer(page = usersPage()) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/stores', json(200, { data: storesFixture }))
    .on('GET', '/api/users', json(200, page));
}

const lastCall = (server: ReturnType<typeof mockFetch>) =>
  params(server.callsTo('GET', '/api/users').at(-1));

async function openUsers() {
  const app = renderApp('/users');
  // The first render loads the page's chunk: allow it more than the default second.
  await screen.findByRole('list', { name: 'Liste des utilisateurs' }, { timeout: 5000 });
  return app;
}

describe('/users', () => {
  it('lists the users with their boutique and points, never an email', async () => {
    const server = usersServer();
    await openUsers();

    expect(screen.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    const kenji = screen.getByRole('article', { name: 'Kenji Sato' });
    expect(within(kenji).getByText('Aurèle Ginza')).toBeTruthy();
    expect(within(kenji).getByText('Tokyo, Japan')).toBeTruthy();
    expect(kenji.textContent).toContain(`12${NBSP}750 pts`);
    expect(document.body.textContent).not.toMatch(/@example\.com/);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('4 utilisateurs');

    const call = lastCall(server);
    expect(call.get('sort')).toBe('name');
    expect(call.get('order')).toBe('asc');
    expect(call.get('page')).toBe('1');
    expect(call.has('city')).toBe(false);
  });

  it('has French labels', async () => {
    usersServer();
    await openUsers();

    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Pays/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Boutique/ })).toBeTruthy();
    const sort = screen.getByRole('combobox', { name: 'Trier par' }) as HTMLSelectElement;
    expect(Array.from(sort.options).map((o) => o.text)).toEqual(['Nom', 'Pays', 'Boutique']);
  });

  it('searches once typing pauses', async () => {
    const server = usersServer();
    const app = await openUsers();
    const before = server.callsTo('GET', '/api/users').length;

    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Genève');

    await waitFor(() => expect(lastCall(server).get('q')).toBe('Genève'));
    expect(server.callsTo('GET', '/api/users')).toHaveLength(before + 1);
  });

  it('filters by country and store with repeated parameters', async () => {
    const server = usersServer();
    const app = await openUsers();

    await app.user.click(screen.getByRole('button', { name: /^Pays/ }));
    await app.user.click(
      within(screen.getByRole('listbox', { name: 'Pays' })).getByRole('option', {
        name: 'Tout sélectionner',
      }),
    );
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('button', { name: /^Boutique/ }));
    const stores = screen.getByRole('listbox', { name: 'Boutique' });
    await app.user.click(within(stores).getByRole('option', { name: /^Aurèle Ginza/ }));
    await app.user.click(within(stores).getByRole('option', { name: /^Aurèle Genève/ }));
    await app.user.keyboard('{Escape}');

    await waitFor(() => expect(lastCall(server).getAll('store_id')).toEqual(['1', '5']));
    expect(lastCall(server).getAll('country')).toEqual(['France', 'Japan', 'Switzerland']);
  });

  it('sorts by name, country or store, ascending or descending', async () => {
    const server = usersServer();
    const app = await openUsers();

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Boutique');
    await waitFor(() => expect(lastCall(server).get('sort')).toBe('store'));
    expect(lastCall(server).get('order')).toBe('asc');

    await app.user.click(screen.getByRole('button', { name: /^Ordre\s*Croissant/ }));
    await waitFor(() => expect(lastCall(server).get('order')).toBe('desc'));
    expect(lastCall(server).get('sort')).toBe('store');
    expect(screen.getByRole('button', { name: /^Ordre\s*Décroissant/ })).toBeTruthy();
  });

  it('pages on the server', async () => {
    const server = usersServer(
      usersPage(
        Array.from({ length: 24 }, (_, i) => colleague(200 + i, `Person${i} Staff`, 2)),
        { total: 50 },
      ),
    );
    const app = await openUsers();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('50 utilisateurs');

    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(lastCall(server).get('page')).toBe('3'));
    expect(lastCall(server).get('per_page')).toBe('24');
  });

  it("says 'No users listed yet' when there is no user at all", async () => {
    usersServer(usersPage([]));
    renderApp('/users');

    expect(await screen.findByText('No users listed yet')).toBeTruthy();
    expect(screen.queryByText('Aucun utilisateur ne correspond à votre recherche')).toBeNull();
  });

  it('says no user matches a search, and clears it', async () => {
    const server = usersServer();
    const app = await openUsers();
    server.on('GET', '/api/users', (call) =>
      json(200, params(call).has('q') ? usersPage([]) : usersPage()),
    );

    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'personne');

    const empty = await screen.findByText('Aucun utilisateur ne correspond à votre recherche');
    expect(screen.queryByText('No users listed yet')).toBeNull();
    await app.user.click(
      within(empty.closest('div')!.parentElement!).getByRole('button', {
        name: 'Effacer les filtres',
      }),
    );
    await screen.findByRole('list', { name: 'Liste des utilisateurs' });
    expect((screen.getByRole('searchbox', { name: 'Rechercher' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(colleaguesFixture).toHaveLength(screen.getAllByRole('article').length);
  });

  it("says SPEC.md's text when the list fails to load", async () => {
    usersServer().on('GET', '/api/users', json(500, { message: 'Server Error' }));
    renderApp('/users');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Impossible de charger la liste des utilisateurs');
  });
});
