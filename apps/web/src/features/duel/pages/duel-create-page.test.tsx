import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Colleague } from '@app/contract/user';
import { json } from '@/testing/fetch-mock';
import { demoUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { amelie, duelFixture, duelServer, listOf, lucas, themes } from '../testing/duel-fixtures';

const colleague = (person: typeof lucas): Colleague => ({
  ...person,
  name: `${person.first_name} ${person.last_name}`,
  total_points: 12_000,
});

const people = [colleague(lucas), colleague(amelie)];
const me: Colleague = {
  ...colleague(lucas),
  id: demoUser.id,
  first_name: 'Camille',
  last_name: 'Rochat',
  name: 'Camille Rochat',
};

/** The create page's server: colleagues searched by `q`, the themes, and the two creates. */
function createServer() {
  return duelServer()
    .on('GET', '/api/users', (call) => {
      const q = (new URL(call.url, 'http://localhost').searchParams.get('q') ?? '').toLowerCase();
      const data = [me, ...people].filter((p) => p.name.toLowerCase().includes(q));
      return json(200, { data, current_page: 1, last_page: 1, per_page: 9, total: data.length });
    })
    .on('GET', '/api/duel-quizzes', json(200, { data: themes }))
    .on('POST', '/api/duels', json(201, duelFixture(60, { status: 'pending' })))
    .on('POST', '/api/duels/random', json(201, duelFixture(61, { status: 'pending' })))
    .on('GET', '/api/duels', json(200, listOf([])));
}

const submit = () => screen.getByRole('button', { name: 'Créer le duel' }) as HTMLButtonElement;

describe('/duels/create', () => {
  it('is in French, with the colleagues and the themes to choose from', async () => {
    createServer();
    renderApp('/duels/create');

    expect(await screen.findByRole('heading', { level: 1, name: 'Créer un duel' })).toBeTruthy();
    expect(screen.getByRole('group', { name: /Votre adversaire/ })).toBeTruthy();
    expect(
      screen.getByRole('radio', {
        name: 'Adversaire aléatoire Un collègue de niveau proche, sur un thème tiré au sort.',
      }),
    ).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /Lucas Moreau/ })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /Histoire/ })).toBeTruthy();
    // The user is not their own opponent, and no email is ever shown.
    expect(screen.queryByRole('radio', { name: /Camille Rochat/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/@/);
    expect(screen.getByRole('link', { name: 'Retour aux duels' }).getAttribute('href')).toBe(
      '/duels',
    );
    expect(submit().disabled).toBe(true);
  });

  it('searches colleagues once typing pauses', async () => {
    const server = createServer();
    const app = renderApp('/duels/create');
    await screen.findByRole('radio', { name: /Lucas Moreau/ });

    await app.user.type(screen.getByLabelText('Rechercher un collègue'), 'amé');

    await waitFor(() => expect(screen.queryByRole('radio', { name: /Lucas Moreau/ })).toBeNull());
    expect(screen.getByRole('radio', { name: /Amélie Roux/ })).toBeTruthy();
    const queries = server
      .callsTo('GET', '/api/users')
      .map((c) => new URL(c.url, 'http://localhost').searchParams.get('q'));
    // Not 'a', nor 'am': one search, once typing paused.
    expect(queries.filter(Boolean)).toEqual(['amé']);

    await app.user.clear(screen.getByLabelText('Rechercher un collègue'));
    await app.user.type(screen.getByLabelText('Rechercher un collègue'), 'zzz');
    expect(await screen.findByText('Aucun collègue ne correspond à votre recherche')).toBeTruthy();
  });

  it('creates a duel against the colleague on the theme chosen, then confirms it on /duels', async () => {
    const server = createServer();
    const app = renderApp('/duels/create');

    await app.user.click(await screen.findByRole('radio', { name: /Amélie Roux/ }));
    expect(screen.getByText('Adversaire choisi : Amélie Roux')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await app.user.click(await screen.findByRole('radio', { name: /Collections/ }));
    expect(submit().disabled).toBe(false);
    await app.user.click(submit());

    await waitFor(() => expect(app.location().pathname).toBe('/duels'));
    expect(app.location().search).toBe('?created=success');
    expect(server.callsTo('POST', '/api/duels')[0]!.body).toEqual({
      quiz_id: 2,
      opponent_id: amelie.id,
    });
    expect(
      await screen.findByText(
        'Your duel has been created. Your opponent has 24 hours to accept it.',
      ),
    ).toBeTruthy();
  });

  it('keeps the colleague chosen while another search shows others', async () => {
    createServer();
    const app = renderApp('/duels/create');

    await app.user.click(await screen.findByRole('radio', { name: /Lucas Moreau/ }));
    await app.user.type(screen.getByLabelText('Rechercher un collègue'), 'amé');
    await screen.findByText('Amélie Roux');
    const chosen = screen.getByRole('radio', { name: /Lucas Moreau/ }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
  });

  it('creates a duel against a random opponent, the theme drawn by the server', async () => {
    const server = createServer();
    const app = renderApp('/duels/create');

    await app.user.click(await screen.findByRole('radio', { name: /^Adversaire aléatoire/ }));
    expect(screen.getByText('Le thème sera tiré au sort.')).toBeTruthy();
    expect(screen.queryByLabelText('Rechercher un collègue')).toBeNull();
    await app.user.click(submit());

    await waitFor(() => expect(app.location().search).toBe('?created=success'));
    expect(server.callsTo('POST', '/api/duels/random')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/duels')).toHaveLength(0);
  });

  it('shows the server’s message when the duel cannot be created', async () => {
    const server = createServer().on(
      'POST',
      '/api/duels',
      json(422, { message: 'A duel between you two is already waiting to be accepted.' }),
    );
    const app = renderApp('/duels/create');

    await app.user.click(await screen.findByRole('radio', { name: /Lucas Moreau/ }));
    await app.user.click(await screen.findByRole('radio', { name: /Histoire/ }));
    await app.user.click(submit());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'A duel between you two is already waiting to be accepted.',
    );
    expect(app.location().pathname).toBe('/duels/create');

    server.on('POST', '/api/duels/random', json(500, { message: 'Server Error' }));
    await app.user.click(screen.getByRole('radio', { name: /^Adversaire aléatoire/ }));
    await app.user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Impossible de créer le duel. Veuillez réessayer.',
      ),
    );
  });

  it('says when the themes cannot be loaded', async () => {
    createServer().on('GET', '/api/duel-quizzes', json(500, { message: 'Server Error' }));
    renderApp('/duels/create');

    const group = await screen.findByRole('group', { name: /Le thème/ });
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'Impossible de charger les thèmes.',
    );
  });
});
