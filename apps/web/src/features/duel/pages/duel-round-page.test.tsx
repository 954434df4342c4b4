import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DUEL_ERRORS,
  type Duel,
  type RoundQuiz,
  type SubmitRoundResponse,
} from '@app/contract/duel';
import { deferred, json, type FetchCall } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import {
  attempt,
  detailsFixture,
  duelFixture,
  duelServer,
  listOf,
  lucas,
  me,
  round,
  roundQuizFixture,
  wonDuel,
} from '../testing/duel-fixtures';

type Verdict = boolean | 'fail';

type RoundServerOptions = {
  duel?: Duel;
  quiz?: RoundQuiz;
  /** By question id; right by default. */
  verdicts?: Record<number, Verdict>;
  submit?: Response | ((call: FetchCall) => Response);
};

/** The server of one round: the duel, starting the round, its quiz, the checks and the submit. */
function roundServer({
  duel = duelFixture(10),
  quiz = roundQuizFixture(1),
  verdicts = {},
  submit,
}: RoundServerOptions = {}) {
  const n = quiz.round_number;
  const server = duelServer()
    .on('GET', `/api/duels/${duel.id}`, json(200, duel))
    .on('POST', `/api/duels/${duel.id}/rounds/${n}`, json(200, duel))
    .on('GET', `/api/duels/${duel.id}/rounds/${n}/quiz`, json(200, quiz))
    .on('GET', '/api/duels', json(200, listOf([])))
    .on('POST', '/api/quiz/check-answer', (call) => {
      const { question_id } = call.body as { question_id: number };
      const verdict = verdicts[question_id] ?? true;
      if (verdict === 'fail') return json(500, { message: 'Server Error' });
      const question = quiz.questions.find((q) => q.question_id === question_id)!;
      return json(200, {
        attempt_id: quiz.attempt_id,
        question_id,
        is_correct: verdict,
        points_awarded: verdict ? question.points : 0,
        speed_bonus: 0,
      });
    });
  if (submit) server.on('POST', `/api/duels/${duel.id}/rounds/${n}/submit`, submit);
  return server;
}

/** The duel after the user played round 1, the opponent not yet. */
function afterMyRound(duel: Duel, score = 2250): Duel {
  return {
    ...duel,
    rounds: [round(1, 'in_progress', [attempt(me.id, score, 42)]), round(2), round(3)],
  };
}

function submitted(duel: Duel, flags: Partial<SubmitRoundResponse> = {}): Response {
  return json(200, { is_round_completed: false, is_duel_completed: false, duel, ...flags });
}

function fakeClock() {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const question = (text: string) => screen.getByRole('heading', { level: 2, name: text });
const nextButton = () =>
  screen.getByRole('button', { name: /^(Suivant|Terminer)$/ }) as HTMLButtonElement;
/** The points animation (the answer field carries a verdict of its own). */
const burst = () =>
  screen.getByRole('main').querySelector('[data-verdict]:not(input)') as HTMLElement | null;

/** Opens the round on its intro (real clock), then freezes the clock before START. */
async function openIntro(path = '/duels/play/10/round/1') {
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'START' });
  return app;
}

async function start() {
  fireEvent.click(screen.getByRole('button', { name: 'START' }));
  await tick(0);
  await tick(0);
}

/** Answers the five questions of `roundQuizFixture`, letting each verdict come. */
async function playFive() {
  fireEvent.click(screen.getByRole('button', { name: /Ondine/ }));
  await tick(0);
  fireEvent.click(nextButton());
  await tick(0);
  fireEvent.click(screen.getByRole('button', { name: /Vrai/ }));
  await tick(0);
  fireEvent.click(nextButton());
  await tick(0);
  fireEvent.change(screen.getByLabelText('Votre réponse'), { target: { value: 'Le Brassus' } });
  fireEvent.click(nextButton());
  await tick(0);
  await tick(1000);
  fireEvent.click(screen.getByRole('button', { name: /Aube/ }));
  await tick(0);
  fireEvent.click(nextButton());
  await tick(0);
  fireEvent.click(screen.getByRole('button', { name: /Faux/ }));
  await tick(0);
  fireEvent.click(nextButton());
  await tick(0);
  await tick(0);
}

beforeEach(() => {
  notifyManager.setScheduler(queueMicrotask);
});

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

