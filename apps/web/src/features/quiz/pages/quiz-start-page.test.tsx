import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, quizFixture, storeSession, trainingListFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

function signedIn() {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/training', json(200, trainingListFixture()));
}

describe('/quiz/start', () => {
  it('offers the three levels and a way out to home, without the header', async () => {
    signedIn();
    renderApp('/quiz/start');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your level' }),
    ).toBeTruthy();
    for (const name of ['Easy', 'Medium', 'Hard']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(
      screen.getByRole('button', { name: 'Easy' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('generates a quiz of the chosen level and plays it', async () => {
    const server = signedIn().on('GET', '/api/quiz/generate', json(200, quizFixture('medium')));
    const app = renderApp('/quiz/start');

    await app.user.click(await screen.findByRole('button', { name: 'Medium' }));

    await screen.findByText('MEDIUM');
    expect(server.callsTo('GET', '/api/quiz/generate')[0]?.url).toBe(
      '/api/quiz/generate?difficulty=medium',
    );
    expect(app.location().pathname).toBe('/quiz/play');
    expect(app.location().search).toBe('?attempt_id=41');
  });

  it('passes the category of the query as category_id, and names it', async () => {
    const server = signedIn().on('GET', '/api/quiz/generate', json(200, quizFixture('easy')));
    const app = renderApp('/quiz/start?category=inspiration');

    expect(await screen.findByText('Questions of “Inspiration” come first.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Easy' }));

    await waitFor(() => expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/quiz/generate')[0]?.url).toBe(
      '/api/quiz/generate?difficulty=easy&category_id=inspiration',
    );
  });

  it('generates one quiz however fast the clicks, and shows the levels busy meanwhile', async () => {
    const pending = deferred<Response>();
    const server = signedIn().on('GET', '/api/quiz/generate', () => pending.promise);
    const app = renderApp('/quiz/start');
    const easy = await screen.findByRole('button', { name: 'Easy' });

    await app.user.dblClick(easy);
    await app.user.click(screen.getByRole('button', { name: 'Hard' }));

    expect(easy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Preparing…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Hard' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(1);
    pending.resolve(json(200, quizFixture('easy')));
    await screen.findByText('EASY');
    expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(1);
  });

  it('says so when no quiz can be generated, and lets the user try again', async () => {
    const server = signedIn().on(
      'GET',
      '/api/quiz/generate',
      json(422, { message: 'No questions are available for this quiz.' }),
    );
    const app = renderApp('/quiz/start');

    await app.user.click(await screen.findByRole('button', { name: 'Hard' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de générer un quiz pour le moment. Veuillez réessayer plus tard.',
    );
    expect(app.location().pathname).toBe('/quiz/start');
    await app.user.click(screen.getByRole('button', { name: 'Easy' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/quiz/generate')).toHaveLength(2));
  });
});
