import path from 'node:path';
import {
  POINTS_BY_MODE,
  QUIZ_TITLES,
  type Difficulty,
  type QuestionMode,
} from '@app/contract/constants';
import { streakAfter } from '@app/contract/daily';
import { addDays, localDay } from '@app/contract/dates';
import { ROOT_DIR, type Config } from '../../config';
import type { Insertable } from 'kysely';
import type { Db, Executor } from '../database';
import type { QuizAttemptsTable } from '../schema';
import { insertAttempt } from '../../modules/quiz/quiz.repository';
import { openRound } from '../../modules/duel/duel-round.service';
import { findDuel, roundsOf } from '../../modules/duel/duel.repository';
import { importContent, loadContent } from '../../modules/content/content.service';
import { hashPassword } from '../../modules/auth/password';
import { credit } from '../../modules/points/points.service';
import { awardBadge } from '../../modules/badge/badge.service';
import { findOrCreateStore, insertUser } from '../../modules/user/user-provisioning.repository';
import { seededRandom } from './random';
import { DEMO_PASSWORD, DEMO_STORES, DEMO_STAFF, type DemoPerson } from './demo-people';

/**
 * Loads the content and a believable boutique network into an empty database, so that every
 * screen has something to show: stores in several countries, staff with points spread over the
 * seasons, badges, training progress, a daily history and duels in every state. Deterministic:
 * the same data every time, dated relative to today.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  config: Config,
  now = new Date(),
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await importContent(db, loadContent(path.join(ROOT_DIR, 'content')), {
    brandName: config.brandName,
    timeZone: config.timeZone,
    now,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const storeIds = new Map<string, number>();
    for (const store of DEMO_STORES) {
      const { id } = await findOrCreateStore(trx, { ...store, created_at: at });
      storeIds.set(store.name, id);
    }
    const people = new Map<string, number>();
    for (const person of DEMO_STAFF) {
      const id = await insertUser(trx, {
        email: person.email,
        first_name: person.first_name,
        last_name: person.last_name,
        role: person.role ?? 'staff',
        store_id: storeIds.get(person.store)!,
        password_hash: passwordHash,
        at: addDaysIso(now, -300),
      });
      people.set(person.email, id);
    }
    const today = localDay(now, config.timeZone);
    const random = seededRandom(1874);
    const questions = await loadQuestions(trx);

    for (const person of DEMO_STAFF) {
      await seedQuizHistory(trx, people.get(person.email)!, person, now, random);
    }
    await seedTrainings(trx, people, now);
    await seedDailyHistory(trx, people.get('demo@example.com')!, questions, today, now);
    await seedDuels(trx, people, questions, now, config.timeZone);
  });
  return true;
}

type QuestionRef = { id: number; mode: QuestionMode; category_id: number; correct: string };

async function loadQuestions(db: Executor): Promise<QuestionRef[]> {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'mode', 'category_id', 'correct_choice_id', 'accepted_answers'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((q) => ({
    id: q.id,
    mode: q.mode,
    category_id: q.category_id,
    correct:
      q.mode === 'open'
        ? (JSON.parse(q.accepted_answers ?? '[""]') as string[])[0]!
        : String(q.correct_choice_id),
  }));
}

/** Closed quizzes spread over the past nine months that add up to the person's total. */
async function seedQuizHistory(
  trx: Executor,
  userId: number,
  person: DemoPerson,
  now: Date,
  random: () => number,
) {
  let remaining = person.points;
  let daysAgo = 270;
  let n = 0;
  while (remaining > 0 && daysAgo > 1) {
    const difficulty: Difficulty = (['easy', 'medium', 'hard'] as const)[Math.floor(random() * 3)]!;
    const maxPoints =
      10 *
      POINTS_BY_MODE[difficulty === 'easy' ? 'qcm_2' : difficulty === 'medium' ? 'qcm_4' : 'open'];
    const score = Math.min(remaining, Math.round(((0.5 + random() * 0.6) * maxPoints) / 50) * 50);
    const at = addDaysIso(now, -daysAgo);
    const attemptId = await insertClosedAttempt(trx, {
      user_id: userId,
      kind: 'quiz',
      difficulty,
      title: QUIZ_TITLES[difficulty],
      started_at: at,
      closed_at: at,
      score,
      max_points: maxPoints,
      speed_bonus: Math.max(0, score - maxPoints),
      correct_count: Math.min(10, Math.round((score / maxPoints) * 10)),
      duration: 90 + Math.floor(random() * 200),
      ranked_date: at.slice(0, 10),
    });
    await credit(trx, {
      userId,
      amount: score,
      reason: 'quiz',
      reference: `quiz_attempt:${attemptId}`,
      at,
    });
    if (n === 0) await awardBadge(trx, userId, 'first_quiz', at);
    if (score >= maxPoints)
      await awardBadge(
        trx,
        userId,
        difficulty === 'hard' ? 'perfect_hard_quiz' : 'perfect_quiz',
        at,
      );
    remaining -= score;
    n += 1;
    daysAgo -= 1 + Math.floor(random() * Math.max(2, 270 / Math.max(1, person.points / 4000)));
  }
}

