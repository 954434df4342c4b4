import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Duel } from '@app/contract/duel';
import { json, type FetchCall } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import {
  amelie,
  attempt,
  duelFixture,
  duelServer,
  listOf,
  lucas,
  me,
  round,
  themes,
  wonDuel,
} from '../testing/duel-fixtures';

type Lists = Partial<Record<'pending' | 'active' | 'completed', Duel[] | Response>>;

const statusOf = (call: FetchCall) =>
  new URL(call.url, 'http://localhost').searchParams.get('status');

/** The dashboard's server: one list per status (a Response for a failure). */
function dashboard(lists: Lists = {}, awaiting = 0) {
  return duelServer(awaiting).on('GET', '/api/duels', (call) => {
    const list = lists[statusOf(call) as keyof Lists] ?? [];
    return list instanceof Response ? list : json(200, listOf(list));
  });
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (name: string) => screen.getByRole('article', { name: new RegExp(`${name}$`) });

describe('/duels: the dashboard', () => {
  it('shows the three lists, with their empty states verbatim, and a way to create a duel', async () => {
    dashboard();
    renderApp('/duels');

    expect(await screen.findByRole('heading', { level: 1, name: 'Duels' })).toBeTruthy();
    expect(await screen.findByText('No pending duels')).toBeTruthy();
    expect(await screen.findByText('No active duels')).toBeTruthy();
    expect(await screen.findByText('No completed duels')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a duel' }).getAttribute('href')).toBe(
      '/duels/create',
    );
    expect(section('Pending')).toBeTruthy();
    expect(section('Active')).toBeTruthy();
    expect(section('Completed')).toBeTruthy();
  });

  it('asks each list by status and page, and pages through one list', async () => {
    const server = dashboard().on('GET', '/api/duels', (call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.searchParams.get('status') !== 'completed') return json(200, listOf([]));
      const page = Number(url.searchParams.get('page'));
      const duel = wonDuel(page === 2 ? 52 : 51, page === 2 ? amelie : lucas);
      return json(200, listOf([duel], page, 3, 23));
    });
    const app = renderApp('/duels');

    await screen.findByRole('article', { name: /Lucas Moreau$/ });
    const statuses = server.callsTo('GET', '/api/duels').map(statusOf);
    expect(new Set(statuses)).toEqual(new Set(['pending', 'active', 'completed']));

    await app.user.click(within(section('Completed')).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('article', { name: /Amélie Roux$/ });
    const last = server.callsTo('GET', '/api/duels').at(-1)!;
    expect(new URL(last.url, 'http://localhost').searchParams.get('page')).toBe('2');
    expect(within(section('Completed')).getByText('23')).toBeTruthy();
  });

  it('says once that the duels could not be loaded, and tries again', async () => {
    const failure = json(500, { message: 'Server Error' });
    const server = dashboard({ pending: failure, active: failure, completed: failure });
    const app = renderApp('/duels');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Une erreur est survenue lors du chargement des duels.');
    expect(
      screen.getAllByText('Une erreur est survenue lors du chargement des duels.'),
    ).toHaveLength(1);

    server.on('GET', '/api/duels', json(200, listOf([])));
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No active duels')).toBeTruthy();
  });

  it('says in its own list which one failed', async () => {
    dashboard({ active: json(500, { message: 'Server Error' }) });
    renderApp('/duels');

    await screen.findByText('No pending duels');
    expect((await within(section('Active')).findByRole('alert')).textContent).toBe(
      'Une erreur est survenue lors du chargement des duels.',
    );
  });

  it('confirms a duel just created (created=success), until dismissed', async () => {
    dashboard();
    const app = renderApp('/duels?created=success');

    const text = 'Your duel has been created. Your opponent has 24 hours to accept it.';
    expect((await screen.findByText(text)).closest('[role="status"]')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    expect(app.location().search).toBe('');
  });
});

describe('/duels: pending duels', () => {
  it('lets user2 accept, and user1 cancel', async () => {
    dashboard({
      pending: [
        duelFixture(1, { status: 'pending', mine: false, opponent: lucas, awaiting_me: true }),
        duelFixture(2, { status: 'pending', mine: true, opponent: amelie }),
      ],
    });
    renderApp('/duels');

    const challenged = await screen.findByRole('article', { name: /Lucas Moreau$/ });
    expect(within(challenged).getByText('Lucas challenges you')).toBeTruthy();
    expect(within(challenged).getByText('Your turn')).toBeTruthy();
    expect(within(challenged).getByRole('button', { name: /^Accept/ })).toBeTruthy();
    expect(within(challenged).queryByRole('button', { name: /^Cancel/ })).toBeNull();

    const created = card('Amélie Roux');
    expect(within(created).getByText('Waiting for Amélie to accept')).toBeTruthy();
    expect(within(created).getByRole('button', { name: /^Cancel/ })).toBeTruthy();
    expect(within(created).queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('accepts with POST /start, and the duel moves to the active list', async () => {
    const pending = duelFixture(1, { status: 'pending', mine: false });
    let accepted = false;
    const server = dashboard().on('GET', '/api/duels', (call) => {
      const status = statusOf(call);
      if (status === 'pending') return json(200, listOf(accepted ? [] : [pending]));
      if (status === 'active') {
        return json(200, listOf(accepted ? [{ ...pending, status: 'in_progress' }] : []));
      }
      return json(200, listOf([]));
    });
    server.on('POST', '/api/duels/1/start', () => {
      accepted = true;
      return json(200, { ...pending, status: 'in_progress' });
    });
    const app = renderApp('/duels');

    await app.user.click(await screen.findByRole('button', { name: /^Accept/ }));

    expect(await screen.findByText('No pending duels')).toBeTruthy();
    expect(await within(section('Active')).findByRole('link', { name: /^Play/ })).toBeTruthy();
    expect(screen.getByText('Duel accepted: it is now among your active duels.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/duels/1/start')).toHaveLength(1);
  });

  it('says why an accept failed: the server’s message, else its own', async () => {
    const server = dashboard({ pending: [duelFixture(1, { status: 'pending', mine: false })] });
    server.on(
      'POST',
      '/api/duels/1/start',
      json(422, { message: 'This duel is no longer waiting to be accepted.' }),
    );
    const app = renderApp('/duels');

    await app.user.click(await screen.findByRole('button', { name: /^Accept/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This duel is no longer waiting to be accepted.',
    );

    server.on('POST', '/api/duels/1/start', json(500, { message: 'Server Error' }));
    await app.user.click(screen.getByRole('button', { name: /^Accept/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Impossible d’accepter ce duel. Veuillez réessayer.',
      ),
    );
  });

  it('cancels after a confirmation, with DELETE', async () => {
    let cancelled = false;
    const pending = duelFixture(2, { status: 'pending', mine: true, opponent: amelie });
    const server = dashboard().on('GET', '/api/duels', (call) =>
      json(200, listOf(statusOf(call) === 'pending' && !cancelled ? [pending] : [])),
    );
    server.on('DELETE', '/api/duels/2', () => {
      cancelled = true;
      return json(204);
    });
    const app = renderApp('/duels');

    await app.user.click(await screen.findByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this duel?' });
    expect(
      within(dialog).getByText('Amélie Roux will no longer be able to accept it.'),
    ).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.callsTo('DELETE', '/api/duels/2')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: /^Cancel/ }));
    await app.user.click(screen.getByRole('button', { name: 'Cancel the duel' }));
    expect(await screen.findByText('No pending duels')).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/duels/2')).toHaveLength(1);
    expect(screen.getByText('Duel cancelled.')).toBeTruthy();
  });

  it('says why a cancel failed', async () => {
    const server = dashboard({
      pending: [duelFixture(2, { status: 'pending', mine: true, opponent: amelie })],
    });
    server.on('DELETE', '/api/duels/2', json(500, { message: 'Server Error' }));
    const app = renderApp('/duels');

    await app.user.click(await screen.findByRole('button', { name: /^Cancel/ }));
    await app.user.click(screen.getByRole('button', { name: 'Cancel the duel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible d’annuler ce duel. Veuillez réessayer.',
    );
  });
});

describe('/duels: active duels', () => {
  it('plays the round in progress, else the first pending round, else sees the result', async () => {
    const firstDone = round(
      1,
      'completed',
      [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)],
      me.id,
    );
    dashboard({
      active: [
        duelFixture(11, {
          opponent: lucas,
          rounds: [firstDone, round(2, 'in_progress', [attempt(lucas.id, null, null)]), round(3)],
        }),
        duelFixture(12, { opponent: amelie, rounds: [firstDone, round(2), round(3)] }),
        duelFixture(13, {
          opponent: { ...lucas, id: 23, first_name: 'Thomas', last_name: 'Keller' },
          rounds: [firstDone, { ...firstDone, round_number: 2 }, { ...firstDone, round_number: 3 }],
        }),
      ],
    });
    renderApp('/duels');

    const play = async (name: string) =>
      within(await screen.findByRole('article', { name: new RegExp(`${name}$`) }))
        .getByRole('link', { name: /^Play/ })
        .getAttribute('href');
    expect(await play('Lucas Moreau')).toBe('/duels/play/11/round/2');
    expect(await play('Amélie Roux')).toBe('/duels/play/12/round/2');
    expect(await play('Thomas Keller')).toBe('/duels/result/13');
  });

  it('waits for the opponent when the user played the round in progress', async () => {
    dashboard({
      active: [
        duelFixture(14, {
          rounds: [round(1, 'in_progress', [attempt(me.id, 2000, 60)]), round(2), round(3)],
        }),
      ],
    });
    renderApp('/duels');

    const duel = await screen.findByRole('article', { name: /Lucas Moreau$/ });
    expect(within(duel).getByText('Waiting for your opponent...')).toBeTruthy();
    expect(within(duel).queryByRole('link', { name: /^Play/ })).toBeNull();
    expect(
      within(duel)
        .getByRole('link', { name: /^View the duel/ })
        .getAttribute('href'),
    ).toBe('/duels/result/14');
  });
});

describe('/duels: completed duels', () => {
  it('colours each by its outcome: gold won, blue lost, grey without a winner', async () => {
    const lost = { ...wonDuel(31, amelie), winner_id: amelie.id };
    const tied = {
      ...wonDuel(32, { ...lucas, id: 23, first_name: 'Thomas', last_name: 'Keller' }),
      winner_id: null,
      status: 'timeout' as const,
    };
    dashboard({ completed: [wonDuel(30, lucas), lost, tied] });
    renderApp('/duels');

    const won = await screen.findByRole('article', { name: /Lucas Moreau$/ });
    expect(won.dataset.outcome).toBe('won');
    expect(within(won).getByText('Won')).toBeTruthy();
    expect(within(won).getByText("9'750:7'000")).toBeTruthy();
    expect(
      within(won)
        .getByRole('link', { name: /^See the result/ })
        .getAttribute('href'),
    ).toBe('/duels/result/30');

    const lostCard = card('Amélie Roux');
    expect(lostCard.dataset.outcome).toBe('lost');
    expect(within(lostCard).getByText('Lost')).toBeTruthy();

    const tiedCard = card('Thomas Keller');
    expect(tiedCard.dataset.outcome).toBe('none');
    expect(within(tiedCard).getByText('No winner')).toBeTruthy();
    expect(within(tiedCard).getByText('Timed out')).toBeTruthy();
  });

  it('names the theme of each duel', async () => {
    dashboard({ completed: [{ ...wonDuel(30), quiz: themes[1]!, quiz_id: themes[1]!.id }] });
    renderApp('/duels');

    const duel = await screen.findByRole('article', { name: /Lucas Moreau$/ });
    expect(within(duel).getByText('Collections')).toBeTruthy();
  });
});
