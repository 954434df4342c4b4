import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoSeriousA11yViolations, signIn, test } from '../support/fixtures';
import { answerTo } from '../support/quiz';

/** Every demo account shares the demo password; these two have no duel in the demo data. */
const LEA = { email: 'lea.brunner@example.com', password: 'demo1234', name: 'Lea Brunner' };
const MARCO = { email: 'marco.huber@example.com', password: 'demo1234', name: 'Marco Huber' };
const THOMAS = { email: 'thomas.keller@example.com', password: 'demo1234', name: 'Thomas Keller' };

/** The card backgrounds of a completed duel (duel-card.module.css): gold, blue, grey. */
const OUTCOME_SURFACES = {
  won: 'rgb(246, 238, 223)',
  lost: 'rgb(232, 238, 245)',
  none: 'rgb(238, 236, 232)',
} as const;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

const section = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name}`) });

const duelCard = (scope: Page | Locator, opponent: string) =>
  scope.getByRole('article', { name: new RegExp(`${opponent}$`) });

/** A second player, in a browser context of their own. */
async function secondPlayer(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

/**
 * Plays the round open on the intro: START, then five questions, every answer right or every
 * answer wrong (read from the content files the demo database is seeded from), then Terminer.
 */
async function playRound(page: Page, round: number, right: boolean, check = false) {
  await expect(page.getByText(`Round ${round}/3`)).toBeVisible();
  await page.getByRole('button', { name: 'START' }).click();
  await expect(page.getByText(new RegExp(`^Manche ${round}/3 contre `))).toBeVisible();
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Question ${n}/5`)).toBeVisible({ timeout: 10_000 });
    const article = page.getByRole('article');
    const text = normalize(await article.getByRole('heading', { level: 2 }).innerText());
    const answer = answerTo(text);
    const given = right ? answer.right : answer.wrong;
    const next = page.getByRole('button', { name: n === 5 ? 'Terminer' : 'Suivant' });
    await expect(next).toBeDisabled();
    if (answer.mode === 'open') {
      await page.getByLabel('Votre réponse').fill(given);
      await next.click();
      await expect(page.getByRole('main').locator('div[data-verdict]')).toHaveAttribute(
        'data-verdict',
        right ? 'right' : 'wrong',
      );
    } else {
      await article.getByRole('button', { name: given, exact: true }).click();
      await expect(page.getByRole('main').locator('div[data-verdict]')).toHaveAttribute(
        'data-verdict',
        right ? 'right' : 'wrong',
      );
      if (check && n === 1) await expectNoSeriousA11yViolations(page);
      await next.click();
    }
  }
}

