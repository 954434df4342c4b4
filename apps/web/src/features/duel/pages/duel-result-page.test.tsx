import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Duel } from '@app/contract/duel';
import { json } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import {
  amelie,
  attempt,
  detailsFixture,
  duelFixture,
  duelServer,
  listOf,
  lucas,
  me,
  round,
  themes,
  wonDuel,
} from '../testing/duel-fixtures';

function resultServer(duel: Duel) {
  return duelServer()
    .on('GET', `/api/duels/${duel.id}`, json(200, duel))
    .on('GET', `/api/duels/${duel.id}/details`, json(200, detailsFixture(duel)))
    .on('GET', '/api/duels', json(200, listOf([])));
}

describe('/duels/result/{id}', () => {
  it('shows a duel won: VICTORY, the total points with apostrophes, each round, and REMATCH', async () => {
    resultServer(wonDuel(40));
    renderApp('/duels/result/40');

    expect(await screen.findByRole('heading', { level: 1, name: 'VICTORY' })).toBeTruthy();
    expect(screen.getByText('Duel · Histoire')).toBeTruthy();
    expect(screen.getByText("9'750:7'000")).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Points and time of each round' })).toBeTruthy();
    expect(screen.getByText("3'500")).toBeTruthy();
    expect(screen.getByText('1:10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'REMATCH' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /JOUER MANCHE/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'VÉRIFIER STATUT' })).toBeNull();
  });

  it('shows a duel lost as DEFEAT', async () => {
    resultServer({ ...wonDuel(41), winner_id: lucas.id });
    renderApp('/duels/result/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'DEFEAT' })).toBeTruthy();
  });

  it('shows a duel without a winner as DRAW, a timeout said', async () => {
    resultServer({ ...wonDuel(48), winner_id: null, status: 'timeout', rewards: [] });
    renderApp('/duels/result/48');
    expect(await screen.findByRole('heading', { level: 1, name: 'DRAW' })).toBeTruthy();
    expect(screen.getByText('A round was not played in time.')).toBeTruthy();
    expect(screen.queryByText(/Reward/)).toBeNull();
  });

  it('rematches: a new duel, same theme and opponent, then its round 1', async () => {
    const finished = { ...wonDuel(42, amelie), quiz_id: themes[1]!.id, quiz: themes[1]! };
    const rematch = duelFixture(77, { status: 'pending', opponent: amelie });
    const server = resultServer(finished)
      .on('POST', '/api/duels', json(201, rematch))
      .on('GET', '/api/duels/77', json(200, rematch));
    const app = renderApp('/duels/result/42');

    await app.user.click(await screen.findByRole('button', { name: 'REMATCH' }));

    await waitFor(() => expect(app.location().pathname).toBe('/duels/play/77/round/1'));
    expect(server.callsTo('POST', '/api/duels')[0]!.body).toEqual({
      quiz_id: themes[1]!.id,
      opponent_id: amelie.id,
    });
    expect(await screen.findByRole('button', { name: 'START' })).toBeTruthy();
  });

  it('says why a rematch could not be created', async () => {
    resultServer(wonDuel(43)).on(
      'POST',
      '/api/duels',
      json(422, { message: 'A duel between you two is already waiting to be accepted.' }),
    );
    const app = renderApp('/duels/result/43');

    await app.user.click(await screen.findByRole('button', { name: 'REMATCH' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A duel between you two is already waiting to be accepted.',
    );
  });

  it('offers JOUER MANCHE n when the round before is done by both', async () => {
    resultServer(
      duelFixture(44, {
        rounds: [
          round(1, 'completed', [attempt(me.id, 2250, 74), attempt(lucas.id, 1500, 92)], me.id),
          round(2),
          round(3),
        ],
      }),
    );
    renderApp('/duels/result/44');

    const play = await screen.findByRole('link', { name: 'JOUER MANCHE 2' });
    expect(play.getAttribute('href')).toBe('/duels/play/44/round/2');
    expect(screen.getByRole('heading', { level: 1, name: 'Duel result' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'REMATCH' })).toBeNull();
  });

  it('says the opponent played a round, its figures kept secret until the user plays it', async () => {
    resultServer(
      duelFixture(49, {
        rounds: [
          round(1, 'completed', [attempt(me.id, 2250, 74), attempt(lucas.id, 1500, 92)], me.id),
          round(2, 'in_progress', [attempt(lucas.id, null, null)]),
          round(3),
        ],
      }),
    );
    renderApp('/duels/result/49');

    expect(await screen.findByRole('link', { name: 'JOUER MANCHE 2' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /^2 / });
    expect(row.textContent).toBe('2—Played');
  });

  it('offers VÉRIFIER STATUT while the opponent has the round to finish, and refreshes', async () => {
    const waiting = duelFixture(45, {
      rounds: [round(1, 'in_progress', [attempt(me.id, 2250, 74)]), round(2), round(3)],
    });
    const done = duelFixture(45, {
      rounds: [
        round(1, 'completed', [attempt(me.id, 2250, 74), attempt(lucas.id, 1500, 92)], me.id),
        round(2),
        round(3),
      ],
    });
    const server = resultServer(waiting);
    const app = renderApp('/duels/result/45');

    const check = await screen.findByRole('button', { name: 'VÉRIFIER STATUT' });
    expect(screen.getByText('Waiting for your opponent to complete round 1...')).toBeTruthy();
    await app.user.click(check);
    expect(await screen.findByText('Your opponent has not played yet.')).toBeTruthy();

    server.on('GET', '/api/duels/45', json(200, done));
    await app.user.click(screen.getByRole('button', { name: 'VÉRIFIER STATUT' }));
    expect(await screen.findByRole('link', { name: 'JOUER MANCHE 2' })).toBeTruthy();
    // The opponent's round and total now show.
    expect(screen.getAllByText("1'500")).toHaveLength(2);
  });

  it('lets user2 accept a pending duel here too', async () => {
    const pending = duelFixture(46, { status: 'pending', mine: false });
    const server = resultServer(pending).on(
      'POST',
      '/api/duels/46/start',
      json(200, { ...pending, status: 'in_progress' }),
    );
    const app = renderApp('/duels/result/46');

    expect(await screen.findByText('Lucas challenges you to this duel.')).toBeTruthy();
    server.on('GET', '/api/duels/46', json(200, { ...pending, status: 'in_progress' }));
    await app.user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('link', { name: 'JOUER MANCHE 1' })).toBeTruthy();
  });

  it('says why the duel could not be loaded', async () => {
    duelServer().on('GET', '/api/duels/47', json(500, { message: 'Server Error' }));
    renderApp('/duels/result/47');

    expect((await screen.findByRole('alert')).textContent).toBe('Erreur de chargement');
    expect(screen.getByRole('link', { name: 'Retour aux duels' })).toBeTruthy();
  });
});
