import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { isOpenAnswerCorrect } from '@app/contract/answer';
import {
  MODE_BY_DIFFICULTY,
  POINTS_BY_MODE,
  QUIZ_ATTEMPT_TTL_HOURS,
  QUIZ_QUESTION_COUNT,
  QUIZ_TITLES,
  RANKED_QUIZZES_PER_DAY,
  type Difficulty,
} from '@app/contract/constants';
import {
  MAX_ID,
  nextReview,
  speedBonus,
  type AttemptKind,
  type AttemptResponse,
  type CheckAnswerResponse,
  type CorrectAnswer,
  type QuizAttempt,
  type QuizQuestion,
  type QuizResult,
  type checkAnswerRequest,
  type generateQuizQuery,
  type submitQuizRequest,
} from '@app/contract/quiz';
import { nowIso, type Db, type Executor } from '../../db/database';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { awardBadge } from '../badge/badge.service';
import { credit } from '../points/points.service';
import { recordCompletion, validationTitle } from '../training/training.service';
import { userDay } from '../user/user.service';
import * as repo from './quiz.repository';

type GenerateInput = z.output<typeof generateQuizQuery>;
type CheckInput = z.output<typeof checkAnswerRequest>;
type SubmitInput = z.output<typeof submitQuizRequest>;
type Answer = number | string | null;

export type QuizOptions = {
  /** The brand's time zone: the calendar of users without a store. */
  timeZone: string;
  /** Ranked quizzes a user may submit per calendar day. */
  rankedPerDay?: number;
};

/** The quiz rules that come from the configuration. */
export function quizOptions(config: {
  timeZone: string;
  rankedQuizzesPerDay: number;
}): QuizOptions {
  return { timeZone: config.timeZone, rankedPerDay: config.rankedQuizzesPerDay };
}

const HOUR_MS = 60 * 60 * 1000;
const EXPIRY_BATCH = 100;

export const QUIZ_ERRORS = {
  unknownCategory: 'The selected category is invalid.',
  noQuestions: 'No questions are available for this quiz.',
  notInOpenAttempt: 'This question is not part of an open quiz attempt.',
  notInAttempt: 'This question is not part of this attempt.',
  attemptClosed: 'This quiz attempt is closed.',
  modeMismatch: 'The mode does not match the question.',
  notAChoice: 'The answer must be the id of one of the choices.',
  answeredTwice: 'A question may be answered only once.',
} as const;

// ---------------------------------------------------------------------------------------------
// Selection: spaced repetition

/**
 * Whether a candidate is a wrong answer due again (0), never answered (1), answered before (2),
 * or already in another open attempt of the user (3): answering it there would reveal the
 * answer here, so it is drawn only when nothing else is left.
 */
function learningGroup(c: repo.CandidateRow, now: string): number {
  if (c.in_open_attempt) return 3;
  if (c.last_answered_at === null) return 1;
  if (c.last_correct === 0 && c.due_at !== null && c.due_at <= now) return 0;
  return 2;
}

/**
 * Questions in the order learning favours: wrong answers due again (most overdue first), then
 * questions never answered (at random), then the least recently answered, and last those
 * already in play in another open attempt.
 */
export function orderForLearning<T extends repo.CandidateRow>(
  candidates: readonly T[],
  now: string,
): T[] {
  const keyed = candidates.map((c) => {
    const group = learningGroup(c, now);
    const time = group === 0 ? c.due_at! : group === 2 ? c.last_answered_at! : '';
    return { c, group, time, tie: randomInt(1 << 30) };
  });
  keyed.sort(
    (a, b) =>
      a.group - b.group || (a.time < b.time ? -1 : a.time > b.time ? 1 : 0) || a.tie - b.tie,
  );
  return keyed.map((k) => k.c);
}

function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

async function resolveCategory(db: Executor, ref: string) {
  const numeric = /^\d+$/.test(ref) ? Number(ref) : undefined;
  const category = await repo.findCategory(db, {
    key: ref,
    ...(numeric !== undefined && numeric <= MAX_ID ? { id: numeric } : {}),
  });
  if (!category) throw invalid('category_id', QUIZ_ERRORS.unknownCategory);
  return category;
}