test.describe('duels', () => {
  test('the dashboard shows the demo duels: to accept, to cancel, to play, and their outcomes', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    await page.goto('/duels');
    await expect(page.getByRole('heading', { level: 1, name: 'Duels' })).toBeVisible();

    // Pending: the rival's challenge to accept, the demo user's own to cancel.
    const pending = section(page, 'Pending');
    await expect(pending.getByText('Lucas challenges you')).toBeVisible();
    await expect(pending.getByRole('button', { name: /^Accept/ })).toHaveCount(1);
    await expect(pending.getByRole('button', { name: /^Cancel/ })).toHaveCount(1);

    // Active: the rival has played round 2, the demo user not yet.
    const active = section(page, 'Active');
    await expect(active.getByRole('link', { name: /^Play round 2 against Lucas/ })).toHaveAttribute(
      'href',
      /\/duels\/play\/\d+\/round\/2$/,
    );

    // Completed: each card in the colour of its outcome.
    const completed = section(page, 'Completed');
    const cards = completed.getByRole('article');
    await expect(duelCard(completed, 'Thomas Keller')).toBeVisible();
    const outcomes: string[] = [];
    for (const card of await cards.all()) {
      const outcome = (await card.getAttribute('data-outcome')) as keyof typeof OUTCOME_SURFACES;
      outcomes.push(outcome);
      const label = { won: 'Won', lost: 'Lost', none: 'No winner' }[outcome];
      await expect(card.getByText(label, { exact: true })).toBeVisible();
      expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        OUTCOME_SURFACES[outcome],
      );
    }
    // Thomas lost, Amélie won; James played exactly as the demo user did: no winner. Mei never
    // played her round: a timeout the demo user won.
    await expect(duelCard(completed, 'Thomas Keller')).toHaveAttribute('data-outcome', 'won');
    await expect(duelCard(completed, 'Amélie Roux')).toHaveAttribute('data-outcome', 'lost');
    await expect(duelCard(completed, 'James Whitmore')).toHaveAttribute('data-outcome', 'none');
    const mei = duelCard(completed, 'Mei Tan');
    await expect(mei).toHaveAttribute('data-outcome', 'won');
    await expect(mei.getByText('Timed out')).toBeVisible();
    expect(new Set(outcomes)).toEqual(new Set(['won', 'lost', 'none']));

    // The header counts the duels waiting for the demo user, as their cards say it.
    const yourTurn = await page.getByText('Your turn', { exact: true }).count();
    expect(yourTurn).toBeGreaterThan(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Duels/ }),
    ).toHaveAccessibleName(new RegExp(`${yourTurn} duels? awaits? you`));

    await expectNoSeriousA11yViolations(page);
  });

  test('two colleagues play a whole duel, round by round, to the final view', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, LEA);
    const marco = await secondPlayer(browser, MARCO);

    // Lea challenges Marco on the mixed theme.
    await page.goto('/duels/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un duel' })).toBeVisible();
    await page.getByLabel('Rechercher un collègue').fill('Huber');
    await page.getByRole('radio', { name: new RegExp(MARCO.name) }).check();
    await page.getByRole('radio', { name: /Grand mélange/ }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Créer le duel' }).click();
    await expect(page).toHaveURL('/duels?created=success');
    await expect(
      page.getByText('Your duel has been created. Your opponent has 24 hours to accept it.'),
    ).toBeVisible();
    await expect(
      duelCard(section(page, 'Pending'), MARCO.name).getByText('Waiting for Marco to accept'),
    ).toBeVisible();

    // Marco accepts; the duel is active for both.
    await marco.page.goto('/duels');
    const challenge = duelCard(section(marco.page, 'Pending'), LEA.name);
    await expect(challenge.getByText('Lea challenges you')).toBeVisible();
    await challenge.getByRole('button', { name: /^Accept/ }).click();
    const marcoPlay = duelCard(section(marco.page, 'Active'), LEA.name).getByRole('link', {
      name: /^Play/,
    });
    await expect(marcoPlay).toHaveAttribute('href', /\/duels\/play\/\d+\/round\/1$/);
    const duelId = Number(
      /\/duels\/play\/(\d+)\//.exec((await marcoPlay.getAttribute('href'))!)![1],
    );

    for (let round = 1; round <= 3; round++) {
      // Lea plays first, every answer right…
      await page.goto('/duels');
      await duelCard(section(page, 'Active'), MARCO.name)
        .getByRole('link', { name: /^Play/ })
        .click();
      await expect(page).toHaveURL(`/duels/play/${duelId}/round/${round}`);
      if (round === 1) {
        await expect(page.getByRole('listitem').filter({ hasText: '+1000' })).toHaveText(
          '+1000 WINNER',
        );
        await expect(page.getByRole('listitem').filter({ hasText: '-250' })).toHaveText(
          '-250 LOOSER',
        );
        await expectNoSeriousA11yViolations(page);
      }
      await playRound(page, round, true, round === 1);
      // …then waits for Marco: the result page comes after 500 ms.
      await expect(page).toHaveURL(`/duels/result/${duelId}`);
      await expect(page.getByRole('button', { name: 'VÉRIFIER STATUT' })).toBeVisible();
      if (round === 1) await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'VÉRIFIER STATUT' }).click();
      await expect(page.getByText('Your opponent has not played yet.')).toBeVisible();

      // Marco plays, every answer wrong.
      await marco.page.goto('/duels');
      await duelCard(section(marco.page, 'Active'), LEA.name)
        .getByRole('link', { name: /^Play/ })
        .click();
      await expect(marco.page).toHaveURL(`/duels/play/${duelId}/round/${round}`);
      await playRound(marco.page, round, false);

      if (round < 3) {
        await expect(marco.page).toHaveURL(`/duels/result/${duelId}`);
        await expect(
          marco.page.getByRole('link', { name: `JOUER MANCHE ${round + 1}` }),
        ).toBeVisible();
        // Lea's status check now opens the next round.
        await page.getByRole('button', { name: 'VÉRIFIER STATUT' }).click();
        await expect(page.getByRole('link', { name: `JOUER MANCHE ${round + 1}` })).toHaveAttribute(
          'href',
          `/duels/play/${duelId}/round/${round + 1}`,
        );
      }
    }

    // Marco's last answer ends the duel: he lost, and sees the final view.
    await expect(marco.page.getByText("You've lost this duel.")).toBeVisible();
    await expect(marco.page).toHaveURL(`/duels/play/${duelId}/round/3`);
    await marco.page.getByRole('button', { name: 'SEE FINAL RESULT' }).click();
    await expect(marco.page.getByRole('heading', { level: 2, name: 'DEFEAT' })).toBeVisible();
    await expect(marco.page.getByText('TOTAL POINTS')).toBeVisible();
    const marcoTotal = await marco.page
      .getByText('TOTAL POINTS', { exact: true })
      .locator('xpath=following-sibling::p[1]/span[@aria-hidden="true"]')
      .innerText();
    expect(marcoTotal).toMatch(/^0:[\d']+$/);
    await marco.page.getByRole('button', { name: 'See details' }).click();
    await expect(marco.page.getByRole('heading', { level: 3, name: 'Round 3' })).toBeVisible();
    await expect(marco.page.getByText('Réponse attendue').first()).toBeVisible();
    await expectNoSeriousA11yViolations(marco.page);

    // Lea's status check shows her victory, with the same total seen from her side.
    await page.getByRole('button', { name: 'VÉRIFIER STATUT' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'VICTORY' })).toBeVisible();
    const [, , leaPoints] = /^(\d+):(.+)$/.exec(marcoTotal)!;
    await expect(page.getByText(`${leaPoints}:0`, { exact: true })).toBeVisible();
    await expect(page.getByText("Reward +1'000 points")).toBeVisible();
    await expect(page.getByRole('button', { name: 'REMATCH' })).toBeVisible();

    // On the dashboard, the duel is completed: gold for Lea, blue for Marco.
    await page.goto('/duels');
    await expect(duelCard(section(page, 'Completed'), MARCO.name)).toHaveAttribute(
      'data-outcome',
      'won',
    );
    await marco.page.goto('/duels');
    await expect(duelCard(section(marco.page, 'Completed'), LEA.name)).toHaveAttribute(
      'data-outcome',
      'lost',
    );
    await marco.close();
  });

  test('a rematch: same theme and opponent, to round 1 of the new duel, once accepted', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO);
    await page.goto('/duels');
    const finished = duelCard(section(page, 'Completed'), THOMAS.name);
    await finished.getByRole('link', { name: /^See the result/ }).click();
    await expect(page).toHaveURL(/\/duels\/result\/\d+$/);
    const oldId = Number(page.url().split('/').pop());
    const theme = (await page.getByText(/^Duel · /).innerText()).replace(/^Duel · /i, '').trim();

    await page.getByRole('button', { name: 'REMATCH' }).click();
    await expect(page).toHaveURL(/\/duels\/play\/\d+\/round\/1$/);
    const newId = Number(/\/duels\/play\/(\d+)\//.exec(page.url())![1]);
    expect(newId).not.toBe(oldId);
    await expect(page.getByText(new RegExp(`Theme: ${theme}`, 'i'))).toBeVisible();
    // Thomas has to accept first.
    await expect(page.getByRole('button', { name: 'START' })).toBeDisabled();
    await expect(
      page.getByText('Thomas has not accepted this duel yet: the rounds open once they do.'),
    ).toBeVisible();

    const thomas = await secondPlayer(browser, THOMAS);
    await thomas.page.goto('/duels');
    const challenge = duelCard(section(thomas.page, 'Pending'), 'Camille Laurent');
    await challenge.getByRole('button', { name: /^Accept/ }).click();
    await duelCard(section(thomas.page, 'Active'), 'Camille Laurent')
      .getByRole('link', { name: /^Play/ })
      .click();
    await expect(thomas.page).toHaveURL(`/duels/play/${newId}/round/1`);
    await thomas.page.getByRole('button', { name: 'START' }).click();
    await expect(thomas.page.getByText('Manche 1/3 contre Camille Laurent')).toBeVisible();
    await expect(thomas.page.getByRole('timer', { name: 'Elapsed time' })).toHaveText(/^0:0\d$/);
    await thomas.close();

    // For the demo user, the round opens now.
    await page.reload();
    await expect(page.getByRole('button', { name: 'START' })).toBeEnabled();
  });
});
