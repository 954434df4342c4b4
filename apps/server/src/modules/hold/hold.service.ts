import { addDays, localDay } from '@app/contract/dates';
import type { Executor } from '../../db/database';
import * as repo from './hold.repository';

// A question is open for a user wherever they may still answer it: an open quiz, a training
// validation, a duel round. While it is open there, the question is held: it is drawn into
// nothing else of theirs (the draws' `freeFor`, hold.repository.ts), and no response reveals its
// answer anywhere else. One row per (user, question) makes this true by construction, under any
// concurrency.

/**
 * The days whose daily question a draw must avoid: it is open for everyone on their own calendar
 * day, from the brand's yesterday to its day after tomorrow (an attempt drawn now may still be
 * open tomorrow), whatever the user's time zone.
 */
export function dailyDaysInPlay(now: Date, brandTimeZone: string): string[] {
  const today = localDay(now, brandTimeZone);
  return [-1, 0, 1, 2].map((offset) => addDays(today, offset));
}

/** The holder name of a quiz, training or duel attempt. */
export function attemptHolder(attemptId: number): string {
  return `attempt:${attemptId}`;
}

/** Thrown when a question to hold is already open elsewhere for the user (a concurrent draw). */
export class QuestionAlreadyHeld extends Error {
  constructor(readonly questionIds: number[]) {
    super(`Questions already held: ${questionIds.join(', ')}`);
    this.name = 'QuestionAlreadyHeld';
  }
}

/**
 * Holds every question for the holder until `expiresAt`, in the caller's transaction; throws
 * QuestionAlreadyHeld (and the caller rolls back) if any is open elsewhere for the user.
 */
export async function holdQuestions(trx: Executor, hold: repo.Hold, now: string): Promise<void> {
  const missing = await holdFreeQuestions(trx, hold, now);
  if (missing.length > 0) throw new QuestionAlreadyHeld(missing);
}

/**
 * Holds for the holder whichever of the questions are free for the user, and returns those that
 * are open elsewhere (the caller replaces them).
 */
export async function holdFreeQuestions(
  trx: Executor,
  hold: repo.Hold,
  now: string,
): Promise<number[]> {
  const held = new Set(await repo.takeHolds(trx, hold, now));
  return hold.questionIds.filter((id) => !held.has(id));
}

/** Until released: for holders with no deadline of their own, such as a duel round. */
export const UNTIL_RELEASED = '9999-12-31T23:59:59.000Z';

export const countHolds = repo.countHolds;

/** Releases what the holder held: its questions are free to be drawn and revealed again. */
export function releaseHolds(trx: Executor, holder: string): Promise<void> {
  return repo.releaseHolds(trx, holder);
}

/**
 * Whether a response to `holder` may carry the answer of the question: only if no other holder
 * has it open for the user. Every path that reveals an answer asks this first.
 */
export async function mayReveal(
  db: Executor,
  userId: number,
  questionId: number,
  holder: string,
  now: string,
): Promise<boolean> {
  return revealsTo(await repo.liveHolder(db, userId, questionId, now), holder);
}

/** `mayReveal`'s rule, for a caller that read the question's live holder (none: null). */
export function revealsTo(liveHolder: string | null | undefined, holder: string): boolean {
  return liveHolder == null || liveHolder === holder;
}