function pointsIn(kind: AttemptKind | 'duel', mode: keyof typeof POINTS_BY_MODE): number {
  return kind === 'training' ? 0 : POINTS_BY_MODE[mode];
}

function parseIds(json: string | null): number[] | undefined {
  if (json === null) return undefined;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((v): v is number => typeof v === 'number')
    : undefined;
}

function parseAccepted(json: string | null): string[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

function choicesByQuestion(rows: repo.ChoiceRow[]): Map<number, repo.ChoiceRow[]> {
  const map = new Map<number, repo.ChoiceRow[]>();
  for (const row of rows) {
    const list = map.get(row.question_id) ?? [];
    list.push(row);
    map.set(row.question_id, list);
  }
  return map;
}

/** A question as the player sees it, built field by field so nothing else can slip out. */
function playQuestion(
  question: {
    id: number;
    text: string;
    mode: QuizQuestion['mode'];
    category_key: string;
    category_name: string;
  },
  choices: repo.ChoiceRow[],
  order: number[] | undefined,
  points: number,
): QuizQuestion {
  const byId = new Map(choices.map((c) => [c.choice_id, c]));
  const ordered = order
    ? order.map((choiceId) => byId.get(choiceId)).filter((c) => c !== undefined)
    : choices;
  return {
    question_id: question.id,
    text: question.text,
    mode: question.mode,
    choices:
      question.mode === 'open' ? [] : ordered.map((c) => ({ id: c.choice_id, text: c.text })),
    category: question.category_name,
    category_key: question.category_key,
    points,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/generate

/**
 * Creates an attempt: `question_count` questions of the difficulty's mode, the category's first,
 * in the order spaced repetition favours, each with its choices shuffled for this attempt. One
 * question of a category is a training validation, which never earns points.
 */
export async function generateQuiz(
  db: Db,
  userId: number,
  input: GenerateInput,
  options: QuizOptions,
): Promise<QuizAttempt> {
  await closeExpiredAttemptsOf(db, userId, options);
  const category = input.category_id ? await resolveCategory(db, input.category_id) : undefined;
  const kind: AttemptKind = category && input.question_count === 1 ? 'training' : 'quiz';
  const mode = MODE_BY_DIFFICULTY[input.difficulty];
  const now = nowIso();
  // A validation question replaces the previous one (another try after a wrong answer, or the
  // modal opened again): left open, they would hold their questions back from regular quizzes.
  if (kind === 'training') await closeOpenTrainingAttempts(db, userId, now, options);

  const candidates = orderForLearning(
    await repo.listCandidateQuestions(
      db,
      userId,
      mode,
      now,
      kind === 'training' ? category!.id : undefined,
    ),
    now,
  );
  const own = category ? candidates.filter((c) => c.category_id === category.id) : candidates;
  const others = category ? candidates.filter((c) => c.category_id !== category.id) : [];
  const picked = [...own, ...others].slice(0, input.question_count).map((c) => c.id);
  if (picked.length === 0) {
    throw new HttpError(422, QUIZ_ERRORS.noQuestions, { difficulty: [QUIZ_ERRORS.noQuestions] });
  }

  const [questions, choices] = await Promise.all([
    repo.questionsForPlay(db, picked),
    repo.choicesOf(db, picked),
  ]);
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const choicesOf = choicesByQuestion(choices);
  const points = pointsIn(kind, mode);
  const title =
    kind === 'training'
      ? ((await validationTitle(db, category!.id)) ?? category!.name)
      : QUIZ_TITLES[input.difficulty];
  const expiresAt = new Date(Date.parse(now) + QUIZ_ATTEMPT_TTL_HOURS * HOUR_MS).toISOString();

  const plan = picked.map((questionId) => {
    const question = questionById.get(questionId)!;
    const order =
      question.mode === 'open'
        ? undefined
        : shuffled((choicesOf.get(questionId) ?? []).map((c) => c.choice_id));
    return { question, order };
  });

  const attemptId = await db.transaction().execute(async (trx) => {
    const id = await repo.insertAttempt(trx, {
      user_id: userId,
      kind,
      difficulty: input.difficulty,
      category_id: category?.id ?? null,
      title,
      status: 'open',
      created_at: now,
      expires_at: expiresAt,
      closed_at: null,
      score: null,
      max_points: points * plan.length,
      speed_bonus: null,
      correct_count: null,
      duration: null,
      ranked: null,
      ranked_date: null,
      ranked_slot: null,
    });
    await repo.insertAttemptQuestions(
      trx,
      plan.map(({ question, order }, index) => ({
        attempt_id: id,
        question_id: question.id,
        position: index + 1,
        choice_order: order ? JSON.stringify(order) : null,
      })),
    );
    return id;
  });

  return {
    attempt_id: attemptId,
    kind,
    title,
    difficulty: input.difficulty,
    expires_at: expiresAt,
    questions: plan.map(({ question, order }) =>
      playQuestion(question, choicesOf.get(question.id) ?? [], order, points),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/attempt/:attemptId

/** The user's own quiz or training attempt; anything else is 404 (duel attempts are the duel module's). */
async function ownAttempt(
  db: Executor,
  userId: number,
  attemptId: number,
): Promise<repo.AttemptRow> {
  const attempt = await repo.findAttempt(db, attemptId);
  if (!attempt || attempt.user_id !== userId || attempt.kind === 'duel') throw notFound();
  return attempt;
}

function storedResult(attempt: repo.AttemptRow): QuizResult {
  return {
    score: attempt.score ?? 0,
    max_points: attempt.max_points,
    duration: attempt.duration ?? 0,
    speed_bonus: attempt.speed_bonus ?? 0,
    correct_count: attempt.correct_count ?? 0,
    ranked: attempt.ranked === 1,
  };
}

export async function getAttempt(
  db: Db,
  userId: number,
  attemptId: number,
  options: QuizOptions,
): Promise<AttemptResponse> {
  let attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.status === 'open' && attempt.expires_at <= nowIso()) {
    attempt = await expireAttempt(db, attempt, options);
  }
  if (attempt.status === 'closed') {
    return {
      attempt_id: attempt.id,
      completed: true,
      title: attempt.title,
      difficulty: attempt.difficulty as Difficulty,
      question_count: await repo.countAttemptQuestions(db, attempt.id),
      result: storedResult(attempt),
    };
  }

  const rows = await repo.attemptQuestions(db, attempt.id);
  const choicesOf = choicesByQuestion(
    await repo.choicesOf(
      db,
      rows.map((r) => r.question_id),
    ),
  );
  const kind = attempt.kind as AttemptKind;
  return {
    attempt_id: attempt.id,
    kind,
    title: attempt.title,
    difficulty: attempt.difficulty as Difficulty,
    expires_at: attempt.expires_at,
    completed: false,
    questions: rows.map((row) =>
      playQuestion(
        { ...row, id: row.question_id },
        choicesOf.get(row.question_id) ?? [],
        parseIds(row.choice_order),
        pointsIn(kind, row.mode),
      ),
    ),
    answered: rows
      .filter((row) => row.answered_at !== null)
      .map((row) => ({
        question_id: row.question_id,
        is_correct: row.is_correct === 1,
        points_awarded: row.points_awarded + row.speed_bonus,
        speed_bonus: row.speed_bonus,
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

function correctAnswerOf(row: repo.AttemptQuestionRow): CorrectAnswer {
  return row.mode === 'open'
    ? { accepted_answers: parseAccepted(row.accepted_answers) }
    : { choice_id: row.correct_choice_id ?? 0 };
}

/** The locked verdict; the correct answer and explanation only outside duels. */
function verdict(attempt: repo.AttemptRow, row: repo.AttemptQuestionRow): CheckAnswerResponse {
  const result: CheckAnswerResponse = {
    attempt_id: attempt.id,
    question_id: row.question_id,
    is_correct: row.is_correct === 1,
    points_awarded: row.points_awarded + row.speed_bonus,
    speed_bonus: row.speed_bonus,
  };
  if (attempt.kind === 'duel') return result;
  return { ...result, correct_answer: correctAnswerOf(row), explanation: row.explanation };
}

/** Why an answer cannot be taken for this question, as a 422 on one field; undefined if it can. */
function answerProblem(
  row: repo.AttemptQuestionRow,
  choiceIds: ReadonlySet<number>,
  mode: string,
  answer: Answer,
  field: (name: string) => string,
): HttpError | undefined {
  if (mode !== row.mode) return invalid(field('mode'), QUIZ_ERRORS.modeMismatch);
  if (
    row.mode !== 'open' &&
    answer !== null &&
    (typeof answer !== 'number' || !choiceIds.has(answer))
  ) {
    return invalid(field('answer'), QUIZ_ERRORS.notAChoice);
  }
  return undefined;
}

function isRight(row: repo.AttemptQuestionRow, answer: Answer): boolean {
  if (answer === null) return false;
  if (row.mode !== 'open') return answer === row.correct_choice_id;
  return (
    typeof answer === 'string' && isOpenAnswerCorrect(answer, parseAccepted(row.accepted_answers))
  );
}

/** The latest check of the attempt, or its creation: where the time of the next answer starts. */
function lastCheckAt(attempt: repo.AttemptRow, rows: repo.AttemptQuestionRow[]): string {
  return rows.reduce(
    (latest, r) => (r.answered_at !== null && r.answered_at > latest ? r.answered_at : latest),
    attempt.created_at,
  );
}

/**
 * Locks one answer in the caller's transaction, with the speed bonus when asked (quizzes only),
 * moves the question's Leitner box, and completes the training module on a right validation.
 * Returns the locked row, or undefined if the question had already been answered.
 */
async function lockAnswer(
  trx: Executor,
  attempt: repo.AttemptRow,
  row: repo.AttemptQuestionRow,
  answer: Answer,
  timing: { at: string; elapsedMs: number; withBonus: boolean },
): Promise<repo.AttemptQuestionRow | undefined> {
  const correct = isRight(row, answer);
  const points = correct ? pointsIn(attempt.kind, row.mode) : 0;
  const bonus =
    timing.withBonus && attempt.kind === 'quiz'
      ? speedBonus(points, timing.elapsedMs / 1000, row.mode)
      : 0;
  const locked = {
    answer: answer === null ? null : String(answer),
    is_correct: correct ? (1 as const) : (0 as const),
    points_awarded: points,
    speed_bonus: bonus,
    answered_at: timing.at,
    elapsed_ms: timing.elapsedMs,
  };
  if (!(await repo.lockAnswer(trx, row.id, locked))) return undefined;

  const box = await repo.reviewBox(trx, attempt.user_id, row.question_id);
  const review = nextReview(box, correct, timing.at);
  await repo.upsertReview(trx, {
    user_id: attempt.user_id,
    question_id: row.question_id,
    box: review.box,
    due_at: review.due_at,
    last_answered_at: timing.at,
    last_correct: correct ? 1 : 0,
  });
  if (correct && attempt.kind === 'training' && attempt.category_id !== null) {
    await recordCompletion(trx, attempt.user_id, attempt.category_id, timing.at);
  }
  return { ...row, ...locked };
}

// ---------------------------------------------------------------------------------------------
// POST /api/quiz/check-answer

/**
 * Checks one answer. The first check of a question locks it, timed by the server from the
 * previous check of the attempt (or its creation); any later check returns that verdict.
 */
export async function checkAnswer(
  db: Db,
  userId: number,
  input: CheckInput,
  options: QuizOptions,
): Promise<CheckAnswerResponse> {
  let attempt: repo.AttemptRow | undefined;
  if (input.attempt_id !== undefined) {
    const found = await repo.findAttempt(db, input.attempt_id);
    if (!found || found.user_id !== userId) throw notFound();
    if (found.status === 'open' && found.kind !== 'duel' && found.expires_at <= nowIso()) {
      await expireAttempt(db, found, options);
    }
    attempt = found;
  } else {
    await closeExpiredAttemptsOf(db, userId, options);
    attempt = await repo.findOpenAttemptWith(db, userId, input.question_id, nowIso());
    if (!attempt) throw invalid('question_id', QUIZ_ERRORS.notInOpenAttempt);
  }
  const attemptId = attempt.id;

  const choiceIds = new Set(
    (await repo.choicesOf(db, [input.question_id])).map((c) => c.choice_id),
  );
  return db.transaction().execute(async (trx) => {
    const open = await repo.lockOpenAttempt(trx, attemptId, nowIso());
    if (!open) throw invalid('attempt_id', QUIZ_ERRORS.attemptClosed);
    const rows = await repo.attemptQuestions(trx, attemptId);
    const row = rows.find((r) => r.question_id === input.question_id);
    if (!row) throw invalid('question_id', QUIZ_ERRORS.notInAttempt);
    const problem = answerProblem(row, choiceIds, input.mode, input.answer, (name) => name);
    if (problem) throw problem;
    if (row.answered_at !== null) return verdict(open, row);

    const at = nowIso();
    const elapsedMs = Math.max(0, Date.parse(at) - Date.parse(lastCheckAt(open, rows)));
    const locked = await lockAnswer(trx, open, row, input.answer, {
      at,
      elapsedMs,
      withBonus: true,
    });
    if (locked) return verdict(open, locked);
    const current = (await repo.attemptQuestions(trx, attemptId)).find((r) => r.id === row.id)!;
    return verdict(open, current);
  });
}

// ---------------------------------------------------------------------------------------------
// POST /api/quiz/submit/:attemptId and closing

/**
 * Scores a closed attempt in the caller's transaction: a quiz takes one of the day's ranked slots
 * if one is left and credits its score to the ledger; badges follow. Training attempts are never
 * ranked and never credited.
 */
async function scoreAttempt(
  trx: Parameters<typeof repo.claimRankedSlot>[0],
  attempt: repo.AttemptRow,
  closedAt: string,
  options: QuizOptions & { rankable: boolean },
): Promise<QuizResult> {
  const rows = await repo.attemptQuestions(trx, attempt.id);
  const correctCount = rows.filter((r) => r.is_correct === 1).length;
  const bonus = rows.reduce((sum, r) => sum + r.speed_bonus, 0);
  const score = rows.reduce((sum, r) => sum + r.points_awarded, 0) + bonus;
  const duration = Math.max(
    0,
    Math.round((Date.parse(closedAt) - Date.parse(attempt.created_at)) / 1000),
  );
  const userId = attempt.user_id;

  let ranked = false;
  if (attempt.kind === 'quiz' && options.rankable) {
    const day = await userDay(trx, userId, new Date(closedAt), options.timeZone);
    const limit = options.rankedPerDay ?? RANKED_QUIZZES_PER_DAY;
    ranked = (await repo.claimRankedSlot(trx, attempt.id, userId, day, limit)) !== undefined;
  }
  await repo.saveResult(trx, attempt.id, {
    score,
    speed_bonus: bonus,
    correct_count: correctCount,
    duration,
    ranked: ranked ? 1 : 0,
  });
  if (ranked && score > 0) {
    await credit(trx, {
      userId,
      amount: score,
      reason: 'quiz',
      reference: `quiz_attempt:${attempt.id}`,
      at: closedAt,
    });
  }
  if (attempt.kind === 'quiz') {
    await awardBadge(trx, userId, 'first_quiz', closedAt);
    // A perfect quiz is a full one: a single right answer is no feat.
    if (rows.length >= QUIZ_QUESTION_COUNT && correctCount === rows.length) {
      await awardBadge(trx, userId, 'perfect_quiz', closedAt);
      if (attempt.difficulty === 'hard') {
        await awardBadge(trx, userId, 'perfect_hard_quiz', closedAt);
      }
    }
  }
  return {
    score,
    max_points: attempt.max_points,
    duration,
    speed_bonus: bonus,
    correct_count: correctCount,
    ranked,
  };
}

/**
 * Closes an attempt left open past its deadline with the answers it has, as if submitted at the
 * deadline. One that was never answered takes no ranked slot. False if it was closed meanwhile.
 */
async function closeExpired(
  db: Db,
  attempt: repo.AttemptRow,
  options: QuizOptions,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.closeOpenAttempt(trx, attempt.id, attempt.expires_at))) return false;
    const rows = await repo.attemptQuestions(trx, attempt.id);
    await scoreAttempt(trx, attempt, attempt.expires_at, {
      ...options,
      rankable: rows.some((r) => r.answered_at !== null),
    });
    return true;
  });
}

/** Closes an expired attempt and returns it as stored. */
async function expireAttempt(
  db: Db,
  attempt: repo.AttemptRow,
  options: QuizOptions,
): Promise<repo.AttemptRow> {
  await closeExpired(db, attempt, options);
  return (await repo.findAttempt(db, attempt.id))!;
}

export async function submitAttempt(
  db: Db,
  userId: number,
  attemptId: number,
  input: SubmitInput,
  options: QuizOptions,
): Promise<QuizResult> {
  const attempt = await ownAttempt(db, userId, attemptId);
  // A retry after a lost response gets the stored result and credits nothing.
  if (attempt.status === 'closed') return storedResult(attempt);
  if (attempt.expires_at <= nowIso()) {
    return storedResult(await expireAttempt(db, attempt, options));
  }

  // Everything is validated before anything is written: a bad answer changes nothing.
  const rows = await repo.attemptQuestions(db, attemptId);
  const choiceIds = choicesByQuestion(
    await repo.choicesOf(
      db,
      rows.map((r) => r.question_id),
    ),
  );
  const given = new Map<number, Answer>();
  input.answers.forEach((item, index) => {
    const field = (name: string) => `answers.${index}.${name}`;
    const row = rows.find((r) => r.question_id === item.question_id);
    if (!row) throw invalid(field('question_id'), QUIZ_ERRORS.notInAttempt);
    if (given.has(item.question_id)) throw invalid(field('question_id'), QUIZ_ERRORS.answeredTwice);
    const ids = new Set((choiceIds.get(row.question_id) ?? []).map((c) => c.choice_id));
    const problem = answerProblem(row, ids, item.mode, item.answer, field);
    if (problem) throw problem;
    given.set(item.question_id, item.answer);
  });

  const result = await db.transaction().execute(async (trx) => {
    const closedAt = nowIso();
    if (!(await repo.closeOpenAttempt(trx, attempt.id, closedAt, closedAt))) return undefined;
    // Answers not checked yet are checked now, without bonus; in question order, so that two
    // submits sharing questions take the review rows' locks in the same order.
    const current = await repo.attemptQuestions(trx, attempt.id);
    let previous = lastCheckAt(attempt, current);
    for (const row of [...current].sort((a, b) => a.question_id - b.question_id)) {
      if (row.answered_at !== null || !given.has(row.question_id)) continue;
      const elapsedMs = Math.max(0, Date.parse(closedAt) - Date.parse(previous));
      await lockAnswer(trx, attempt, row, given.get(row.question_id)!, {
        at: closedAt,
        elapsedMs,
        withBonus: false,
      });
      previous = closedAt;
    }
    return scoreAttempt(trx, attempt, closedAt, { ...options, rankable: true });
  });
  if (result) return result;

  // Closed meanwhile by a concurrent submit, or past its deadline now.
  const after = (await repo.findAttempt(db, attempt.id))!;
  return storedResult(after.status === 'open' ? await expireAttempt(db, after, options) : after);
}

async function closeOpenTrainingAttempts(
  db: Db,
  userId: number,
  closedAt: string,
  options: QuizOptions,
): Promise<void> {
  for (const attempt of await repo.findOpenTrainingAttempts(db, userId)) {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.closeOpenAttempt(trx, attempt.id, closedAt))) return;
      await scoreAttempt(trx, attempt, closedAt, { ...options, rankable: false });
    });
  }
}

async function expireAll(db: Db, options: QuizOptions, userId?: number): Promise<number> {
  let closed = 0;
  for (;;) {
    const filter = { limit: EXPIRY_BATCH, ...(userId !== undefined ? { userId } : {}) };
    const expired = await repo.findExpiredAttempts(db, nowIso(), filter);
    for (const attempt of expired) {
      if (await closeExpired(db, attempt, options)) closed += 1;
    }
    if (expired.length < EXPIRY_BATCH) return closed;
  }
}

function closeExpiredAttemptsOf(db: Db, userId: number, options: QuizOptions): Promise<number> {
  return expireAll(db, options, userId);
}

/**
 * Closes every quiz and training attempt left open past its deadline, with the answers it has.
 * The periodic sweep calls it; nothing depends on it, since each attempt is also closed when
 * next touched, and several instances may run it at once (each close is a conditional update).
 */
export function closeExpiredAttempts(db: Db, options: QuizOptions): Promise<number> {
  return expireAll(db, options);
}
