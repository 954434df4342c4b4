import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizAttempt, QuizResult } from '@app/contract/quiz';
import { formatPoints } from '@/lib/format';
import { json, mockFetch, type FetchCall } from '@/testing/fetch-mock';
import { demoUser, quizFixture, quizQuestion, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { SESSION_EXPIRED_REDIRECT_MS } from '../components/submit-panel';

const BONUS = 30;

type Verdict = boolean | 'fail' | 'network';

const result: QuizResult = {
  score: 530,
  max_points: 750,
  duration: 75,
  speed_bonus: 30,
  correct_count: 2,
  ranked: true,
};

type SubmitReply = Response | ((call: FetchCall) => Response | Promise<Response>);
type ServerOptions = { verdicts?: Record<number, Verdict>; submit?: SubmitReply };

/** The server of one quiz: generate, the attempt, check-answer (by question) and submit. */
function quizServer(
  quiz: QuizAttempt,
  { verdicts = {}, submit = json(200, result) }: ServerOptions = {},
) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/quiz/generate', json(200, quiz))
    .on(
      'GET',
      `/api/quiz/attempt/${quiz.attempt_id}`,
      json(200, { ...quiz, completed: false, answered: [] }),
    )
    .on('POST', '/api/quiz/check-answer', (call) => {
      const { question_id } = call.body as { question_id: number };
      const verdict = verdicts[question_id] ?? true;
      if (verdict === 'fail') return json(500, { message: 'Server Error' });
      if (verdict === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      const question = quiz.questions.find((q) => q.question_id === question_id)!;
      return json(200, {
        attempt_id: quiz.attempt_id,
        question_id,
        is_correct: verdict,
        points_awarded: verdict ? question.points + BONUS : 0,
        speed_bonus: verdict ? BONUS : 0,
        correct_answer:
          question.mode === 'open' ? { accepted_answers: ['Le Brassus'] } : { choice_id: 2 },
        explanation: 'Une explication.',
      });
    })
    .on('POST', `/api/quiz/submit/${quiz.attempt_id}`, submit);
}

/** Fakes only the clock of the page's timers; user events are fired directly from then on. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const question = (text: string) => screen.getByRole('heading', { level: 2, name: text });
/** The points animation's live region (the layout has one of its own, for page changes). */
const liveRegion = () =>
  screen.getByRole('main').querySelector('[aria-live="polite"][aria-atomic="true"]')!;

async function startFromStartPage(quiz: QuizAttempt, difficulty = 'Easy') {
  const app = renderApp('/quiz/start');
  await app.user.click(await screen.findByRole('button', { name: difficulty }));
  await screen.findByRole('heading', { level: 2, name: quiz.questions[0]!.text });
  return app;
}

/**
 * Answers the current choice question and lets its 400 ms, then its 1 s, pass. Each step is its
 * own tick: a timer set by an effect only exists once React has rendered the step before.
 */
async function choose(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await tick(0);
  await tick(400);
  await tick(1000);
}

let alertSpy: ReturnType<typeof vi.spyOn>;
function spyAlert() {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
  return alertSpy;
}

beforeEach(() => {
  // TanStack Query batches its notifications with a `setTimeout(0)`; under the fake clock of the
  // timing tests they would wait for a tick, so they go through microtasks here.
  notifyManager.setScheduler(queueMicrotask);
});

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

describe('quiz-play: the quiz card', () => {
  it('plays the quiz carried from the start page, without loading it again', async () => {
    const quiz = quizFixture('easy', 3);
    const server = quizServer(quiz);
    const app = await startFromStartPage(quiz);

    expect(app.location().pathname).toBe('/quiz/play');
    expect(new URLSearchParams(app.location().search).get('attempt_id')).toBe('41');
    expect(screen.getByRole('heading', { level: 1, name: 'QUIZ' })).toBeTruthy();
    expect(screen.getByText('LEVEL')).toBeTruthy();
    expect(screen.getByText('EASY')).toBeTruthy();
    expect(screen.getByText('Question 1/3')).toBeTruthy();
    expect(screen.getByText(`0 / ${formatPoints(750)}`)).toBeTruthy();
    expect(server.callsTo('GET', '/api/quiz/attempt/41')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Close the quiz' }).getAttribute('href')).toBe(
      '/quiz/start',
    );
    // Focus is on the question, for keyboard and screen reader users.
    await waitFor(() => expect(document.activeElement).toBe(question(quiz.questions[0]!.text)));
  });

  // The contract requires a difficulty; inferring the LEVEL without one is `inferLevel`'s own test.
  it.each([
    ['easy', [quizQuestion(1, 'qcm_2'), quizQuestion(2, 'open')], 'EASY'],
    ['medium', [quizQuestion(1, 'qcm_2')], 'MEDIUM'],
    ['hard', [quizQuestion(1, 'qcm_4')], 'HARD'],
  ] as const)(
    'shows the LEVEL of the difficulty (%s), whatever the question modes',
    async (difficulty, questions, level) => {
      const quiz = { ...quizFixture('easy', 1), difficulty, questions: [...questions] };
      quizServer(quiz).on(
        'GET',
        '/api/quiz/attempt/41',
        json(200, { ...quiz, completed: false, answered: [] }),
      );
      renderApp('/quiz/play?attempt_id=41');

      await screen.findByRole('heading', { level: 2, name: questions[0]!.text });
      expect(screen.getByText('LEVEL').nextElementSibling?.textContent).toBe(level);
    },
  );

  it('shows the verdict 400 ms after a choice, for 1 s, then the next question', async () => {
    const quiz = quizFixture('easy', 3);
    const server = quizServer(quiz);
    await startFromStartPage(quiz);
    fakeClock();

    fireEvent.click(screen.getByRole('button', { name: 'Vrai' }));
    await tick(0);
    // Sent at once, with the attempt: the server times the answer from now.
    expect(server.callsTo('POST', '/api/quiz/check-answer')[0]?.body).toEqual({
      attempt_id: 41,
      question_id: 101,
      mode: 'qcm_2',
      answer: 1,
    });
    // Locked: another choice changes nothing.
    fireEvent.click(screen.getByRole('button', { name: /Faux/ }));
    expect(server.callsTo('POST', '/api/quiz/check-answer')).toHaveLength(1);

    await tick(399);
    expect(liveRegion().textContent).toBe('');
    expect(screen.getByText(`0 / ${formatPoints(750)}`)).toBeTruthy();

    await tick(1);
    expect(liveRegion().textContent).toContain('Bonne réponse : +280 points.');
    expect(within(liveRegion() as HTMLElement).getByText('+280')).toBeTruthy();
    expect(screen.getByText(`280 / ${formatPoints(750)}`)).toBeTruthy();
    expect(screen.getByText('Question 1/3')).toBeTruthy();

    await tick(999);
    expect(question(quiz.questions[0]!.text)).toBeTruthy();

    await tick(1);
    expect(screen.getByText('Question 2/3')).toBeTruthy();
    expect(document.activeElement).toBe(question(quiz.questions[1]!.text));
    expect(liveRegion().textContent).toBe('');
  });

  it('waits for a slow verdict, then still shows it for 1 s', async () => {
    const quiz = quizFixture('easy', 2);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    quizServer(quiz).on('POST', '/api/quiz/check-answer', async () => {
      await slow;
      return json(200, {
        attempt_id: 41,
        question_id: 101,
        is_correct: true,
        points_awarded: 250,
        speed_bonus: 0,
      });
    });
    await startFromStartPage(quiz);
    fakeClock();

    fireEvent.click(screen.getByRole('button', { name: 'Vrai' }));
    await tick(2000);
    expect(liveRegion().textContent).toBe('');
    release();
    await tick(0);
    expect(liveRegion().textContent).toContain('+250');
    await tick(999);
    expect(screen.getByText('Question 1/2')).toBeTruthy();
    await tick(1);
    expect(screen.getByText('Question 2/2')).toBeTruthy();
  });

  it('shows a wrong answer in its own style, with the right answer, and no points', async () => {
    const quiz = quizFixture('easy', 2);
    quizServer(quiz, { verdicts: { 101: false } });
    await startFromStartPage(quiz);
    fakeClock();

    fireEvent.click(screen.getByRole('button', { name: 'Vrai' }));
    await tick(400);

    expect(liveRegion().textContent).toContain(
      'Mauvaise réponse : 0 point. La bonne réponse était : Faux.',
    );
    expect(liveRegion().querySelector('[data-verdict="wrong"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Vrai\W+your answer$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Faux\W+right answer$/ })).toBeTruthy();
    expect(screen.getByText(`0 / ${formatPoints(500)}`)).toBeTruthy();
  });

  it.each(['fail', 'network'] as const)(
    'counts a check that fails (%s) as a wrong answer, and goes on',
    async (failure) => {
      const quiz = quizFixture('easy', 2);
      const server = quizServer(quiz, { verdicts: { 101: failure } });
      await startFromStartPage(quiz);
      fakeClock();

      fireEvent.click(screen.getByRole('button', { name: 'Vrai' }));
      await tick(400);
      expect(liveRegion().textContent).toContain('Mauvaise réponse : 0 point.');
      expect(liveRegion().textContent).not.toContain('La bonne réponse');
      expect(screen.getByText(`0 / ${formatPoints(500)}`)).toBeTruthy();

      await tick(1000);
      expect(screen.getByText('Question 2/2')).toBeTruthy();
      await choose('Vrai');
      await tick(0);
      // The server has the last word: the answer still goes with the submit.
      expect(server.callsTo('POST', '/api/quiz/submit/41')[0]?.body).toEqual({
        answers: [
          { question_id: 101, mode: 'qcm_2', answer: 1 },
          { question_id: 102, mode: 'qcm_2', answer: 1 },
        ],
      });
    },
  );

  it('keeps Next disabled while the open answer is blank, and says Submit on the last', async () => {
    const quiz = quizFixture('hard', 2);
    const server = quizServer(quiz, { verdicts: { 101: false } });
    const app = await startFromStartPage(quiz, 'Hard');

    expect(screen.getByText('HARD')).toBeTruthy();
    const input = screen.getByLabelText('Votre réponse');
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);
    await app.user.type(input, '   ');
    expect(next().disabled).toBe(true);
    await app.user.type(input, '{Enter}');
    expect(server.callsTo('POST', '/api/quiz/check-answer')).toHaveLength(0);

    await app.user.type(input, ' La Ferme ');
    expect(next().disabled).toBe(false);
    fakeClock();
    fireEvent.click(next());
    await tick(0);
    expect(server.callsTo('POST', '/api/quiz/check-answer')[0]?.body).toMatchObject({
      question_id: 101,
      mode: 'open',
      answer: 'La Ferme',
    });
    // No hold for an open answer: the verdict shows when it arrives, with the expected answer.
    expect(liveRegion().textContent).toContain('La bonne réponse était : Le Brassus.');
    expect(screen.getByText('Réponse attendue : Le Brassus')).toBeTruthy();

    await tick(1000);
    expect(screen.getByText('Question 2/2')).toBeTruthy();
    expect((screen.getByLabelText('Votre réponse') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('submits by itself after the last question, stores the result and shows it', async () => {
    const quiz = quizFixture('easy', 2);
    const server = quizServer(quiz, { verdicts: { 102: false } });
    const app = await startFromStartPage(quiz);
    fakeClock();

    await choose('Vrai');
    fireEvent.click(screen.getByRole('button', { name: 'Faux' }));
    await tick(400);
    expect(server.callsTo('POST', '/api/quiz/submit/41')).toHaveLength(0);
    await tick(1000);
    await tick(0);
    vi.useRealTimers();

    await screen.findByRole('heading', { level: 2, name: 'Bien joué !' });
    expect(server.callsTo('POST', '/api/quiz/submit/41')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/quiz/submit/41')[0]?.body).toEqual({
      answers: [
        { question_id: 101, mode: 'qcm_2', answer: 1 },
        { question_id: 102, mode: 'qcm_2', answer: 2 },
      ],
    });
    expect(app.location().pathname).toBe('/quiz/result');
    expect(JSON.parse(window.localStorage.getItem('submittedQuizzes')!)).toEqual([41]);
    expect(JSON.parse(window.localStorage.getItem('quizResults')!)['41']).toMatchObject({
      ...result,
      attempt_id: 41,
      title: 'Quiz facile',
      difficulty: 'easy',
      question_count: 2,
    });
  });

  it('resumes an open attempt after the answers already locked', async () => {
    const quiz = quizFixture('easy', 3);
    quizServer(quiz).on(
      'GET',
      '/api/quiz/attempt/41',
      json(200, {
        ...quiz,
        completed: false,
        answered: [{ question_id: 101, is_correct: true, points_awarded: 290, speed_bonus: 40 }],
      }),
    );
    renderApp('/quiz/play?attempt_id=41');

    await screen.findByRole('heading', { level: 2, name: quiz.questions[1]!.text });
    expect(screen.getByText('Question 2/3')).toBeTruthy();
    expect(screen.getByText(`290 / ${formatPoints(750)}`)).toBeTruthy();
  });

  it('submits at once an attempt whose questions were all answered', async () => {
    const quiz = quizFixture('easy', 1);
    const server = quizServer(quiz).on(
      'GET',
      '/api/quiz/attempt/41',
      json(200, {
        ...quiz,
        completed: false,
        answered: [{ question_id: 101, is_correct: true, points_awarded: 250, speed_bonus: 0 }],
      }),
    );
    renderApp('/quiz/play?attempt_id=41');

    await screen.findByRole('heading', { level: 2, name: 'Bien joué !' });
    expect(server.callsTo('POST', '/api/quiz/submit/41')[0]?.body).toEqual({ answers: [] });
  });
});

describe('quiz-play: loading errors (SPEC.md §8)', () => {
  it('alerts and goes home when there is no attempt id', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, demoUser));
    const alert = spyAlert();
    const app = renderApp('/quiz/play');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith("Aucun quiz à afficher. Retour à l'accueil.");
    expect(app.location().pathname).toBe('/');
  });

  it('says the attempt is invalid when its id is not a number', async () => {
    const server = quizServer(quizFixture());
    renderApp('/quiz/play?attempt_id=abc');

    expect((await screen.findByRole('alert')).textContent).toBe('Tentative de quiz invalide');
    expect(server.callsTo('GET', '/api/quiz/attempt/abc')).toHaveLength(0);
  });

  it('goes to the result of an attempt this device already submitted, without asking', async () => {
    const server = quizServer(quizFixture());
    window.localStorage.setItem('submittedQuizzes', JSON.stringify([7, 41]));
    window.localStorage.setItem(
      'quizResults',
      JSON.stringify({
        41: { ...result, attempt_id: 41, saved_at: '2025-05-01T10:00:00.000Z' },
      }),
    );
    const alert = spyAlert();
    const app = renderApp('/quiz/play?attempt_id=41');

    await screen.findByRole('heading', { level: 2, name: 'Bien joué !' });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Ce quiz a déjà été complété.');
    expect(app.location().pathname).toBe('/quiz/result');
    expect(server.callsTo('GET', '/api/quiz/attempt/41')).toHaveLength(0);
  });

  it('alerts and shows the result the server kept when the attempt is completed', async () => {
    quizServer(quizFixture()).on(
      'GET',
      '/api/quiz/attempt/41',
      json(200, {
        attempt_id: 41,
        completed: true,
        title: 'Quiz difficile',
        difficulty: 'hard',
        question_count: 10,
        result: { ...result, score: 700 },
      }),
    );
    const alert = spyAlert();
    const app = renderApp('/quiz/play?attempt_id=41');

    await screen.findByRole('heading', { level: 2, name: 'Excellent travail !' });
    expect(alert).toHaveBeenCalledWith('Ce quiz a déjà été complété.');
    expect(app.location().pathname).toBe('/quiz/result');
    expect(JSON.parse(window.localStorage.getItem('submittedQuizzes')!)).toEqual([41]);
    // What the server kept about the quiz comes with the result, as for one played here.
    expect(JSON.parse(window.localStorage.getItem('quizResults')!)['41']).toMatchObject({
      title: 'Quiz difficile',
      difficulty: 'hard',
      question_count: 10,
    });
  });

  it('treats a 403 as an attempt already completed', async () => {
    quizServer(quizFixture()).on(
      'GET',
      '/api/quiz/attempt/41',
      json(403, { message: 'Forbidden.' }),
    );
    const alert = spyAlert();
    const app = renderApp('/quiz/play?attempt_id=41');

    await waitFor(() => expect(app.location().pathname).toBe('/quiz/result'));
    expect(alert).toHaveBeenCalledWith('Ce quiz a déjà été complété.');
  });

  it.each([
    [404, { message: 'Not found.' }],
    [500, { message: 'Server Error' }],
  ])('alerts and goes home on any other failure (%s)', async (status, body) => {
    quizServer(quizFixture()).on('GET', '/api/quiz/attempt/41', json(status, body));
    const alert = spyAlert();
    const app = renderApp('/quiz/play?attempt_id=41');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith("Impossible de charger le quiz. Retour à l'accueil.");
    expect(app.location().pathname).toBe('/');
  });

  it('shows the error text of the page while the alert is open', async () => {
    quizServer(quizFixture()).on('GET', '/api/quiz/attempt/41', json(500, {}));
    let textDuringAlert: string | null = null;
    vi.spyOn(window, 'alert').mockImplementation(() => {
      textDuringAlert = screen.queryByRole('alert')?.textContent ?? null;
    });
    renderApp('/quiz/play?attempt_id=41');

    await waitFor(() => expect(textDuringAlert).toBe('Impossible de charger le quiz'));
  });

  it('goes to the login page on a 401, without an alert', async () => {
    quizServer(quizFixture()).on(
      'GET',
      '/api/quiz/attempt/41',
      json(401, { message: 'Unauthenticated.' }),
    );
    const alert = spyAlert();
    const app = renderApp('/quiz/play?attempt_id=41');

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows a loading text while the attempt loads', async () => {
    quizServer(quizFixture()).on('GET', '/api/quiz/attempt/41', () => new Promise(() => {}));
    renderApp('/quiz/play?attempt_id=41');

    expect(await screen.findByText('Chargement du quiz…')).toBeTruthy();
  });
});

describe('quiz-play: submit errors (SPEC.md §8)', () => {
  async function playOneQuestion(submit: SubmitReply) {
    const quiz = quizFixture('easy', 1);
    const server = quizServer(quiz, { submit });
    const app = await startFromStartPage(quiz);
    fakeClock();
    await choose('Vrai');
    await tick(0);
    vi.useRealTimers();
    return { server, app };
  }

  it('says the connection failed and sends again on retry', async () => {
    let attempts = 0;
    const { server, app } = await playOneQuestion(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, result);
    });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Erreur de connexion. Veuillez réessayer.',
    );
    expect(window.localStorage.getItem('submittedQuizzes')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));

    await screen.findByRole('heading', { level: 2, name: 'Bien joué !' });
    expect(server.callsTo('POST', '/api/quiz/submit/41')).toHaveLength(2);
    const [first, second] = server.callsTo('POST', '/api/quiz/submit/41');
    expect(second?.body).toEqual(first?.body);
  });

  it('says the session expired, then goes to the login page', async () => {
    const quiz = quizFixture('easy', 1);
    quizServer(quiz, { submit: json(401, { message: 'Unauthenticated.' }) });
    const app = await startFromStartPage(quiz);
    fakeClock();
    await choose('Vrai');
    await tick(0);

    expect(screen.getByRole('alert').textContent).toBe(
      'Votre session a expiré, veuillez vous reconnecter.',
    );
    // The message is read before the page changes; the session is still there meanwhile.
    await tick(SESSION_EXPIRED_REDIRECT_MS - 1);
    expect(app.location().pathname).toBe('/quiz/play');
    expect(window.localStorage.getItem('user')).not.toBeNull();
    await tick(1);
    vi.useRealTimers();

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
    expect(new URLSearchParams(app.location().search).get('redirect')).toBe(
      '/quiz/play?attempt_id=41',
    );
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('shows the server message of any other failure', async () => {
    await playOneQuestion(json(422, { message: 'This quiz attempt is closed.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This quiz attempt is closed.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('falls back to a generic message', async () => {
    await playOneQuestion(json(500));
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur est survenue');
  });
});