async function seedTrainings(trx: Executor, people: Map<string, number>, now: Date) {
  const modules = await trx
    .selectFrom('training_modules')
    .select('id')
    .orderBy('position')
    .execute();
  const completedBy: Record<string, number> = {
    'demo@example.com': 2,
    'rival@example.com': 5,
    'admin@example.com': 5,
  };
  let i = 0;
  for (const [email, userId] of people) {
    const count = completedBy[email] ?? i++ % 6;
    for (const module of modules.slice(0, count)) {
      await trx
        .insertInto('training_completions')
        .values({
          user_id: userId,
          module_id: module.id,
          completed_at: addDaysIso(now, -(30 + i)),
        })
        .execute();
    }
    if (count >= modules.length && modules.length > 0)
      await awardBadge(trx, userId, 'all_trainings');
  }
}

/** The demo user's daily answers this month and last: a streak of six that a seventh would make a badge. */
async function seedDailyHistory(
  trx: Executor,
  userId: number,
  questions: QuestionRef[],
  today: string,
  now: Date,
) {
  const pattern = [1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1];
  const skipped = new Set([7, 15]);
  const days = pattern.length + skipped.size;
  let p = 0;
  let previous: { is_correct: boolean; streak: number } | undefined;
  for (let back = days; back >= 1; back--) {
    const day = addDays(today, -back);
    const question = questions[(days - back) % questions.length]!;
    await trx
      .insertInto('daily_questions')
      .values({ day, question_id: question.id, created_at: now.toISOString() })
      .execute();
    if (skipped.has(back)) {
      previous = undefined;
      continue;
    }
    const correct = pattern[p++] === 1;
    const streak = streakAfter(previous, correct);
    previous = { is_correct: correct, streak };
    const points = correct ? POINTS_BY_MODE[question.mode] : 0;
    const at = `${day}T08:30:00.000Z`;
    await trx
      .insertInto('daily_answers')
      .values({
        user_id: userId,
        day,
        question_id: question.id,
        answer: correct ? question.correct : '',
        is_correct: correct ? 1 : 0,
        points,
        streak,
        created_at: at,
      })
      .execute();
    if (correct)
      await credit(trx, { userId, amount: points, reason: 'daily', reference: `daily:${day}`, at });
  }
}

type RoundPlay = { correct: number; seconds: number } | null;
type DuelSpec = {
  user1: string;
  user2: string;
  theme: string;
  status: 'pending' | 'in_progress' | 'completed' | 'timeout';
  daysAgo: number;
  rounds: [RoundPlay, RoundPlay][];
};

/** The demo user's duels, one in each state a duel can be in. */
const DUELS: DuelSpec[] = [
  {
    user1: 'rival@example.com',
    user2: 'demo@example.com',
    theme: 'history',
    status: 'pending',
    daysAgo: 0,
    rounds: [],
  },
  {
    user1: 'demo@example.com',
    user2: 'sofia.rossi@example.com',
    theme: 'mixed',
    status: 'pending',
    daysAgo: 0,
    rounds: [],
  },
  {
    user1: 'demo@example.com',
    user2: 'rival@example.com',
    theme: 'main-collections',
    status: 'in_progress',
    // Recent enough that the round still waits: its 24 hours run from the first submit.
    daysAgo: 0.6,
    rounds: [
      [
        { correct: 4, seconds: 74 },
        { correct: 3, seconds: 81 },
      ],
      [null, { correct: 4, seconds: 66 }],
    ],
  },
  {
    user1: 'kenji.sato@example.com',
    user2: 'demo@example.com',
    theme: 'inspiration',
    status: 'in_progress',
    // Recent enough that the round still waits: its 24 hours run from the first submit.
    daysAgo: 0.6,
    rounds: [[{ correct: 3, seconds: 92 }, null]],
  },
  {
    user1: 'demo@example.com',
    user2: 'thomas.keller@example.com',
    theme: 'collection',
    status: 'completed',
    daysAgo: 6,
    rounds: [
      [
        { correct: 5, seconds: 61 },
        { correct: 3, seconds: 70 },
      ],
      [
        { correct: 3, seconds: 80 },
        { correct: 4, seconds: 77 },
      ],
      [
        { correct: 4, seconds: 69 },
        { correct: 3, seconds: 58 },
      ],
    ],
  },
  {
    user1: 'amelie.roux@example.com',
    user2: 'demo@example.com',
    theme: 'storytelling',
    status: 'completed',
    daysAgo: 12,
    rounds: [
      [
        { correct: 5, seconds: 55 },
        { correct: 4, seconds: 71 },
      ],
      [
        { correct: 4, seconds: 62 },
        { correct: 4, seconds: 64 },
      ],
      [
        { correct: 5, seconds: 58 },
        { correct: 3, seconds: 75 },
      ],
    ],
  },
  {
    user1: 'demo@example.com',
    user2: 'james.whitmore@example.com',
    theme: 'mixed',
    status: 'completed',
    daysAgo: 20,
    rounds: [
      [
        { correct: 3, seconds: 70 },
        { correct: 3, seconds: 70 },
      ],
      [
        { correct: 4, seconds: 65 },
        { correct: 4, seconds: 65 },
      ],
      [
        { correct: 2, seconds: 80 },
        { correct: 2, seconds: 80 },
      ],
    ],
  },
  {
    user1: 'demo@example.com',
    user2: 'mei.tan@example.com',
    theme: 'history',
    status: 'timeout',
    daysAgo: 9,
    rounds: [[{ correct: 4, seconds: 68 }, null]],
  },
];

