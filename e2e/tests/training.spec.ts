import { expect, signIn, test } from '../support/fixtures';
import { answerTo, watchQuizResponses } from '../support/quiz';

test.describe('validating a training module', () => {
  test('a wrong answer brings another question; a right one completes the module', async ({
    page,
  }) => {
    const traffic = watchQuizResponses(page);
    await signIn(page);
    await page.goto('/training');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Available trainings' }),
    ).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);

    const progress = page.getByRole('progressbar', { name: 'Your progress' });
    const before = Number(await progress.getAttribute('aria-valuenow'));
    const completedBefore = (before / 100) * 5;
    await expect(page.getByText(`${completedBefore}/5 modules completed`)).toBeVisible();

    // The first module still to validate; its quiz is locked until then.
    const card = page.getByRole('article').filter({ hasText: 'To validate' }).first();
    const title = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
    await expect(card.getByRole('button', { name: /^Quiz/ })).toBeDisabled();
    await card.getByRole('button', { name: title, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Key points' })).toBeVisible();
    const question = dialog.locator('fieldset legend');
    await expect(question).toBeVisible();

    // Nothing chosen: said, and nothing sent.
    await dialog.getByRole('button', { name: 'Submit my answer' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select an answer.');

    // A wrong answer: SPEC.md's message and another question.
    const firstQuestion = (await question.innerText()).trim();
    const first = answerTo(firstQuestion);
    if (first.mode === 'open') await dialog.getByRole('textbox').fill(first.wrong);
    else await dialog.getByRole('radio', { name: first.wrong, exact: true }).check();
    await dialog.getByRole('button', { name: 'Submit my answer' }).click();
    await expect(
      dialog.getByText("That's not the right answer. Try another question:"),
    ).toBeVisible();
    await expect(question).not.toHaveText(firstQuestion);

    // The right one completes the module, on the server. When the player has every choice question
    // of the module open elsewhere (a duel round, say), the validation asks an open one instead.
    const second = answerTo((await question.innerText()).trim());
    if (second.mode === 'open') await dialog.getByRole('textbox').fill(second.right);
    else await dialog.getByRole('radio', { name: second.right, exact: true }).check();
    await dialog.getByRole('button', { name: 'Submit my answer' }).click();
    await expect(dialog.getByText('Right answer. The module is complete.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const done = page.getByRole('article', { name: title });
    await expect(done.getByText('Completed')).toBeVisible();
    const quiz = done.getByRole('link', { name: /^Quiz/ });
    await expect(quiz).toBeEnabled();
    const href = await quiz.getAttribute('href');
    expect(href).toMatch(/^\/quiz\/start\?category=[a-z-]+$/);
    await expect(progress).toHaveAttribute('aria-valuenow', String(before + 20));
    await expect(page.getByText(`${completedBefore + 1}/5 modules completed`)).toBeVisible();

    const key = new URL(href!, 'http://x').searchParams.get('category');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('completedTrainings') ?? '[]') as string[],
    );
    expect(stored).toContain(`/training/${key}`);
    expect(stored).toHaveLength(completedBefore + 1);

    // The server keeps it: after a reload, and on Home.
    await page.reload();
    await expect(page.getByRole('article', { name: title }).getByText('Completed')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      String(before + 20),
    );
    await expect(page.getByRole('region', { name: 'LAST NOVELTIES 2025' })).toContainText('Locked');

    // The module's quiz starts with its category.
    await page.goto(href!);
    await expect(page.getByText(/^Questions of “.+” come first\.$/)).toBeVisible();

    expect(await traffic.expectNoAnswers()).toBeGreaterThanOrEqual(2);
  });
});
