import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@app/contract/constants';
import { DEMO, expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';
import { answerTo } from '../support/quiz';

/**
 * The daily challenge, against the real API on the demo database. One answer a day per user, so
 * each journey plays with its own account (every demo account's password is demo1234).
 */
const account = (email: string) => ({ email, password: DEMO.password });

/** The cell of today in the current month (the server's day for the user). */
const todayCell = (page: Page) => page.locator('td[aria-current="date"]');

/** Counts the answers the page sends. */
function countAnswers(page: Page) {
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/quiz/daily-answer'
    ) {
      sent.push(request.postDataJSON());
    }
  });
  return sent;
}

async function openTodaysQuestion(page: Page): Promise<string> {
  await page.goto('/quiz/daily');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Challenge' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(3);
  await expect(todayCell(page)).toHaveAttribute('data-outcome', 'none');
  await page.getByRole('link', { name: "TODAY'S QUESTION" }).click();
  await expect(page).toHaveURL('/quiz/dailyquestion');
  await expect(page.getByRole('heading', { level: 1, name: 'DAILY CHALLENGE' })).toBeVisible();
  const question = page.getByRole('heading', { level: 2 });
  await expect(question).toBeVisible();
  return (await question.innerText()).trim();
}

test.describe('the daily challenge', () => {
  test('answering today’s question from the calendar colours the day and closes the question', async ({
    page,
  }) => {
    await signIn(page);
    const sent = countAnswers(page);
    const text = await openTodaysQuestion(page);
    await expectNoSeriousA11yViolations(page);

    const answer = answerTo(text);
    const submit = page.getByRole('button', { name: 'Submit my answer' });
    await expect(submit).toBeDisabled();
    if (answer.mode === 'open') {
      await page.getByLabel('Your answer').fill('   ');
      await expect(submit).toBeDisabled();
      await page.getByLabel('Your answer').fill(answer.right);
    } else {
      await page.getByRole('radio', { name: answer.right, exact: true }).check();
      // No auto-advance: the choice waits for the submit.
      await page.waitForTimeout(600);
      expect(sent).toHaveLength(0);
    }
    await submit.click();

    const result = page.getByRole('region', { name: 'Right answer' });
    await expect(result).toBeVisible();
    await expect(result.getByText(/^\+[\d\s]+ points$/)).toBeVisible();
    expect(sent).toHaveLength(1);
    const stored = await page.evaluate(
      (keys) => ({
        answered: localStorage.getItem(keys.answered),
        result: localStorage.getItem(keys.result),
      }),
      { answered: STORAGE_KEYS.dailyQuestionAnswered, result: STORAGE_KEYS.dailyQuestionResult },
    );
    expect(JSON.parse(stored.answered!)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse(stored.result!)).toMatchObject({ is_correct: true });
    await expectNoSeriousA11yViolations(page);

    // Back on the calendar: today is coloured, and today's question is closed.
    await result.getByRole('link', { name: 'See my calendar' }).click();
    await expect(page).toHaveURL('/quiz/daily');
    await expect(todayCell(page)).toHaveAttribute('data-outcome', 'correct');
    await expect(todayCell(page)).toContainText('Correct');
    await expect(page.getByRole('button', { name: "TODAY'S QUESTION" })).toBeDisabled();
    await expect(page.getByRole('link', { name: "TODAY'S QUESTION" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A second visit shows the result, not the question, even on a device that forgot it.
    await page.evaluate(() => localStorage.removeItem('dailyQuestionResult'));
    await page.goto('/quiz/dailyquestion');
    await expect(page.getByRole('region', { name: 'Right answer' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit my answer' })).toHaveCount(0);
    expect(sent).toHaveLength(1);
  });

  test("leaving with 'Leave' counts as a wrong answer", async ({ page }) => {
    await signIn(page, account('julien.favre@example.com'));
    const sent = countAnswers(page);
    await openTodaysQuestion(page);

    // Stay first: nothing is sent, the question stays.
    await page.getByRole('link', { name: 'Close the daily challenge' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave the daily challenge?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/quiz/dailyquestion');
    expect(sent).toHaveLength(0);

    // Then leave: one empty answer, then the calendar.
    await page.getByRole('link', { name: 'Close the daily challenge' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/quiz/daily');
    expect(sent).toHaveLength(1);
    expect([null, '']).toContain((sent[0] as { user_answer: unknown }).user_answer);
    await expect(todayCell(page)).toHaveAttribute('data-outcome', 'incorrect');
    await expect(page.getByRole('button', { name: "TODAY'S QUESTION" })).toBeDisabled();

    // The server counted it: the question page shows the wrong answer.
    await page.goto('/quiz/dailyquestion');
    const result = page.getByRole('region', { name: 'Not this time' });
    await expect(result).toBeVisible();
    await expect(result.getByText('No answer')).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test('a second visit after a wrong answer shows the result, not the question', async ({
    page,
  }) => {
    await signIn(page, account('nadia.berset@example.com'));
    const text = await openTodaysQuestion(page);
    const answer = answerTo(text);
    if (answer.mode === 'open') {
      await page.getByLabel('Your answer').fill(answer.wrong);
    } else {
      await page.getByRole('radio', { name: answer.wrong, exact: true }).check();
    }
    await page.getByRole('button', { name: 'Submit my answer' }).click();
    await expect(page.getByRole('region', { name: 'Not this time' })).toBeVisible();

    await page.reload();
    const result = page.getByRole('region', { name: 'Not this time' });
    await expect(result).toBeVisible();
    await expect(result.getByText(answer.wrong, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit my answer' })).toHaveCount(0);
    // Nothing to lose any more: closing does not ask.
    await page.getByRole('link', { name: 'Close the daily challenge' }).click();
    await expect(page).toHaveURL('/quiz/daily');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('an anonymous visitor is asked to log in', async ({ page }) => {
    await page.goto('/quiz/dailyquestion');
    await expect(
      page.getByText('Veuillez vous connecter pour accéder à la question du jour'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fquiz%2Fdailyquestion');

    await page.goto('/quiz/daily');
    await expect(page).toHaveURL(/\/login/);
  });
});
