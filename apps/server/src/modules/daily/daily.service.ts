import type { z } from 'zod';
import { isOpenAnswerCorrect } from '@app/contract/answer';
import { POINTS_BY_MODE } from '@app/contract/constants';
import {
  DAILY_ERRORS,
  currentStreak,
  streakAfter,
  type DailyAnswerResponse,
  type DailyHistory,
  type DailyQuestion,
  type DailyStatus,
  type dailyAnswerRequest,
  type dailyHistoryQuery,
} from '@app/contract/daily';
import { addDays, localDay } from '@app/contract/dates';
import { nowIso, type Db, type Executor } from '../../db/database';
import type { HeldReads } from '../../db/held-reads';
import { transact } from '../../db/transaction';
import { HttpError, conflict, invalid } from '../../lib/http-error';
import { awardBadge } from '../badge/badge.service';
import { mayReveal } from '../hold/hold.service';
import { credit } from '../points/points.service';
import { userDay, type DayOwner } from '../user/user.service';
import * as quizRepo from '../quiz/quiz.repository';
import {
  answerInWords,
  choicesOf,
  correctAnswersInWords,
  parseAccepted,
} from '../quiz/quiz-shared';
import * as repo from './daily.repository';

/**
 * The daily question (PRODUCT.md §7). A day is the calendar date in the time zone of the user's
 * store. Picks are made ahead and stored, so a date's question never changes and the morning's
 * reads (`daily-status`, `daily-question`) write nothing; an answer is one short transaction.
 */

type AnswerInput = z.output<typeof dailyAnswerRequest>;
type HistoryInput = z.output<typeof dailyHistoryQuery>;

export type DailyOptions = { timeZone: string };

const HOLDER = 'daily';
/** Days picked ahead of the brand's today: the sweep keeps the week ahead ready. */
const PICK_AHEAD_DAYS = 8;
const ANSWERS_BADGE = 50;
const STREAK_BADGES = [
  { streak: 7, code: 'streak_7' },
  { streak: 30, code: 'streak_30' },
] as const;

export const DAILY_MESSAGES = { noQuestion: 'There is no daily question today.' } as const;

/** A stable index for a day: every instance picks the same question from the same pool. */
function dayHash(day: string): number {
  let hash = 2166136261;
  for (const char of day) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}

/**
 * Makes the picks of every day from `from` to `through` that have none: for each, a question of
 * the current cycle not used yet, or, once all were, of a new cycle. Returns how many it made.
 */
export async function ensureDailyPicks(db: Db, from: string, through: string): Promise<number> {
  let made = 0;
  let cycle = (await repo.lastPick(db))?.cycle ?? 1;
  for (let day = from; day <= through; day = addDays(day, 1)) {
    if (await repo.findPick(db, day)) continue;
    let pool = await repo.unusedInCycle(db, cycle);
    if (pool.length === 0) {
      cycle += 1;
      pool = await repo.unusedInCycle(db, cycle);
    }
    if (pool.length === 0) return made;
    await repo.insertPick(db, {
      day,
      question_id: pool[dayHash(day) % pool.length]!,
      cycle,
      created_at: nowIso(),
    });
    made += 1;
  }
  return made;
}

/** The picks around the brand's today (users elsewhere may be a day behind or ahead), and the week ahead. */
export function pickAhead(db: Db, options: DailyOptions, now = new Date()): Promise<number> {
  const today = localDay(now, options.timeZone);
  return ensureDailyPicks(db, addDays(today, -1), addDays(today, PICK_AHEAD_DAYS));
}

/** The pick of the day, made now only if the sweep has not made it yet. */
async function pickOf(db: Db, day: string) {
  const pick = await repo.findPick(db, day);
  if (pick) return pick;
  await ensureDailyPicks(db, day, day);
  return repo.findPick(db, day);
}

async function questionOf(db: Executor, questionId: number) {
  const [question] = await quizRepo.questionsWithAnswers(db, [questionId]);
  if (!question) throw new HttpError(404, DAILY_MESSAGES.noQuestion);
  const choices = question.mode === 'open' ? [] : await choicesOf(db, [questionId]);
  return { ...question, choices };
}
type Question = Awaited<ReturnType<typeof questionOf>>;

/** What an answered daily may reveal: nothing of a question the user has open elsewhere. */
async function revealed(db: Executor, userId: number, question: Question) {
  const may = await mayReveal(db, userId, question.id, HOLDER, nowIso());
  return {
    correct_answers: may ? correctAnswersInWords(question, question.choices) : [],
    correct_choice_id: may && question.mode !== 'open' ? question.correct_choice_id : null,
    explanation: may ? question.explanation : null,
  };
}

export async function getDailyQuestion(
  db: Db,
  owner: DayOwner,
  options: DailyOptions,
): Promise<DailyQuestion> {
  const day = await userDay(db, owner, new Date(), options.timeZone);
  const pick = await pickOf(db, day);
  if (!pick) throw new HttpError(404, DAILY_MESSAGES.noQuestion);
  const question = await questionOf(db, pick.question_id);
  return {
    question_id: question.id,
    text: question.text,
    mode: question.mode,
    choices: question.choices.map((c) => ({ id: c.choice_id, text: c.text })),
    category: question.category_name,
    category_key: question.category_key,
    points: POINTS_BY_MODE[question.mode],
    day,
  };
}

/**
 * A user's answer of a day, or none, held until their answers change (decision 0048): the status
 * is asked on every visit to the daily pages, and it says "not yet" until the user answers.
 */
