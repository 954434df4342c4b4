import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { fetchedFiles } from '../support/resources';
import {
  answerTo,
  currentQuestion,
  waitForNextQuestion,
  watchQuizResponses,
} from '../support/quiz';

const RESULT_MESSAGES = [
  'Excellent travail !',
  'Bien joué !',
  'Pas mal, continuez à pratiquer.',
  'Continuez à apprendre !',
];

test.describe('playing a quiz', () => {
  test.describe.configure({ timeout: 120_000 });

  let traffic: ReturnType<typeof watchQuizResponses>;
  test.beforeEach(async ({ page }) => {
    traffic = watchQuizResponses(page);
    await signIn(page);
  });
  test.afterEach(async () => {
    // The network never shows an answer before it is given.
    expect(await traffic.expectNoAnswers()).toBeGreaterThan(0);
  });

  test('plays a whole easy quiz to its result, which cannot be played again', async ({ page }) => {
    await page.goto('/quiz/start');
    await page.getByRole('button', { name: 'Easy' }).click();
    await expect(page).toHaveURL(/\/quiz\/play\?attempt_id=\d+$/);
    const playUrl = new URL(page.url());
    const attemptId = Number(playUrl.searchParams.get('attempt_id'));
    await expect(page.getByRole('heading', { level: 1, name: 'QUIZ' })).toBeVisible();
    await expect(page.getByText('EASY', { exact: true })).toBeVisible();

    for (let n = 1; n <= 10; n++) {
      await expect(page.getByText(`Question ${n}/10`)).toBeVisible();
      const question = await currentQuestion(page);
      const answer = answerTo(question);
      expect(answer.mode).toBe('qcm_2');
      // Right, except every third question: whatever the score, the result must add up.
      const choice = n % 3 === 0 ? answer.wrong : answer.right;
      await page.getByRole('article').getByRole('button', { name: choice, exact: true }).click();
      const verdict = page.getByRole('main').locator('[aria-live="polite"]');
      await expect(verdict).toContainText(n % 3 === 0 ? 'Mauvaise réponse' : 'Bonne réponse');
      await waitForNextQuestion(page, question);
    }

    await expect(page).toHaveURL('/quiz/result');
    await expect(page.getByText(/^Score : [\d\s]+ points sur 2\s500$/)).toBeAttached();
    const message = page.getByRole('heading', { level: 2 });
    await expect(message).toHaveText(new RegExp(RESULT_MESSAGES.map(escape).join('|')));
    await expect(page.getByText(/^\d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByText('7 / 10')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Quiz' })).toHaveAttribute(
      'href',
      '/quiz/start',
    );
    await expect(page.getByRole('link', { name: 'Daily Question' })).toHaveAttribute(
      'href',
      '/quiz/daily',
    );
    const stored = await page.evaluate(() => ({
      submitted: JSON.parse(localStorage.getItem('submittedQuizzes') ?? '[]') as number[],
      results: JSON.parse(localStorage.getItem('quizResults') ?? '{}') as Record<string, unknown>,
    }));
    expect(stored.submitted).toContain(attemptId);
    expect(stored.results[String(attemptId)]).toMatchObject({
      attempt_id: attemptId,
      max_points: 2500,
    });

    // A replay of the attempt's URL is refused, from local storage…
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(playUrl.pathname + playUrl.search);
    await expect(page).toHaveURL('/quiz/result');
    expect(alerts).toEqual(['Ce quiz a déjà été complété.']);
    await expect(message).toBeVisible();

    // …and by the server, for a device that does not remember it.
    await page.evaluate(() => localStorage.removeItem('submittedQuizzes'));
    await page.goto(playUrl.pathname + playUrl.search);
    await expect(page).toHaveURL('/quiz/result');
    expect(alerts).toEqual(['Ce quiz a déjà été complété.', 'Ce quiz a déjà été complété.']);
    await expect(message).toBeVisible();
  });

  test('plays a hard quiz in free text', async ({ page }) => {
    await page.goto('/quiz/start');
    await page.getByRole('button', { name: 'Hard' }).click();
    await expect(page).toHaveURL(/\/quiz\/play\?attempt_id=\d+$/);
    await expect(page.getByText('HARD', { exact: true })).toBeVisible();

    for (let n = 1; n <= 10; n++) {
      await expect(page.getByText(`Question ${n}/10`)).toBeVisible();
      const question = await currentQuestion(page);
      const answer = answerTo(question);
      expect(answer.mode).toBe('open');
      const field = page.getByLabel('Votre réponse');
      const button = page.getByRole('button', { name: n === 10 ? 'Submit' : 'Next' });
      await expect(button).toBeDisabled();
      await field.fill('   ');
      await expect(button).toBeDisabled();
      await field.fill(n % 2 === 0 ? answer.wrong : answer.right);
      await field.press('Enter');
      await expect(page.getByRole('main').locator('[aria-live="polite"]')).toContainText(
        n % 2 === 0 ? 'Mauvaise réponse' : 'Bonne réponse',
      );
      await waitForNextQuestion(page, question);
    }

    await expect(page).toHaveURL('/quiz/result');
    await expect(page.getByText(/^Score : [\d\s]+ points sur 10\s000$/)).toBeAttached();
    await expect(page.getByText('5 / 10')).toBeVisible();
    await expect(page.getByText(/^\d{2}:\d{2}$/)).toBeVisible();
  });

  test('closes the card back to the levels, and resumes where the server left it', async ({
    page,
  }) => {
    await page.goto('/quiz/start');
    await page.getByRole('button', { name: 'Medium' }).click();
    await expect(page).toHaveURL(/\/quiz\/play\?attempt_id=\d+$/);
    const playUrl = page.url();
    const question = await currentQuestion(page);
    await page
      .getByRole('article')
      .getByRole('button', { name: answerTo(question).right, exact: true })
      .click();
    await waitForNextQuestion(page, question);
    await expect(page.getByText('Question 2/10')).toBeVisible();

    await page.getByRole('link', { name: 'Close the quiz' }).click();
    await expect(page).toHaveURL('/quiz/start');

    await page.goto(playUrl);
    await expect(page.getByText('Question 2/10')).toBeVisible();
    await expect(page.getByText(/^[1-9][\d\s]* \/ 5\s000$/)).toBeVisible();
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('the levels of a quiz, opened directly', () => {
  /** The scripts and style sheets a page fetched, by their path. */
  const filesOf = (page: Page) => fetchedFiles(page, /\.(?:js|css)$/);

  test('come with the app: not a file more than Home (decision 0047)', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Welcome, Camille');
    const home = await filesOf(page);

    // A file of its own, even small, waits for one of a phone's six connections to a server,
    // which the app's styles and faces have all taken at that moment.
    await page.goto('/quiz/start');
    await expect(page.getByRole('button', { name: 'Easy' })).toBeVisible();
    expect(await filesOf(page)).toEqual(home);
  });
});
