import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DailyAnswerResponse, DailyQuestion, DailyStatus } from '@app/contract/daily';
import { STORAGE_KEYS } from '@app/contract/constants';
import { deferred, json, mockFetch, type FetchCall } from '@/testing/fetch-mock';
import { demoUser, quizQuestion, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const DAY = '2025-03-04';

const choiceQuestion: DailyQuestion = {
  ...quizQuestion(12, 'qcm_4', 'Quelle collection naît en 1929 ?'),
  day: DAY,
};
const openQuestion: DailyQuestion = {
  ...quizQuestion(13, 'open', 'Dans quel village la Maison est-elle née ?'),
  day: DAY,
};

const unanswered: DailyStatus = {
  has_answered: false,
  is_correct: null,
  correct_answers: [],
  user_answer: null,
  explanation: null,
  points_awarded: 0,
  day: DAY,
};

const right: DailyAnswerResponse = {
  is_correct: true,
  correct_answers: ['Ondine'],
  correct_choice_id: 1,
  explanation: 'Ondine naît en 1929, dans l’esprit Art déco.',
  points_awarded: 500,
};

const wrong: DailyAnswerResponse = {
  is_correct: false,
  correct_answers: ['Le Brassus', 'Brassus'],
  correct_choice_id: null,
  explanation: null,
  points_awarded: 0,
};

type Reply = Response | ((call: FetchCall) => Response | Promise<Response>);

function dailyServer({
  status = json(200, unanswered) as Reply,
  question = json(200, choiceQuestion) as Reply,
  answer = json(200, right) as Reply,
} = {}) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/quiz/daily-status', status)
    .on('GET', '/api/quiz/daily-question', question)
    .on('POST', '/api/quiz/daily-answer', answer)
    .on('GET', '/api/user/stats', json(200, { points: 1250, ratio: '0/0', streaks: 4 }));
}

const title = () => screen.getByRole('heading', { level: 1, name: 'DAILY CHALLENGE' });
const submitButton = () => screen.getByRole('button', { name: 'Submit my answer' });
const closeLink = () => screen.getByRole('link', { name: 'Close the daily challenge' });
const stored = (key: string) => window.localStorage.getItem(key);

async function openPage(path = '/quiz/dailyquestion') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'DAILY CHALLENGE' });
  return app;
}

