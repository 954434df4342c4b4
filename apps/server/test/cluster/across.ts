import type { LoginResponse } from '@app/contract/auth';
import type { DailyAnswerResponse, DailyQuestion } from '@app/contract/daily';
import type { Duel, RoundQuiz, SubmitRoundResponse } from '@app/contract/duel';
import type { QuizAttempt, QuizQuestion, QuizResult } from '@app/contract/quiz';
import type { Db } from '../../src/db/database';
import { sleep } from '../crash/server-process';
import { call } from './clients';
import type { Checks } from './report';

/**
 * One person's play with its calls spread over the instances on purpose, each call to the next
 * instance, directly: what one instance knows (a session, a revocation, a count, an open
 * question, a credit) must hold on all of them.
 */

export type Person = { id: number; email: string; password: string; token: string };

/** Round robin over the instances' addresses, starting at a given one. */
export class Spread {
  private next: number;

  constructor(
    readonly bases: string[],
    start = 0,
  ) {
    this.next = start;
  }

  base(): string {
    const base = this.bases[this.next % this.bases.length]!;
    this.next += 1;
    return base;
  }
}

export async function logIn(
  base: string,
  user: { email: string; password: string },
): Promise<Person> {
  const res = await call<LoginResponse>(base, 'POST', '/api/login', {
    body: { email: user.email, password: user.password },
  });
  if (res.status !== 200)
    throw new Error(`${user.email} could not log in: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...user, id: res.body.user.id, token: res.body.token };
}

async function truth(db: Db, questionId: number) {
  const q = await db
    .selectFrom('questions')
    .select(['mode', 'correct_choice_id', 'accepted_answers'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  const accepted = q.accepted_answers ? (JSON.parse(q.accepted_answers) as string[]) : [];
  return { mode: q.mode, choice: q.correct_choice_id, accepted };
}

/** The right answer, or a wrong one. */
export async function answerTo(
  db: Db,
  question: QuizQuestion,
  right: boolean,
): Promise<number | string> {
  const t = await truth(db, question.question_id);
  if (question.mode === 'open') return right ? t.accepted[0]! : 'certainement pas';
  return right ? t.choice! : question.choices.find((c) => c.id !== t.choice)!.id;
}

/** Ledger rows of one cause, and whether each user's total is the sum of their rows. */
export async function ledgerOf(db: Db, reference: string) {
  return db
    .selectFrom('points_ledger')
    .select(['user_id', 'reason', 'amount'])
    .where('reference', '=', reference)
    .execute();
}

async function totalMatchesLedger(db: Db, userId: number): Promise<[number, number]> {
  const user = await db
    .selectFrom('users')
    .select('total_points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { sum } = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return [user.total_points, Number(sum)];
}

/** The user's total as every instance shows it. */
async function totalsShown(bases: string[], person: Person): Promise<number[]> {
  return Promise.all(
    bases.map(async (base) => {
      const res = await call<{ total_points: number }>(base, 'GET', '/api/user', {
        token: person.token,
      });
      return res.status === 200 ? res.body.total_points : -1;
    }),
  );
}

/** A session made on one instance is taken by every instance. */
export async function sessionEverywhere(checks: Checks, bases: string[], user: Person) {
  const seen = await Promise.all(
    bases.map((base) =>
      call<{ id: number }>(base, 'GET', '/api/user', { token: user.token }).then((res) =>
        res.status === 200 ? res.body.id : res.status,
      ),
    ),
  );
  checks.record(
    'a session is used on every instance',
    seen.every((id) => id === user.id),
    `GET /api/user with one token on ${bases.length} instances: ${seen.join(', ')}`,
  );
}

/** A logout on one instance: the token is refused by every instance within a second. */
export async function logoutEverywhere(checks: Checks, bases: string[], user: Person) {
  const out = await call(bases[1 % bases.length]!, 'POST', '/api/logout', { token: user.token });
  const loggedOut = Date.now();
  const refusedAfter = await Promise.all(
    bases.map(async (base) => {
      while (Date.now() - loggedOut < 3000) {
        const res = await call(base, 'GET', '/api/user', { token: user.token });
        if (res.status === 401) return Date.now() - loggedOut;
        await sleep(20);
      }
      return Infinity;
    }),
  );
  const slowest = Math.max(...refusedAfter);
  checks.record(
    'a logout on one instance is refused on all',
    out.status === 204 && slowest <= 1000,
    `logout ${out.status}; 401 on every instance within ${slowest} ms (limit 1000 ms)`,
  );
}

/** With API_RATE_LIMIT=`limit`, calls of one token spread over the instances are counted once. */
export async function rateLimitOnce(checks: Checks, bases: string[], user: Person, limit: number) {
  const spread = new Spread(bases);
  const sent = Math.round(limit * 1.5);
  const statuses: number[] = [];
  // In batches, each call to the next instance: the whole burst well inside one minute's window.
  for (let i = 0; i < sent; i += 10) {
    const batch = Array.from({ length: Math.min(10, sent - i) }, () =>
      call(spread.base(), 'GET', '/api/user', { token: user.token }).then((res) => res.status),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  const ok = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;
  checks.record(
    'the API rate limit is counted once across instances',
    ok === limit && limited === sent - limit,
    `${sent} calls of one token over ${bases.length} instances with API_RATE_LIMIT=${limit}: ` +
      `${ok} answered, ${limited} refused with 429`,
  );
}

/** A quiz whose every call goes to the next instance: credited once, totals equal the ledger. */
export async function quizAcross(checks: Checks, db: Db, bases: string[], user: Person) {
  const spread = new Spread(bases);
  const generated = await call<QuizAttempt>(
    spread.base(),
    'GET',
    '/api/quiz/generate?difficulty=easy',
    { token: user.token },
  );
  if (generated.status !== 200) {
    checks.record(
      'a quiz played across instances credits once',
      false,
      `generate ${generated.status}`,
    );
    return;
  }
  const quiz = generated.body;
  const statuses: number[] = [];
  for (const question of quiz.questions) {
    const res = await call(spread.base(), 'POST', '/api/quiz/check-answer', {
      token: user.token,
      body: {
        attempt_id: quiz.attempt_id,
        question_id: question.question_id,
        mode: question.mode,
        answer: await answerTo(db, question, true),
      },
    });
    statuses.push(res.status);
  }
  const submitted = await call<QuizResult>(
    spread.base(),
    'POST',
    `/api/quiz/submit/${quiz.attempt_id}`,
    { token: user.token, body: { answers: [] } },
  );
  const rows = await ledgerOf(db, `quiz_attempt:${quiz.attempt_id}`);
  const [total, sum] = await totalMatchesLedger(db, user.id);
  const shown = await totalsShown(bases, user);
  checks.record(
    'a quiz played with each call on a different instance credits once',
    statuses.every((s) => s === 200) &&
      submitted.status === 200 &&
      submitted.body.score > 0 &&
      rows.length === 1 &&
      rows[0]!.amount === submitted.body.score &&
      total === sum &&
      shown.every((points) => points === sum),
    `${quiz.questions.length} answers and the submit over ${bases.length} instances: score ` +
      `${submitted.body?.score}, ledger ${JSON.stringify(rows.map((r) => r.amount))}, points ` +
      `${total} = ledger ${sum}, shown by the instances as ${shown.join(', ')}`,
  );
}

/** One quiz submitted at once on every instance, twice each: one credit, one result. */
export async function concurrentSubmits(checks: Checks, db: Db, bases: string[], user: Person) {
  const spread = new Spread(bases, 1);
  const generated = await call<QuizAttempt>(
    spread.base(),
    'GET',
    '/api/quiz/generate?difficulty=medium',
    { token: user.token },
  );
  if (generated.status !== 200) {
    checks.record('concurrent submits credit once', false, `generate ${generated.status}`);
    return;
  }
  const quiz = generated.body;
  // The answers go with the submits: each submit carries them all.
  const answers = await Promise.all(
    quiz.questions.map(async (q) => ({
      question_id: q.question_id,
      mode: q.mode,
      answer: await answerTo(db, q, true),
    })),
  );
  const results = await Promise.all(
    [...bases, ...bases].map((base) =>
      call<QuizResult>(base, 'POST', `/api/quiz/submit/${quiz.attempt_id}`, {
        token: user.token,
        body: { answers },
      }),
    ),
  );
  const scores = new Set(results.filter((r) => r.status === 200).map((r) => r.body.score));
  const statuses = results.map((r) => r.status);
  const rows = await ledgerOf(db, `quiz_attempt:${quiz.attempt_id}`);
  const [total, sum] = await totalMatchesLedger(db, user.id);
  checks.record(
    'concurrent submits of one quiz over all instances credit once',
    statuses.every((s) => s === 200) &&
      scores.size === 1 &&
      rows.length === 1 &&
      rows[0]!.amount === [...scores][0] &&
      total === sum,
    `${results.length} submits at once: ${statuses.join(', ')}; scores ${[...scores].join(', ')}; ` +
      `ledger ${JSON.stringify(rows.map((r) => r.amount))}; points ${total} = ledger ${sum}`,
  );
}

/** The daily question: status, question and answer each on another instance, then a replay. */
export async function dailyAcross(checks: Checks, db: Db, bases: string[], user: Person) {
  const spread = new Spread(bases);
  const status = await call(spread.base(), 'GET', '/api/quiz/daily-status', { token: user.token });
  const question = await call<DailyQuestion>(spread.base(), 'GET', '/api/quiz/daily-question', {
    token: user.token,
  });
  if (question.status !== 200) {
    checks.record('a daily answer across instances', false, `daily-question ${question.status}`);
    return;
  }
  const body = {
    question_id: question.body.question_id,
    user_answer: await answerTo(db, question.body, true),
  };
  const answered = await call<DailyAnswerResponse>(
    spread.base(),
    'POST',
    '/api/quiz/daily-answer',
    { token: user.token, body },
  );
  const again = await call(spread.base(), 'POST', '/api/quiz/daily-answer', {
    token: user.token,
    body,
  });
  const rows = await ledgerOf(db, `daily:${question.body.day}`);
  const mine = rows.filter((r) => r.user_id === user.id);
  const [total, sum] = await totalMatchesLedger(db, user.id);
  checks.record(
    'a daily answer played across instances credits once',
    status.status === 200 &&
      answered.status === 200 &&
      answered.body.is_correct &&
      again.status === 409 &&
      mine.length === 1 &&
      mine[0]!.amount === answered.body.points_awarded &&
      total === sum,
    `status ${status.status}, question ${question.status}, answer ${answered.status} ` +
      `(${answered.body?.points_awarded} points), the same answer again on another instance ` +
      `${again.status}; ledger ${JSON.stringify(mine.map((r) => r.amount))}; points ${total} = ` +
      `ledger ${sum}`,
  );
}

/**
 * A duel from challenge to result, every call on the next instance: `a` answers right, `b`
 * wrong, so `a` wins; each reward is credited once.
 */
export async function duelAcross(checks: Checks, db: Db, bases: string[], a: Person, b: Person) {
  const spread = new Spread(bases);
  const problems: string[] = [];
  const themes = await call<{ data: { id: number; key: string }[] }>(
    spread.base(),
    'GET',
    '/api/duel-quizzes',
    { token: a.token },
  );
  const themeId = themes.body.data.find((theme) => theme.key === 'mixed')!.id;
  const created = await call<Duel>(spread.base(), 'POST', '/api/duels', {
    token: a.token,
    body: { quiz_id: themeId, opponent_id: b.id },
  });
  if (created.status !== 201) {
    checks.record('a duel played across instances', false, `create ${created.status}`);
    return;
  }
  let duel = created.body;
  const accepted = await call<Duel>(spread.base(), 'POST', `/api/duels/${duel.id}/start`, {
    token: b.token,
  });
  if (accepted.status !== 200) problems.push(`accept ${accepted.status}`);
  else duel = accepted.body;
  let completed = false;
  for (const round of duel.rounds.map((r) => r.round_number)) {
    for (const [player, right] of [
      [a, true],
      [b, false],
    ] as const) {
      const path = `/api/duels/${duel.id}/rounds/${round}`;
      const loaded = await call<RoundQuiz>(spread.base(), 'GET', `${path}/quiz`, {
        token: player.token,
      });
      if (loaded.status !== 200) {
        problems.push(`round ${round} load ${loaded.status}`);
        continue;
      }
      for (const question of loaded.body.questions) {
        const checked = await call(spread.base(), 'POST', '/api/quiz/check-answer', {
          token: player.token,
          body: {
            attempt_id: loaded.body.attempt_id,
            question_id: question.question_id,
            mode: question.mode,
            answer: await answerTo(db, question, right),
          },
        });
        if (checked.status !== 200) problems.push(`round ${round} answer ${checked.status}`);
      }
      const submitted = await call<SubmitRoundResponse>(spread.base(), 'POST', `${path}/submit`, {
        token: player.token,
        body: { attempt_id: loaded.body.attempt_id, time_seconds: 20 },
      });
      if (submitted.status !== 200) problems.push(`round ${round} submit ${submitted.status}`);
      else if (submitted.body.is_duel_completed) completed = true;
    }
  }
  const view = await call<Duel>(spread.base(), 'GET', `/api/duels/${duel.id}`, { token: b.token });
  const rows = await ledgerOf(db, `duel:${duel.id}`);
  const win = rows.filter((r) => r.reason === 'duel_win');
  const loss = rows.filter((r) => r.reason === 'duel_loss');
  const totals = await Promise.all([totalMatchesLedger(db, a.id), totalMatchesLedger(db, b.id)]);
  checks.record(
    'a duel played across instances, round by round, rewards once',
    problems.length === 0 &&
      completed &&
      view.body.winner_id === a.id &&
      win.length === 1 &&
      win[0]!.user_id === a.id &&
      loss.length === 1 &&
      loss[0]!.user_id === b.id &&
      totals.every(([total, sum]) => total === sum),
    `${duel.rounds.length} rounds over ${bases.length} instances` +
      (problems.length ? ` (${problems.join('; ')})` : '') +
      `; winner ${view.body.winner_id === a.id ? 'the challenger' : view.body.winner_id}; ledger ` +
      `${rows.map((r) => `${r.reason} ${r.amount}`).join(', ')}; points = ledger for both: ` +
      `${totals.every(([total, sum]) => total === sum)}`,
  );
}