export type HeldAnswers = HeldReads<string, { userId: number; answer: DailyAnswerRow | null }>;
type DailyAnswerRow = NonNullable<Awaited<ReturnType<typeof repo.answerOf>>>;

export async function getDailyStatus(
  db: Db,
  owner: DayOwner,
  options: DailyOptions,
  held: HeldAnswers,
): Promise<DailyStatus> {
  const { userId } = owner;
  const day = await userDay(db, owner, new Date(), options.timeZone);
  const read = await held.read(`${userId} ${day}`, async () => ({
    userId,
    answer: (await repo.answerOf(db, userId, day)) ?? null,
  }));
  const answer = read?.answer;
  if (!answer) {
    return {
      has_answered: false,
      is_correct: null,
      correct_answers: [],
      user_answer: null,
      explanation: null,
      points_awarded: 0,
      day,
    };
  }
  const question = await questionOf(db, answer.question_id);
  const shown = await revealed(db, userId, question);
  return {
    has_answered: true,
    is_correct: answer.is_correct === 1,
    correct_answers: shown.correct_answers,
    user_answer: answerInWords(question, question.choices, answer.answer),
    explanation: shown.explanation,
    points_awarded: answer.points,
    day,
  };
}

/** The answer as it will be stored ('' for blank), or a 422 if it cannot be an answer to this question. */
function storedAnswer(question: Question, given: AnswerInput['user_answer']): string {
  if (given === undefined || given === null) return '';
  if (typeof given === 'string' && given.trim() === '') return '';
  if (question.mode === 'open') {
    if (typeof given !== 'string') {
      throw invalid('user_answer', 'The answer to an open question must be a text.');
    }
    return given.trim();
  }
  if (typeof given !== 'number' || !question.choices.some((c) => c.choice_id === given)) {
    throw invalid('user_answer', 'The answer must be the id of one of the choices.');
  }
  return String(given);
}

function isRight(question: Question, stored: string): boolean {
  if (stored === '') return false;
  if (question.mode === 'open')
    return isOpenAnswerCorrect(stored, parseAccepted(question.accepted_answers));
  return stored === String(question.correct_choice_id);
}

/**
 * Records the user's one answer of the day and credits a right one, in one transaction. The
 * question must be the user's question of today; a second answer gets 409.
 */
export async function answerDaily(
  db: Db,
  owner: DayOwner,
  input: AnswerInput,
  options: DailyOptions,
): Promise<DailyAnswerResponse> {
  const { userId } = owner;
  const day = await userDay(db, owner, new Date(), options.timeZone);
  const pick = await repo.findPick(db, day);
  if (!pick || pick.question_id !== input.question_id) {
    throw invalid('question_id', DAILY_ERRORS.notToday);
  }
  const question = await questionOf(db, pick.question_id);
  const stored = storedAnswer(question, input.user_answer);
  const correct = isRight(question, stored);
  const points = correct ? POINTS_BY_MODE[question.mode] : 0;

  await transact(db, async (trx) => {
    const at = nowIso();
    const yesterday = await repo.answerOf(trx, userId, addDays(day, -1));
    const streak = streakAfter(
      yesterday && { is_correct: yesterday.is_correct === 1, streak: yesterday.streak },
      correct,
    );
    const recorded = await repo.insertAnswer(trx, {
      user_id: userId,
      day,
      question_id: question.id,
      answer: stored,
      is_correct: correct ? 1 : 0,
      points,
      streak,
      created_at: at,
    });
    if (!recorded) {
      throw conflict(DAILY_ERRORS.alreadyAnswered, { error: DAILY_ERRORS.alreadyAnswered });
    }
    if (correct) {
      await credit(trx, {
        userId,
        amount: points,
        reason: 'daily',
        reference: `daily:${day}`,
        at,
      });
    }
    for (const badge of STREAK_BADGES) {
      if (streak >= badge.streak) await awardBadge(trx, userId, badge.code, at);
    }
    if ((await repo.countAnswers(trx, userId, ANSWERS_BADGE)) >= ANSWERS_BADGE) {
      await awardBadge(trx, userId, 'daily_answers_50', at);
    }
  });

  return { is_correct: correct, points_awarded: points, ...(await revealed(db, userId, question)) };
}

/** The month's answers of the user: day of the month to its outcome. */
export async function getDailyHistory(
  db: Db,
  userId: number,
  input: HistoryInput,
): Promise<DailyHistory> {
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  const next =
    input.month === 12
      ? `${input.year + 1}-01`
      : `${input.year}-${String(input.month + 1).padStart(2, '0')}`;
  const rows = await repo.answersBetween(db, userId, `${month}-01`, `${next}-01`);
  return Object.fromEntries(
    rows.map((r) => [
      String(Number(r.day.slice(8, 10))),
      r.is_correct === 1 ? 'correct' : 'incorrect',
    ]),
  );
}

/** The user's current streak, read from today's and yesterday's answers. */
export async function streakOf(
  db: Executor,
  userId: number,
  options: DailyOptions,
): Promise<number> {
  const today = await userDay(db, userId, new Date(), options.timeZone);
  const yesterday = addDays(today, -1);
  const rows = await repo.answersOf(db, userId, [today, yesterday]);
  const outcome = (day: string) => {
    const row = rows.find((r) => r.day === day);
    return row && { is_correct: row.is_correct === 1, streak: row.streak };
  };
  return currentStreak(outcome(today), outcome(yesterday));
}