describe('/quiz/dailyquestion: logging in', () => {
  it('asks an anonymous visitor to log in, and asks the server nothing', async () => {
    const server = mockFetch();
    const app = await openPage();

    expect(title()).toBeTruthy();
    expect(
      screen.getByText('Veuillez vous connecter pour accéder à la question du jour'),
    ).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Fquiz%2Fdailyquestion');
    expect(closeLink().getAttribute('href')).toBe('/quiz/daily');
    expect(server.calls).toHaveLength(0);

    await app.user.click(login);
    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
  });

  it.each([
    ['the status', { status: json(401, { message: 'Unauthenticated.' }) }],
    ['the question', { question: json(401, { message: 'Unauthenticated.' }) }],
  ])('says to log in when the server refuses the session on %s', async (_, replies) => {
    dailyServer(replies);
    const app = await openPage();

    expect(
      await screen.findByText('Veuillez vous connecter pour accéder à la question du jour'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    // The token is no longer good: the session is over, and the page stays.
    expect(stored(STORAGE_KEYS.user)).toBeNull();
    expect(app.location().pathname).toBe('/quiz/dailyquestion');
  });
});

describe('/quiz/dailyquestion: loading', () => {
  it('says when the question cannot be loaded, and tries again on demand', async () => {
    let fail = true;
    const server = dailyServer({
      question: () => (fail ? json(500, { message: 'Server Error' }) : json(200, choiceQuestion)),
    });
    const app = await openPage();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de charger la question. Veuillez réessayer plus tard.',
    );

    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: choiceQuestion.text }),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/api/quiz/daily-question')).toHaveLength(2);
  });

  it('says when the status cannot be checked, and still shows the question', async () => {
    dailyServer({ status: json(500, { message: 'Server Error' }) });
    await openPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: choiceQuestion.text }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de vérifier votre statut...');
  });

  it('shows the answer this device remembers for today when the status cannot be checked', async () => {
    const today = new Date().toLocaleDateString('en-CA');
    window.localStorage.setItem(STORAGE_KEYS.dailyQuestionAnswered, JSON.stringify(today));
    window.localStorage.setItem(
      STORAGE_KEYS.dailyQuestionResult,
      JSON.stringify({
        day: today,
        is_correct: true,
        correct_answers: ['Ondine'],
        user_answer: 'Ondine',
      }),
    );
    const server = dailyServer({ status: json(500, { message: 'Server Error' }) });
    await openPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Right answer' })).toBeTruthy();
    expect(screen.getByText('Impossible de vérifier votre statut...')).toBeTruthy();
    expect(server.callsTo('GET', '/api/quiz/daily-question')).toHaveLength(0);
  });

  it('shows the result instead of the question when today is already answered', async () => {
    // What this device kept of the answer (the explanation) completes the status.
    window.localStorage.setItem(
      STORAGE_KEYS.dailyQuestionResult,
      JSON.stringify({
        day: DAY,
        is_correct: false,
        correct_answers: ['Ondine'],
        user_answer: 'Sillage',
        explanation: 'Ondine naît en 1929.',
      }),
    );
    const server = dailyServer({
      status: json(200, {
        has_answered: true,
        is_correct: false,
        correct_answers: ['Ondine'],
        user_answer: 'Sillage',
        explanation: null,
        points_awarded: 0,
        day: DAY,
      }),
    });
    const app = await openPage();

    const result = await screen.findByRole('region', { name: 'Not this time' });
    expect(within(result).getByText('Sillage')).toBeTruthy();
    expect(within(result).getByText('Ondine')).toBeTruthy();
    expect(within(result).getByText('Ondine naît en 1929.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit my answer' })).toBeNull();
    expect(server.callsTo('GET', '/api/quiz/daily-question')).toHaveLength(0);
    expect(JSON.parse(stored(STORAGE_KEYS.dailyQuestionAnswered)!)).toBe(DAY);

    // Nothing to lose: the close button leaves at once.
    await app.user.click(closeLink());
    await waitFor(() => expect(app.location().pathname).toBe('/quiz/daily'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('/quiz/dailyquestion: answering', () => {
  it('waits for a choice and a submit (no auto-advance), then shows the result', async () => {
    const server = dailyServer();
    const app = await openPage();
    await screen.findByRole('heading', { level: 2, name: choiceQuestion.text });

    expect(submitButton()).toHaveProperty('disabled', true);
    await app.user.click(screen.getByRole('radio', { name: 'Sillage' }));
    await app.user.click(screen.getByRole('radio', { name: 'Ondine' }));
    expect(screen.getByRole('radio', { name: 'Ondine' })).toHaveProperty('checked', true);
    // A choice alone sends nothing and moves nowhere.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(server.callsTo('POST', '/api/quiz/daily-answer')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: choiceQuestion.text })).toBeTruthy();

    await app.user.click(submitButton());

    const result = await screen.findByRole('region', { name: 'Right answer' });
    expect(server.callsTo('POST', '/api/quiz/daily-answer').map((c) => c.body)).toEqual([
      { question_id: 12, user_answer: 1 },
    ]);
    expect(within(result).getByText('+500 points')).toBeTruthy();
    expect(await within(result).findByText('Your streak: 4 right answers in a row')).toBeTruthy();
    expect(within(result).getByText('The right answer')).toBeTruthy();
    expect(within(result).getByText('Ondine naît en 1929, dans l’esprit Art déco.')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'See my calendar' }).getAttribute('href')).toBe(
      '/quiz/daily',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Right answer' })),
    );
    // Said once, in a live region.
    const live = screen.getByRole('main').querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Right answer. 500 points.');

    expect(JSON.parse(stored(STORAGE_KEYS.dailyQuestionAnswered)!)).toBe(DAY);
    expect(JSON.parse(stored(STORAGE_KEYS.dailyQuestionResult)!)).toEqual({
      day: DAY,
      is_correct: true,
      correct_answers: ['Ondine'],
      user_answer: 'Ondine',
      explanation: 'Ondine naît en 1929, dans l’esprit Art déco.',
      points_awarded: 500,
    });
  });

  it('keeps submit disabled while an open answer is blank, and sends it trimmed', async () => {
    const server = dailyServer({ question: json(200, openQuestion), answer: json(200, wrong) });
    const app = await openPage();
    const field = await screen.findByLabelText('Your answer');

    expect(submitButton()).toHaveProperty('disabled', true);
    await app.user.type(field, '   ');
    expect(submitButton()).toHaveProperty('disabled', true);
    await app.user.type(field, ' Le Sentier ');
    expect(submitButton()).toHaveProperty('disabled', false);
    await app.user.keyboard('{Enter}');

    const result = await screen.findByRole('region', { name: 'Not this time' });
    expect(server.callsTo('POST', '/api/quiz/daily-answer')[0]!.body).toEqual({
      question_id: 13,
      user_answer: 'Le Sentier',
    });
    expect(within(result).getByText('Le Sentier')).toBeTruthy();
    expect(within(result).getByText('Accepted answers')).toBeTruthy();
    expect(within(result).getByText('Le Brassus')).toBeTruthy();
    expect(within(result).getByText('Brassus')).toBeTruthy();
    expect(within(result).queryByText(/points/)).toBeNull();
    const live = screen.getByRole('main').querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Wrong answer. The right answer: Le Brassus, Brassus.');
  });

  it('shows the busy state while the answer is sent, and sends it once', async () => {
    const held = deferred<Response>();
    const server = dailyServer({ answer: () => held.promise });
    const app = await openPage();
    await app.user.click(await screen.findByRole('radio', { name: 'Ondine' }));
    await app.user.click(submitButton());

    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveProperty('disabled', true);
    fireEvent.click(busy);
    held.resolve(json(200, right));
    await screen.findByRole('region', { name: 'Right answer' });
    expect(server.callsTo('POST', '/api/quiz/daily-answer')).toHaveLength(1);
  });
});

describe('/quiz/dailyquestion: a refused answer', () => {
  async function answerWith(reply: Reply) {
    dailyServer({ answer: reply });
    const app = await openPage();
    await app.user.click(await screen.findByRole('radio', { name: 'Ondine' }));
    await app.user.click(submitButton());
    return app;
  }

  it('says the session expired on a 401, and offers to log in again', async () => {
    const app = await answerWith(json(401, { message: 'Unauthenticated.' }));

    expect(
      await screen.findByText('Votre session a expiré. Veuillez vous reconnecter.'),
    ).toBeTruthy();
    expect(app.location().pathname).toBe('/quiz/dailyquestion');
    await app.user.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
    expect(new URLSearchParams(app.location().search).get('redirect')).toBe('/quiz/dailyquestion');
    expect(stored(STORAGE_KEYS.user)).toBeNull();
  });

  it('shows the error field of the response (a second answer, 409), then the day’s result', async () => {
    // The status read again after the refusal says the day is answered (on another device).
    let answered = false;
    dailyServer({
      status: () =>
        json(
          200,
          answered
            ? {
                has_answered: true,
                is_correct: true,
                correct_answers: ['Ondine'],
                user_answer: 'Ondine',
                explanation: null,
                points_awarded: 0,
                day: DAY,
              }
            : unanswered,
        ),
      answer: () => {
        answered = true;
        return json(409, {
          message: 'You have already answered today’s question.',
          error: 'You have already answered today’s question.',
        });
      },
    });
    const app = await openPage();
    await app.user.click(await screen.findByRole('radio', { name: 'Sillage' }));
    await app.user.click(submitButton());

    const result = await screen.findByRole('region', { name: 'Right answer' });
    expect(within(result).getByRole('alert').textContent).toBe(
      'You have already answered today’s question.',
    );
  });

  it.each([
    ['a 422 with only a message', json(422, { message: 'This is not today’s question.' })],
    ['a 500', json(500, { message: 'Server Error' })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as [string, Reply][])('says it could not submit on %s', async (_, reply) => {
    const app = await answerWith(reply);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de soumettre votre réponse. Veuillez réessayer.',
    );
    // The question stays, to try again.
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(app.location().pathname).toBe('/quiz/dailyquestion');
  });

  it('shows the error field of any other refusal', async () => {
    await answerWith(json(422, { message: 'Invalid.', error: 'Cette réponse est refusée.' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Cette réponse est refusée.');
  });
});

describe('/quiz/dailyquestion: leaving', () => {
  it('asks before leaving an unanswered question; Stay keeps it', async () => {
    const server = dailyServer();
    const app = await openPage();
    await screen.findByRole('heading', { level: 2, name: choiceQuestion.text });

    await app.user.click(closeLink());
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the daily challenge?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Stay' }));

    await app.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.location().pathname).toBe('/quiz/dailyquestion');
    // Focus goes back to the close button.
    expect(document.activeElement).toBe(closeLink());

    // Escape stays as well.
    await app.user.click(closeLink());
    await screen.findByRole('alertdialog');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.location().pathname).toBe('/quiz/dailyquestion');
    expect(server.callsTo('POST', '/api/quiz/daily-answer')).toHaveLength(0);
  });

  it("'Leave' sends an empty answer exactly once, then leaves", async () => {
    const held = deferred<Response>();
    const server = dailyServer({
      answer: () => held.promise,
    }).on('GET', '/api/quiz/daily-history', json(200, {}));
    const app = await openPage();
    await app.user.click(await screen.findByRole('radio', { name: 'Ondine' }));

    await app.user.click(closeLink());
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the daily challenge?' });
    const leave = within(dialog).getByRole('button', { name: 'Leave' });
    await app.user.click(leave);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leaving…' }));
    fireEvent.click(leave);
    held.resolve(json(200, { ...right, is_correct: false, points_awarded: 0 }));

    await waitFor(() => expect(app.location().pathname).toBe('/quiz/daily'));
    const sent = server.callsTo('POST', '/api/quiz/daily-answer');
    // The choice made before is not sent: leaving gives no answer.
    expect(sent.map((c) => c.body)).toEqual([{ question_id: 12, user_answer: null }]);
    expect(JSON.parse(stored(STORAGE_KEYS.dailyQuestionAnswered)!)).toBe(DAY);
    expect(JSON.parse(stored(STORAGE_KEYS.dailyQuestionResult)!)).toMatchObject({
      day: DAY,
      is_correct: false,
      user_answer: null,
    });
  });

  it("'Leave' on an open question sends an empty text", async () => {
    const server = dailyServer({
      question: json(200, openQuestion),
      answer: json(200, wrong),
    }).on('GET', '/api/quiz/daily-history', json(200, {}));
    const app = await openPage();
    await screen.findByLabelText('Your answer');

    await app.user.click(closeLink());
    await app.user.click(await screen.findByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(app.location().pathname).toBe('/quiz/daily'));
    expect(server.callsTo('POST', '/api/quiz/daily-answer').map((c) => c.body)).toEqual([
      { question_id: 13, user_answer: '' },
    ]);
  });

  it('guards the back button too', async () => {
    dailyServer();
    const app = renderApp('/quiz/daily');
    await app.router.navigate('/quiz/dailyquestion');
    await screen.findByRole('heading', { level: 2, name: choiceQuestion.text });

    void app.router.navigate(-1);
    expect(
      await screen.findByRole('alertdialog', { name: 'Leave the daily challenge?' }),
    ).toBeTruthy();
  });

  it('lets the user go without asking when the question never loaded', async () => {
    dailyServer({ question: json(500, { message: 'Server Error' }) }).on(
      'GET',
      '/api/quiz/daily-history',
      json(200, {}),
    );
    const app = await openPage();
    await screen.findByText('Impossible de charger la question. Veuillez réessayer plus tard.');

    await app.user.click(closeLink());
    await waitFor(() => expect(app.location().pathname).toBe('/quiz/daily'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