describe('/duels/play/{id}/round/{round}: opening', () => {
  it('loads the duel, full screen', async () => {
    const held = deferred<Response>();
    duelServer().on('GET', '/api/duels/10', () => held.promise.then((r) => r.clone()));
    renderApp('/duels/play/10/round/1');

    expect(await screen.findByText('Chargement du duel…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'DUEL' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    held.resolve(json(200, duelFixture(10)));
    expect(await screen.findByRole('button', { name: 'START' })).toBeTruthy();
  });

  it.each([
    [
      json(404, { message: 'No query results for model [Duel].' }),
      'No query results for model [Duel].',
    ],
    [json(500, { message: 'Server Error' }), 'Erreur de chargement'],
  ])('says why the duel could not be loaded, with a way back', async (reply, text) => {
    duelServer().on('GET', '/api/duels/10', reply);
    renderApp('/duels/play/10/round/1');

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Retour aux duels' }).getAttribute('href')).toBe(
      '/duels',
    );
  });

  it.each(['4', 'x'])('does not find round %s', async (n) => {
    roundServer();
    renderApp(`/duels/play/10/round/${n}`);

    expect((await screen.findByRole('alert')).textContent).toBe(`Manche ${n} introuvable`);
    expect(screen.getByRole('link', { name: 'Retour aux duels' })).toBeTruthy();
  });

  it('skips a round the user already played to the next one', async () => {
    const duel = duelFixture(10, {
      rounds: [
        round(1, 'completed', [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)], me.id),
        round(2),
        round(3),
      ],
    });
    roundServer({ duel });
    const app = renderApp('/duels/play/10/round/1');

    await waitFor(() => expect(app.location().pathname).toBe('/duels/play/10/round/2'));
    expect(await screen.findByText('Round 2/3')).toBeTruthy();
  });

  it('skips a played last round, or any round of a finished duel, to the result', async () => {
    roundServer({ duel: wonDuel(10) }).on('GET', '/api/duels/10', json(200, wonDuel(10)));
    const app = renderApp('/duels/play/10/round/3');

    await waitFor(() => expect(app.location().pathname).toBe('/duels/result/10'));
  });

  it('shows the intro: DUEL, 3 rounds, both players, VS, the rules, the rewards and START', async () => {
    roundServer({ duel: duelFixture(10, { mine: false }) });
    await openIntro();

    expect(screen.getByRole('heading', { level: 1, name: 'DUEL' })).toBeTruthy();
    expect(screen.getByText('3 rounds')).toBeTruthy();
    expect(screen.getByText('Camille')).toBeTruthy();
    expect(screen.getByText('Lucas Moreau')).toBeTruthy();
    expect(screen.getByText('VS')).toBeTruthy();
    expect(
      screen.getByText(
        'A duel is played in three matches. Each phase has five questions; your opponent then has 24 hours to answer the same questions. The best and fastest wins the round.',
      ),
    ).toBeTruthy();
    const rewards = screen.getByRole('list', { name: 'Rewards' });
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+1000 WINNER', '-250 LOOSER']);
    expect(screen.getByRole('link', { name: 'Close the duel' }).getAttribute('href')).toBe(
      '/duels',
    );
    const portraits = Array.from(screen.getByRole('main').querySelectorAll('img'));
    expect(portraits.map((img) => img.getAttribute('src'))).toEqual([
      '/images/avatar-default.svg',
      '/images/avatar-default.svg',
    ]);
  });
});