async function seedDuels(
  trx: Executor,
  people: Map<string, number>,
  questions: QuestionRef[],
  now: Date,
  timeZone: string,
) {
  const themes = await trx
    .selectFrom('duel_quizzes')
    .select(['id', 'key', 'category_id'])
    .execute();
  let offset = 0;
  for (const spec of DUELS) {
    const theme = themes.find((t) => t.key === spec.theme)!;
    const user1 = people.get(spec.user1)!;
    const user2 = people.get(spec.user2)!;
    const created = addDaysIso(now, -spec.daysAgo - 0.2);
    const pool = questions.filter(
      (q) => theme.category_id === null || q.category_id === theme.category_id,
    );
    const drawn = Array.from({ length: 15 }, (_, i) => pool[(offset + i * 7) % pool.length]!);
    offset += 5;

    const scores = new Map<number, number>([
      [user1, 0],
      [user2, 0],
    ]);
    const times = new Map<number, number>([
      [user1, 0],
      [user2, 0],
    ]);
    const duel = await trx
      .insertInto('duels')
      .values({
        user1_id: user1,
        user2_id: user2,
        duel_quiz_id: theme.id,
        status: spec.status,
        winner_id: null,
        rematch_of_id: null,
        pending_pair:
          spec.status === 'pending' ? `${Math.min(user1, user2)}:${Math.max(user1, user2)}` : null,
        created_at: created,
        accepted_at: spec.status === 'pending' ? null : created,
        completed_at: null,
        last_activity_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    let lastActivity = created;
    for (let n = 1; n <= 3; n++) {
      const plays = spec.rounds[n - 1];
      const bothPlayed = plays !== undefined && plays[0] !== null && plays[1] !== null;
      const anyPlayed = plays !== undefined && (plays[0] !== null || plays[1] !== null);
      const roundStart = addDaysIso(new Date(created), (n - 1) * 0.3 + 0.05);
      const firstSubmit = addDaysIso(new Date(roundStart), 0.02);
      const round = await trx
        .insertInto('duel_rounds')
        .values({
          duel_id: duel.id,
          round_number: n,
          status: bothPlayed ? 'completed' : anyPlayed ? 'in_progress' : 'pending',
          started_at: anyPlayed ? roundStart : null,
          first_submitted_at: anyPlayed ? firstSubmit : null,
          deadline_at: anyPlayed ? addDaysIso(new Date(firstSubmit), 1) : null,
          completed_at: bothPlayed ? addDaysIso(new Date(firstSubmit), 0.1) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roundQuestions = drawn.slice((n - 1) * 5, n * 5);
      await trx
        .insertInto('duel_round_questions')
        .values(
          roundQuestions.map((q, i) => ({
            round_id: round.id,
            question_id: q.id,
            position: i + 1,
          })),
        )
        .execute();
      for (const [index, play] of (plays ?? []).entries()) {
        if (!play) continue;
        const userId = index === 0 ? user1 : user2;
        const score = await seedRoundAttempt(
          trx,
          round.id,
          userId,
          roundQuestions,
          play,
          roundStart,
        );
        scores.set(userId, scores.get(userId)! + score);
        times.set(userId, times.get(userId)! + play.seconds);
        lastActivity = firstSubmit;
      }
    }

    if (spec.status === 'completed' || spec.status === 'timeout') {
      const [s1, s2] = [scores.get(user1)!, scores.get(user2)!];
      const [t1, t2] = [times.get(user1)!, times.get(user2)!];
      let winner: number | null = null;
      if (spec.status === 'timeout') winner = spec.rounds[0]![0] ? user1 : user2;
      else if (s1 !== s2) winner = s1 > s2 ? user1 : user2;
      else if (t1 !== t2) winner = t1 < t2 ? user1 : user2;
      const completedAt =
        spec.status === 'timeout' ? addDaysIso(new Date(lastActivity), 1) : lastActivity;
      await trx
        .updateTable('duels')
        .set({ winner_id: winner, completed_at: completedAt, last_activity_at: completedAt })
        .where('id', '=', duel.id)
        .execute();
      if (winner !== null) {
        const loser = winner === user1 ? user2 : user1;
        await credit(trx, {
          userId: winner,
          amount: 1000,
          reason: 'duel_win',
          reference: `duel:${duel.id}`,
          at: completedAt,
        });
        await credit(trx, {
          userId: loser,
          amount: -250,
          reason: 'duel_loss',
          reference: `duel:${duel.id}`,
          at: completedAt,
        });
        await awardBadge(trx, winner, 'first_duel_won', completedAt);
      }
    } else {
      await trx
        .updateTable('duels')
        .set({ last_activity_at: lastActivity })
        .where('id', '=', duel.id)
        .execute();
      if (spec.status === 'in_progress') {
        // The round in play holds its questions for both players, as when it opened.
        const row = (await findDuel(trx, duel.id))!;
        const round = (await roundsOf(trx, [duel.id])).find((r) => r.status !== 'completed');
        if (round) await openRound(trx, row, round.id, { timeZone });
      }
    }
  }
}

async function seedRoundAttempt(
  trx: Executor,
  roundId: number,
  userId: number,
  questions: QuestionRef[],
  play: { correct: number; seconds: number },
  startedAt: string,
): Promise<number> {
  const submittedAt = new Date(Date.parse(startedAt) + play.seconds * 1000).toISOString();
  const maxPoints = questions.reduce((sum, q) => sum + POINTS_BY_MODE[q.mode], 0);
  const score = questions
    .slice(0, play.correct)
    .reduce((sum, q) => sum + POINTS_BY_MODE[q.mode], 0);
  const attemptId = await insertClosedAttempt(trx, {
    user_id: userId,
    kind: 'duel',
    difficulty: null,
    title: 'Duel',
    started_at: startedAt,
    closed_at: submittedAt,
    score,
    max_points: maxPoints,
    speed_bonus: 0,
    correct_count: play.correct,
    duration: play.seconds,
    ranked_date: null,
  });
  await trx
    .insertInto('quiz_attempt_questions')
    .values(
      questions.map((q, i) => {
        const correct = i < play.correct;
        return {
          attempt_id: attemptId,
          question_id: q.id,
          position: i + 1,
          choice_order: null,
          answer: correct ? q.correct : q.mode === 'open' ? '' : q.correct === '1' ? '2' : '1',
          is_correct: correct ? (1 as const) : (0 as const),
          points_awarded: correct ? POINTS_BY_MODE[q.mode] : 0,
          answered_at: submittedAt,
          elapsed_ms: Math.round((play.seconds * 1000) / questions.length),
        };
      }),
    )
    .execute();
  await trx
    .insertInto('duel_round_attempts')
    .values({
      round_id: roundId,
      user_id: userId,
      quiz_attempt_id: attemptId,
      score,
      time_seconds: play.seconds,
      server_time_seconds: play.seconds,
      started_at: startedAt,
      completed_at: submittedAt,
    })
    .execute();
  return score;
}

/** A quiz or duel attempt played and closed in the past; a ranked quiz takes the day's first slot. */
async function insertClosedAttempt(
  trx: Executor,
  attempt: Pick<
    Insertable<QuizAttemptsTable>,
    | 'user_id'
    | 'kind'
    | 'difficulty'
    | 'title'
    | 'score'
    | 'max_points'
    | 'speed_bonus'
    | 'correct_count'
    | 'duration'
    | 'ranked_date'
  > & { started_at: string; closed_at: string },
): Promise<number> {
  const { started_at, ranked_date, ...rest } = attempt;
  const ranked = ranked_date !== null && ranked_date !== undefined;
  return insertAttempt(trx, {
    ...rest,
    category_id: null,
    status: 'closed',
    created_at: started_at,
    expires_at: attempt.closed_at,
    ranked: ranked ? 1 : null,
    ranked_date: ranked ? ranked_date : null,
    ranked_slot: ranked ? 1 : null,
  });
}

function addDaysIso(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString();
}
