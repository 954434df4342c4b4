import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuizResult } from '@app/contract/quiz';
import { formatPoints } from '@/lib/format';
import { mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

function storeResults(results: Record<number, Partial<QuizResult> & { saved_at: string }>) {
  const base: QuizResult = {
    score: 2840,
    max_points: 2500,
    duration: 95,
    speed_bonus: 340,
    correct_count: 10,
    ranked: true,
  };
  window.localStorage.setItem(
    'quizResults',
    JSON.stringify(
      Object.fromEntries(
        Object.entries(results).map(([id, r]) => [
          id,
          { ...base, ...r, attempt_id: Number(id), title: 'Quiz facile', difficulty: 'easy' },
        ]),
      ),
    ),
  );
}

describe('/quiz/result (public: reads local storage only)', () => {
  it('shows the score out of max_points, the message, the duration and the speed bonus', async () => {
    const server = mockFetch();
    storeResults({ 41: { saved_at: '2025-05-01T10:00:00.000Z', question_count: 10 } as never });
    renderApp({ pathname: '/quiz/result', state: { attemptId: 41 } });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Excellent travail !' }),
    ).toBeTruthy();
    // Testing Library folds the no-break spaces of the thousands into plain ones.
    expect(screen.getByText('Score : 2 840 points sur 2 500')).toBeTruthy();
    expect(formatPoints(2840)).toBe('2\u00a0840');
    expect(screen.getByText('01:35')).toBeTruthy();
    expect(screen.getByText('+340')).toBeTruthy();
    expect(screen.queryByText('Entraînement — points non comptabilisés')).toBeNull();
    expect(screen.getByRole('link', { name: 'New Quiz' }).getAttribute('href')).toBe('/quiz/start');
    expect(screen.getByRole('link', { name: 'Daily Question' }).getAttribute('href')).toBe(
      '/quiz/daily',
    );
    expect(screen.getByRole('link', { name: 'Close the result' }).getAttribute('href')).toBe('/');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it.each([
    [2000, 'Excellent travail !'],
    [1999, 'Bien joué !'],
    [1500, 'Bien joué !'],
    [1000, 'Pas mal, continuez à pratiquer.'],
    [999, 'Continuez à apprendre !'],
  ])('says the message of SPEC.md for %s points of 2500', async (score, message) => {
    mockFetch();
    storeResults({ 41: { score, saved_at: '2025-05-01T10:00:00.000Z' } });
    renderApp({ pathname: '/quiz/result', state: { attemptId: 41 } });

    expect(await screen.findByRole('heading', { level: 2, name: message })).toBeTruthy();
  });

  it('notes a practice quiz, which earned no ranking points', async () => {
    mockFetch();
    storeResults({ 41: { ranked: false, saved_at: '2025-05-01T10:00:00.000Z' } });
    renderApp({ pathname: '/quiz/result', state: { attemptId: 41 } });

    expect(await screen.findByText('Entraînement — points non comptabilisés')).toBeTruthy();
  });

  it('shows the latest result when it is opened without an attempt', async () => {
    mockFetch();
    storeResults({
      40: { score: 500, saved_at: '2025-05-01T10:00:00.000Z' },
      41: { score: 2500, duration: 3600, saved_at: '2025-05-02T10:00:00.000Z' },
    });
    renderApp('/quiz/result');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Excellent travail !' }),
    ).toBeTruthy();
    expect(screen.getByText('60:00')).toBeTruthy();
  });

  it('says there is no result, with a way home, when nothing is stored', async () => {
    mockFetch();
    window.localStorage.setItem('quizResults', '{"41": {"score": "not a number"}}');
    renderApp({ pathname: '/quiz/result', state: { attemptId: 41 } });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aucun résultat disponible...' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