describe('/duels/play/{id}/round/{round}: START', () => {
  it('starts a pending round, then loads its quiz', async () => {
    const server = roundServer();
    const app = await openIntro();

    await app.user.click(screen.getByRole('button', { name: 'START' }));

    await screen.findByText('Manche 1/3 contre Lucas Moreau');
    expect(server.callsTo('POST', '/api/duels/10/rounds/1')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/duels/10/rounds/1/quiz')).toHaveLength(1);
  });

  it('does not start a round already in progress', async () => {
    const duel = duelFixture(10, {
      rounds: [round(1, 'in_progress', [attempt(lucas.id, null, null)]), round(2), round(3)],
    });
    const server = roundServer({ duel });
    const app = await openIntro();

    await app.user.click(screen.getByRole('button', { name: 'START' }));

    await screen.findByText('Manche 1/3 contre Lucas Moreau');
    expect(server.callsTo('POST', '/api/duels/10/rounds/1')).toHaveLength(0);
  });

  it.each([
    [
      json(403, {
        message:
          'This round cannot be played before the previous one is completed by both players.',
      }),
      'This round cannot be played before the previous one is completed by both players.',
    ],
    // A question of the round is open in another quiz of a player: the round opens once it is over.
    [
      json(422, {
        message: DUEL_ERRORS.questionsBusy,
        errors: { round: [DUEL_ERRORS.questionsBusy] },
      }),
      DUEL_ERRORS.questionsBusy,
    ],
    [json(500, { message: 'Server Error' }), 'Erreur de chargement du quiz'],
  ])('says why the quiz could not be loaded', async (reply, text) => {
    roundServer().on('GET', '/api/duels/10/rounds/1/quiz', reply);
    const app = await openIntro();

    await app.user.click(screen.getByRole('button', { name: 'START' }));

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Retour aux duels' })).toBeTruthy();
  });

  it('waits for the challenged colleague to accept a duel the user created', async () => {
    roundServer({ duel: duelFixture(10, { status: 'pending', mine: true }) });
    await openIntro();

    expect((screen.getByRole('button', { name: 'START' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByText('Lucas has not accepted this duel yet: the rounds open once they do.'),
    ).toBeTruthy();
  });

  it('accepts a duel the user was challenged to, then starts its round', async () => {
    const duel = duelFixture(10, { status: 'pending', mine: false });
    const server = roundServer({ duel }).on(
      'POST',
      '/api/duels/10/start',
      json(200, { ...duel, status: 'in_progress' }),
    );
    const app = await openIntro();

    await app.user.click(screen.getByRole('button', { name: 'START' }));

    await screen.findByText('Manche 1/3 contre Lucas Moreau');
    const order = server.calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`);
    expect(order.indexOf('POST /api/duels/10/start')).toBeLessThan(
      order.indexOf('POST /api/duels/10/rounds/1'),
    );
  });
});

describe('/duels/play/{id}/round/{round}: the quiz card', () => {
  it('shows the round, the opponent, the time, x/total and the running points', async () => {
    roundServer();
    await openIntro();
    fakeClock();
    await start();

    expect(screen.getByText('Manche 1/3 contre Lucas Moreau')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Elapsed time' }).textContent).toBe('0:00');
    expect(screen.getByText('Question 1/5')).toBeTruthy();
    expect(screen.getByText("0 of 2'500 pts")).toBeTruthy();
    expect(question('Question 1 : quelle collection ?')).toBeTruthy();
    expect(screen.queryByText('Question 2 : vrai ou faux ?')).toBeNull();

    // The timer ticks each second; the minutes are said, once each.
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('0:01');
    await tick(64_000);
    expect(screen.getByRole('timer').textContent).toBe('1:05');
    expect(screen.getByText('1 minute elapsed')).toBeTruthy();
  });

  it('checks a choice at once, shows +points for 1 s, and enables Suivant', async () => {
    const server = roundServer();
    await openIntro();
    fakeClock();
    await start();

    expect(nextButton().textContent).toBe('Suivant');
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Meridian/ }));
    await tick(0);

    expect(server.callsTo('POST', '/api/quiz/check-answer')[0]!.body).toEqual({
      attempt_id: 900,
      question_id: 201,
      mode: 'qcm_4',
      answer: 2,
    });
    expect(burst()?.dataset.verdict).toBe('right');
    expect(burst()?.textContent).toContain('+500');
    expect(screen.getByText("500 of 2'500 pts")).toBeTruthy();
    expect(nextButton().disabled).toBe(false);

    await tick(1000);
    expect(burst()).toBeNull();
    // A choice waits for Suivant.
    expect(question('Question 1 : quelle collection ?')).toBeTruthy();
    fireEvent.click(nextButton());
    await tick(0);
    expect(question('Question 2 : vrai ou faux ?')).toBeTruthy();
    expect(screen.getByText('Question 2/5')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
  });

  it('shows a wrong answer otherwise, and counts a failed check as wrong', async () => {
    roundServer({ verdicts: { 201: false, 202: 'fail' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openIntro();
    fakeClock();
    await start();

    fireEvent.click(screen.getByRole('button', { name: /Ondine/ }));
    await tick(0);
    expect(burst()?.dataset.verdict).toBe('wrong');
    expect(screen.getByText('Mauvaise réponse : 0 point.')).toBeTruthy();
    fireEvent.click(nextButton());
    await tick(0);

    fireEvent.click(screen.getByRole('button', { name: /Vrai/ }));
    await tick(0);
    await tick(0);
    expect(burst()?.dataset.verdict).toBe('wrong');
    expect(screen.getByText("0 of 2'500 pts")).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('takes an open answer in a text field, sent by Suivant, then moves on', async () => {
    const quiz = { ...roundQuizFixture(1), questions: roundQuizFixture(1).questions.slice(2) };
    const server = roundServer({ quiz });
    await openIntro();
    fakeClock();
    await start();

    const field = screen.getByLabelText('Votre réponse') as HTMLInputElement;
    expect(field.placeholder).toBe('Votre réponse texte');
    expect(nextButton().disabled).toBe(true);
    fireEvent.change(field, { target: { value: '   ' } });
    expect(nextButton().disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' Le Brassus ' } });
    expect(nextButton().disabled).toBe(false);

    fireEvent.click(nextButton());
    await tick(0);
    expect(server.callsTo('POST', '/api/quiz/check-answer')[0]!.body).toMatchObject({
      question_id: 203,
      mode: 'open',
      answer: 'Le Brassus',
    });
    expect(burst()?.dataset.verdict).toBe('right');
    expect(burst()?.textContent).toContain("+1'000");
    expect(nextButton().disabled).toBe(true);

    await tick(1000);
    expect(question('Question 4 : quelle collection encore ?')).toBeTruthy();
  });

  it('resumes an attempt after the questions already answered', async () => {
    const quiz = {
      ...roundQuizFixture(1),
      answered: [{ question_id: 201, is_correct: true, points_awarded: 500 }],
    };
    roundServer({ quiz });
    await openIntro();
    fakeClock();
    await start();

    expect(screen.getByText('Question 2/5')).toBeTruthy();
    expect(screen.getByText("500 of 2'500 pts")).toBeTruthy();
    expect(question('Question 2 : vrai ou faux ?')).toBeTruthy();
  });

  it('says Terminer on the last question, and submits the round with the elapsed time', async () => {
    const duel = duelFixture(10);
    const server = roundServer({ duel, submit: submitted(afterMyRound(duel)) });
    await openIntro();
    fakeClock();
    await start();
    await tick(41_000);

    await playFive();

    const body = server.callsTo('POST', '/api/duels/10/rounds/1/submit')[0]!.body as {
      attempt_id: number;
      time_seconds: number;
    };
    expect(body.attempt_id).toBe(900);
    expect(body.time_seconds).toBe(42);
  });

  it('submits once, and says why a submit failed', async () => {
    const server = roundServer({
      submit: json(422, { message: 'Answer at least one question before submitting the round.' }),
    });
    await openIntro();
    fakeClock();
    await start();
    await playFive();

    expect(screen.getByRole('alert').textContent).toBe(
      'Answer at least one question before submitting the round.',
    );
    server.on('POST', '/api/duels/10/rounds/1/submit', json(500, { message: 'Server Error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await tick(0);
    await tick(0);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la soumission de la manche');
    expect(server.callsTo('POST', '/api/duels/10/rounds/1/submit')).toHaveLength(2);
  });
});

describe('/duels/play/{id}/round/{round}: the result of the round', () => {
  it('waits for the opponent, checks the status, and goes to the result page after 500 ms', async () => {
    const duel = duelFixture(10);
    const server = roundServer({ duel, submit: submitted(afterMyRound(duel)) }).on(
      'GET',
      '/api/duels/10/rounds/1/status',
      json(200, { is_completed: false, status: 'in_progress' }),
    );
    const app = await openIntro();
    fakeClock();
    await start();
    await playFive();

    expect(screen.getByRole('heading', { level: 2, name: 'Round result' })).toBeTruthy();
    expect(screen.getByText("2'250")).toBeTruthy();
    expect(screen.getByText('0:42')).toBeTruthy();
    expect(screen.getByText('Not played yet')).toBeTruthy();
    expect(screen.getByText('Waiting for your opponent to complete this round...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'BACK TO DUELS' }).getAttribute('href')).toBe('/duels');

    fireEvent.click(screen.getByRole('button', { name: 'CHECK STATUS' }));
    await tick(0);
    await tick(0);
    expect(server.callsTo('GET', '/api/duels/10/rounds/1/status')).toHaveLength(1);
    expect(screen.getByText('Your opponent has not completed this round yet.')).toBeTruthy();

    expect(app.location().pathname).toBe('/duels/play/10/round/1');
    await tick(500);
    expect(app.location().pathname).toBe('/duels/result/10');
  });

  it('marks the round complete once CHECK STATUS finds it so', async () => {
    const duel = duelFixture(10);
    const completed: Duel = {
      ...duel,
      rounds: [
        round(1, 'completed', [attempt(me.id, 2250, 42), attempt(lucas.id, 1750, 95)], me.id),
        round(2),
        round(3),
      ],
    };
    const server = roundServer({ duel, submit: submitted(afterMyRound(duel)) }).on(
      'GET',
      '/api/duels/10/rounds/1/status',
      json(200, { is_completed: true, status: 'completed' }),
    );
    await openIntro();
    fakeClock();
    await start();
    await playFive();
    server.on('GET', '/api/duels/10', json(200, completed));

    fireEvent.click(screen.getByRole('button', { name: 'CHECK STATUS' }));
    await tick(0);
    await tick(0);
    await tick(0);

    expect(screen.getByText("1'750")).toBeTruthy();
    expect(screen.getByText('1:35')).toBeTruthy();
    expect(screen.getByText('Next round')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PLAY ROUND 2/3' }).getAttribute('href')).toBe(
      '/duels/play/10/round/2',
    );
  });

  it('offers the next round when both have played, and sets the winner apart', async () => {
    const duel = duelFixture(10);
    const completed: Duel = {
      ...duel,
      rounds: [
        round(1, 'completed', [attempt(me.id, 2250, 42), attempt(lucas.id, 2750, 95)], lucas.id),
        round(2),
        round(3),
      ],
    };
    roundServer({ duel, submit: submitted(completed, { is_round_completed: true }) });
    await openIntro();
    fakeClock();
    await start();
    await playFive();

    expect(screen.getByText('Next round')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PLAY ROUND 2/3' })).toBeTruthy();
    const winner = screen.getByText('Winner').closest('[data-winner]')!;
    expect(within(winner as HTMLElement).getByText('Lucas Moreau')).toBeTruthy();
    expect(within(winner as HTMLElement).getByText("2'750")).toBeTruthy();
  });

  it('ends the duel: won, SEE FINAL RESULT, VICTORY, the total points and the details', async () => {
    const before = duelFixture(10, {
      rounds: wonDuel(10).rounds.map((r) =>
        r.round_number === 3 ? round(3, 'in_progress', [attempt(lucas.id, null, null)]) : r,
      ),
    });
    const quiz = roundQuizFixture(3, 903);
    const server = roundServer({
      duel: before,
      quiz,
      submit: submitted(wonDuel(10), { is_round_completed: true, is_duel_completed: true }),
    }).on('GET', '/api/duels/10/details', json(200, detailsFixture(wonDuel(10))));
    const app = await openIntro('/duels/play/10/round/3');
    fakeClock();
    await start();
    await playFive();

    expect(screen.getByText("You've won this duel!")).toBeTruthy();
    await tick(500);
    expect(app.location().pathname).toBe('/duels/play/10/round/3');

    fireEvent.click(screen.getByRole('button', { name: 'SEE FINAL RESULT' }));
    await tick(0);
    expect(screen.getByRole('heading', { level: 2, name: 'VICTORY' })).toBeTruthy();
    expect(screen.getByText('TOTAL POINTS')).toBeTruthy();
    expect(screen.getByText("9'750:7'000")).toBeTruthy();
    expect(screen.getByText(/\+1'000 points/)).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'See details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    await tick(0);
    await tick(0);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(server.callsTo('GET', '/api/duels/10/details').length).toBeGreaterThan(0);
    expect(screen.getByText('Manche 1 : quelle collection porte un nom d’aube ?')).toBeTruthy();
    expect(screen.getAllByText('Aube').length).toBeGreaterThan(1);
    expect(screen.getAllByText('Pas de réponse')).toHaveLength(3);
    expect(screen.getByText('Aube salue le lever du jour sur la vallée.')).toBeTruthy();
  });

  it('ends the duel lost: DEFEAT', async () => {
    const lost = { ...wonDuel(10), winner_id: lucas.id };
    const before = duelFixture(10, {
      rounds: lost.rounds.map((r) => (r.round_number === 3 ? round(3, 'in_progress') : r)),
    });
    roundServer({
      duel: before,
      quiz: roundQuizFixture(3, 903),
      submit: submitted(lost, { is_round_completed: true, is_duel_completed: true }),
    });
    await openIntro('/duels/play/10/round/3');
    fakeClock();
    await start();
    await playFive();

    expect(screen.getByText("You've lost this duel.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'SEE FINAL RESULT' }));
    await tick(0);
    expect(screen.getByRole('heading', { level: 2, name: 'DEFEAT' })).toBeTruthy();
  });
});
