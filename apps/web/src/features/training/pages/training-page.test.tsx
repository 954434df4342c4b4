import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuizAttempt, QuizQuestion } from '@app/contract/quiz';
import type { TrainingList } from '@app/contract/training';
import { json, mockFetch } from '@/testing/fetch-mock';
import {
  demoUser,
  quizQuestion,
  storeSession,
  trainingLessonsFixture,
  trainingListFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

/** One validation question of the module, as `generate?question_count=1` returns it. */
function validation(attemptId: number, question: QuizQuestion): QuizAttempt {
  return {
    attempt_id: attemptId,
    kind: 'training',
    title: 'Sources of Inspiration',
    difficulty: 'easy',
    expires_at: '2030-01-01T12:00:00.000Z',
    questions: [{ ...question, points: 0, category: 'Inspiration', category_key: 'inspiration' }],
  };
}

const first = quizQuestion(301, 'qcm_2', 'Le Lac de Joux inspire le bleu Joux. Vrai ou faux ?');
const second = quizQuestion(302, 'qcm_4', 'Quelle collection naît en 1929 ?');

/** The training server: the list (which the validation changes) and the validation calls. */
function trainingServer({ questions = [first, second], rightChoice = 1 } = {}) {
  storeSession();
  let list: TrainingList = trainingListFixture(['history', 'collection']);
  let generated = 0;
  const server = mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/training', () => json(200, list))
    .on('GET', '/api/training/lessons', json(200, trainingLessonsFixture()))
    .on('GET', '/api/quiz/generate', () => {
      const question = questions[Math.min(generated, questions.length - 1)]!;
      generated += 1;
      return json(200, validation(500 + generated, question));
    })
    .on('POST', '/api/quiz/check-answer', (call) => {
      const body = call.body as { attempt_id: number; question_id: number; answer: number };
      const right = body.answer === rightChoice && body.question_id === second.question_id;
      if (right) list = trainingListFixture(['history', 'collection', 'inspiration']);
      return json(200, {
        attempt_id: body.attempt_id,
        question_id: body.question_id,
        is_correct: right,
        points_awarded: 0,
        speed_bonus: 0,
        correct_answer: { choice_id: rightChoice },
        explanation: 'Ondine naît en 1929, dans l’esprit Art déco.',
      });
    });
  return server;
}

const card = (title: string) => screen.getByRole('article', { name: title });

async function openModule(title: string) {
  const app = renderApp('/training');
  await screen.findByRole('article', { name: title });
  await app.user.click(within(card(title)).getByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { app, dialog };
}

describe('/training', () => {
  it('shows the heading, the progress and the five modules from the API', async () => {
    trainingServer();
    renderApp('/training');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Available trainings' }),
    ).toBeTruthy();
    const progress = await screen.findByRole('progressbar', { name: 'Your progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.getAttribute('aria-valuemin')).toBe('0');
    expect(progress.getAttribute('aria-valuemax')).toBe('100');
    expect(progress.getAttribute('aria-valuetext')).toBe('2 of 5 modules completed (40%)');
    expect(screen.getByText('2/5 modules completed')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);

    const history = card('The History of Aurèle');
    expect(within(history).getByText('18 items')).toBeTruthy();
    expect(within(history).getByText('Completed')).toBeTruthy();
    expect(within(history).getByText(/What every boutique should know/)).toBeTruthy();
    expect(history.querySelector('img')?.getAttribute('src')).toBe(
      '/images/categories/history.svg',
    );
    expect(within(history).getByRole('link', { name: /^Quiz/ }).getAttribute('href')).toBe(
      '/quiz/start?category=history',
    );

    const inspiration = card('Sources of Inspiration');
    expect(within(inspiration).getByText('12 items')).toBeTruthy();
    expect(within(inspiration).queryByRole('link', { name: /^Quiz/ })).toBeNull();
    const locked = within(inspiration).getByRole('button', { name: /^Quiz/ }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(window.localStorage.getItem('completedTrainings')).toBe(
      JSON.stringify(['/training/history', '/training/collection']),
    );
  });

  it('opens a module in a dialog with its lesson and one question of its category', async () => {
    const server = trainingServer();
    const { dialog } = await openModule('Sources of Inspiration');

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('The lesson of Sources of Inspiration.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Inspiration, in short' })).toBeTruthy();
    expect(within(dialog).getByText('A key point of Inspiration.')).toBeTruthy();
    // A section's illustration, described for screen readers; a section without one shows none.
    const pictures = within(dialog).getAllByRole('img', {
      name: 'An illustration of Inspiration.',
    });
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.getAttribute('src')).toBe('/images/lessons/inspiration-1.svg');
    const group = await within(dialog).findByRole('group', { name: first.text });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);

    const url = new URL(server.callsTo('GET', '/api/quiz/generate')[0]!.url, 'http://localhost');
    expect(url.searchParams.get('question_count')).toBe('1');
    expect(url.searchParams.get('category_id')).toBe('inspiration');
    expect(['easy', 'medium']).toContain(url.searchParams.get('difficulty'));
  });

  it('asks for the lessons as the page opens, apart from the list', async () => {
    const server = trainingServer();
    renderApp('/training');
    await screen.findByRole('article', { name: 'Sources of Inspiration' });
    await waitFor(() => expect(server.callsTo('GET', '/api/training/lessons')).not.toHaveLength(0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a lesson could not be loaded, and loads it again on request', async () => {
    let available = false;
    const server = trainingServer().on('GET', '/api/training/lessons', () =>
      available
        ? json(200, trainingLessonsFixture())
        : json(503, { message: 'Service unavailable.' }),
    );
    const { app, dialog } = await openModule('Sources of Inspiration');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The lesson could not be loaded.',
    );
    // The validation does not wait for the lesson.
    expect(await within(dialog).findByRole('group', { name: first.text })).toBeTruthy();
    available = true;
    const loads = server.callsTo('GET', '/api/training/lessons').length;
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(await within(dialog).findByText('The lesson of Sources of Inspiration.')).toBeTruthy();
    expect(within(dialog).queryByText('The lesson could not be loaded.')).toBeNull();
    expect(server.callsTo('GET', '/api/training/lessons')).toHaveLength(loads + 1);
  });

  it('gives focus back to the card when the dialog closes', async () => {
    trainingServer();
    const { app } = await openModule('Sources of Inspiration');

    await app.user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      within(card('Sources of Inspiration')).getByRole('button', {
        name: 'Sources of Inspiration',
      }),
    );
  });

  it('asks for an answer before checking anything', async () => {
    const server = trainingServer();
    const { app, dialog } = await openModule('Sources of Inspiration');
    await within(dialog).findByRole('group', { name: first.text });

    await app.user.click(within(dialog).getByRole('button', { name: 'Submit my answer' }));

    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an answer.');
    expect(server.callsTo('POST', '/api/quiz/check-answer')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Vrai' }));
    expect(within(dialog).queryByText('Please select an answer.')).toBeNull();
  });

  it('brings another question after a wrong answer, then completes the module on a right one', async () => {
    const server = trainingServer();
    const { app, dialog } = await openModule('Sources of Inspiration');
    await within(dialog).findByRole('group', { name: first.text });

    await app.user.click(within(dialog).getByRole('radio', { name: 'Faux' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit my answer' }));

    expect(
      await within(dialog).findByText("That's not the right answer. Try another question:"),
    ).toBeTruthy();
    const next = await within(dialog).findByRole('group', { name: second.text });
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(2);
    expect(server.callsTo('POST', '/api/quiz/check-answer')[0]?.body).toEqual({
      attempt_id: 501,
      question_id: 301,
      mode: 'qcm_2',
      answer: 2,
    });
    // Nothing is chosen in the new question.
    expect(
      within(next)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);

    // StrictMode's second mount cancels the list's first load (its signal is aborted) and loads it
    // again: count from here.
    const listLoads = server.callsTo('GET', '/api/training').length;
    await app.user.click(within(next).getByRole('radio', { name: 'Ondine' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit my answer' }));

    const success = await within(dialog).findByText('Right answer. The module is complete.');
    // The question is gone; focus stays in the dialog, on what replaced it.
    await waitFor(() => expect(document.activeElement).toBe(success.parentElement));
    expect(within(dialog).getByText('Ondine naît en 1929, dans l’esprit Art déco.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/quiz/check-answer')[1]?.body).toMatchObject({
      attempt_id: 502,
      question_id: 302,
      answer: 1,
    });
    // The list is fetched again: the card is completed and its quiz open.
    await waitFor(() => expect(server.callsTo('GET', '/api/training')).toHaveLength(listLoads + 1));
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const done = card('Sources of Inspiration');
    await within(done).findByText('Completed');
    expect(within(done).getByRole('link', { name: /^Quiz/ }).getAttribute('href')).toBe(
      '/quiz/start?category=inspiration',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(JSON.parse(window.localStorage.getItem('completedTrainings')!)).toEqual([
      '/training/history',
      '/training/collection',
      '/training/inspiration',
    ]);
  });

  it('counts a failed check as wrong and brings another question', async () => {
    const server = trainingServer().on(
      'POST',
      '/api/quiz/check-answer',
      json(500, { message: 'Server Error' }),
    );
    const { app, dialog } = await openModule('Sources of Inspiration');
    await within(dialog).findByRole('group', { name: first.text });

    await app.user.click(within(dialog).getByRole('radio', { name: 'Vrai' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit my answer' }));

    await within(dialog).findByText("That's not the right answer. Try another question:");
    await within(dialog).findByRole('group', { name: second.text });
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(2);
  });

  it('says no question was received when the API sends none', async () => {
    trainingServer().on(
      'GET',
      '/api/quiz/generate',
      json(200, { ...validation(600, first), questions: [] }),
    );
    const { dialog } = await openModule('Sources of Inspiration');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No questions received from API.',
    );
  });

  it('says the question could not be loaded, and tries again on request', async () => {
    let calls = 0;
    const server = trainingServer().on('GET', '/api/quiz/generate', () => {
      calls += 1;
      return calls === 1
        ? json(422, { message: 'No questions are available for this quiz.' })
        : json(200, validation(700, first));
    });
    const { app, dialog } = await openModule('Sources of Inspiration');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to load question. Please try again.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('group', { name: first.text });
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(2);
  });

  it('shows a completed module without a new validation question', async () => {
    const server = trainingServer();
    const { dialog } = await openModule('The History of Aurèle');

    expect(within(dialog).getByText('You have validated this module.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Play its quiz' }).getAttribute('href')).toBe(
      '/quiz/start?category=history',
    );
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(0);
  });
});
