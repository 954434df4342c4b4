import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type OnConflictBuilder,
  type QueryCreator,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { QuestionMode } from '@app/contract/constants';
import {
  COMMITS_ITS_TRANSACTION,
  withRowLock,
  isPostgres,
  isUniqueViolation,
  timestamp,
  type Executor,
} from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import { freeFor, liveHolderQuery } from '../hold/hold.repository';
import type { Database, QuizAttemptQuestionsTable, QuizAttemptsTable } from '../../db/schema';

export type AttemptRow = Selectable<QuizAttemptsTable>;

/**
 * An attempt's state, as the partial indexes of open attempts name it, written into the SQL
 * rather than passed as a parameter (and so are the kinds compared beside it). SQLite picks such
 * an index for a query whose conditions imply the index's: given a parameter, it read the value
 * bound to decide, and so prepared the statement again at each run (the lock of a checked answer's
 * attempt took 33 µs in place of 12).
 */
const OPEN = sql.lit('open' as const);
/** The kinds of attempt this module closes (a duel's belong to the duel module), written in too. */
const QUIZ_AND_TRAINING = [sql.lit('quiz' as const), sql.lit('training' as const)];

export async function findCategory(db: Executor, ref: { id?: number; key: string }) {
  return db
    .selectFrom('categories')
    .select(['id', 'key', 'name'])
    .where((eb) =>
      ref.id === undefined
        ? eb('key', '=', ref.key)
        : eb.or([eb('key', '=', ref.key), eb('id', '=', ref.id)]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Active questions of the modes (of one category, when given) that are not open anywhere for the
 * user, nor the daily question of one of `dailyDays`, with the user's Leitner box, if any.
 * Compiled once per shape (`prepared`).
 */
export const listCandidateQuestions = prepared(
  (
    db,
    userId: number,
    modes: readonly QuestionMode[],
    now: string,
    options: { categoryId?: number | undefined; dailyDays: readonly string[] },
  ) =>
    db
      .selectFrom('questions')
      .leftJoin('question_reviews', (join) =>
        join
          .onRef('question_reviews.question_id', '=', 'questions.id')
          .on('question_reviews.user_id', '=', userId),
      )
      .select([
        'questions.id',
        'questions.category_id',
        'questions.mode',
        'question_reviews.due_at',
        'question_reviews.last_answered_at',
      ])
      .where('questions.mode', 'in', modes)
      .where('questions.active', '=', 1)
      .where(freeFor([userId], now, options.dailyDays))
      .$if(options.categoryId !== undefined, (qb) =>
        qb.where('questions.category_id', '=', options.categoryId!),
      )
      .orderBy('questions.id'),
);
export type CandidateRow = Awaited<ReturnType<typeof listCandidateQuestions>>[number];

/** Questions with their category's key and name, the columns each reader needs added. */
function everyQuestionWithCategory(db: Kysely<Database>) {
  return db
    .selectFrom('questions')
    .innerJoin('categories', 'categories.id', 'questions.category_id')
    .select([
      'questions.id',
      'questions.text',
      'questions.mode',
      'categories.key as category_key',
      'categories.name as category_name',
    ]);
}

/** Questions by id with their category's key and name, the columns each reader needs added. */
function questionsWithCategory(db: Kysely<Database>, ids: readonly number[]) {
  return everyQuestionWithCategory(db).where('questions.id', 'in', ids);
}

/** A prepared query of a list of ids that answers no rows at once for no ids (no `in ()`). */
function byIds<Row>(query: (db: Executor, ids: readonly number[]) => Promise<Row[]>) {
  return (db: Executor, ids: readonly number[]): Promise<Row[]> =>
    ids.length === 0 ? Promise.resolve([]) : query(db, ids);
}

/** What a player may see of questions: text, mode and category, never the answer. */
export const questionsForPlay = byIds(prepared(questionsWithCategory));
export type QuestionForPlay = Awaited<ReturnType<typeof questionsForPlay>>[number];

/** Every question as a player may see it (`questionsForPlay`), for the held content. */
export const everyQuestionForPlay = prepared(everyQuestionWithCategory);

/**
 * Questions with their answers, for what is shown once an answer is given (a daily question, a
 * finished duel's details): never for a question still to be answered.
 */
export const questionsWithAnswers = byIds(
  prepared((db, ids: readonly number[]) =>
    questionsWithCategory(db, ids).select([
      'questions.correct_choice_id',
      'questions.accepted_answers',
      'questions.explanation',
    ]),
  ),
);
export type QuestionWithAnswers = Awaited<ReturnType<typeof questionsWithAnswers>>[number];

/** Choices, by question then in their order. */
function everyChoiceQuery(db: Kysely<Database>) {
  return db
    .selectFrom('question_choices')
    .select(['question_id', 'choice_id', 'text'])
    .orderBy('question_id')
    .orderBy('position');
}

export const choicesOf = byIds(
  prepared((db, questionIds: readonly number[]) =>
    everyChoiceQuery(db).where('question_id', 'in', questionIds),
  ),
);
export type ChoiceRow = Awaited<ReturnType<typeof choicesOf>>[number];

/** Every question's choices (`choicesOf`), for the held content. */
export const everyChoice = prepared(everyChoiceQuery);

const insertAttemptQuery = preparedRow((db, row: Insertable<QuizAttemptsTable>) =>
  db.insertInto('quiz_attempts').values(row).returning('id'),
);

export async function insertAttempt(
  db: Executor,
  row: Insertable<QuizAttemptsTable>,
): Promise<number> {
  return (await insertAttemptQuery(db, row))!.id;
}

const insertAttemptQuestionsQuery = prepared(
  (db, rows: readonly Insertable<QuizAttemptQuestionsTable>[]) =>
    db.insertInto('quiz_attempt_questions').values(rows),
);

export async function insertAttemptQuestions(
  db: Executor,
  rows: Insertable<QuizAttemptQuestionsTable>[],
): Promise<void> {
  if (rows.length > 0) await insertAttemptQuestionsQuery(db, rows);
}

export const findAttempt = preparedRow((db, id: number) =>
  db.selectFrom('quiz_attempts').selectAll().where('id', '=', id),
);

/**
 * Takes the attempt's row lock for the rest of the transaction if it is the user's, still open
 * and not past its deadline, so checks and the submit of one attempt never interleave.
 */
export const lockOpenAttempt = preparedRow((db, id: number, userId: number, now: string) =>
  withRowLock(
    db,
    db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', OPEN)
      .where('expires_at', '>', now),
  ),
);

/**
 * Closes an open attempt and returns it as it now stands; undefined when it was already closed
 * (by a concurrent call) or, with `before`, is past its deadline.
 */
export const closeOpenAttempt = preparedRow((db, id: number, closedAt: string, before?: string) =>
  db
    .updateTable('quiz_attempts')
    .set({ status: 'closed', closed_at: closedAt })
    .where('id', '=', id)
    .where('status', '=', OPEN)
    .$if(before !== undefined, (qb) => qb.where('expires_at', '>', before!))
    .returningAll(),
);

type Result = Pick<
  QuizAttemptsTable,
  'score' | 'speed_bonus' | 'correct_count' | 'duration' | 'ranked'
>;

export const saveResult = prepared((db, id: number, result: Result) =>
  db.updateTable('quiz_attempts').set(result).where('id', '=', id),
);

/** An attempt's questions with what grading needs and the answers locked so far. */
const questionsOfAttempt = (db: Kysely<Database>, attemptId: number) =>
  db
    .selectFrom('quiz_attempt_questions as aq')
    .innerJoin('questions as q', 'q.id', 'aq.question_id')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .select([
      'aq.id',
      'aq.question_id',
      'aq.position',
      'aq.choice_order',
      'aq.answer',
      'aq.is_correct',
      'aq.points_awarded',
      'aq.speed_bonus',
      'aq.answered_at',
      'q.text',
      'q.mode',
      'q.correct_choice_id',
      'q.accepted_answers',
      'q.explanation',
      'c.key as category_key',
      'c.name as category_name',
    ])
    .where('aq.attempt_id', '=', attemptId);

/** The questions of an attempt in order. Compiled once. */
export const attemptQuestions = prepared((db, attemptId: number) =>
  questionsOfAttempt(db, attemptId).orderBy('aq.position'),
);

/** How many answers of an attempt are locked. */
const answeredCount = (db: Kysely<Database>, attemptId: number) =>
  db
    .selectFrom('quiz_attempt_questions as so_far')
    .select((inner) => inner.fn.count<number>('so_far.answered_at').as('answered'))
    .where('so_far.attempt_id', '=', attemptId);

/** How many answers of an attempt are locked, and when the last was. */
const lockedSoFar = (db: Kysely<Database>, attemptId: number) =>
  [
    answeredCount(db, attemptId).as('answered'),
    db
      .selectFrom('quiz_attempt_questions as so_far')
      .select((inner) => inner.fn.max('so_far.answered_at').as('latest'))
      .where('so_far.attempt_id', '=', attemptId)
      .as('latest'),
  ] as const;

/** How many answers of an attempt are locked, when the last was, and who holds a question now. */
function answeredSoFar(
  db: Kysely<Database>,
  questionId: Expression<number>,
  attemptId: number,
  userId: number,
  now: string,
) {
  return [
    ...lockedSoFar(db, attemptId),
    liveHolderQuery(db, userId, questionId, now).as('live_holder'),
  ] as const;
}

/**
 * The question an answer is checked against (not the nine others with their texts), in one read:
 * its row, how many questions of the attempt are answered and when the last was (the server's
 * timing), and who holds it for the user now (whether its answer may be shown). Compiled once.
 */
const questionToCheckQuery = (
  db: Kysely<Database>,
  attemptId: number,
  questionId: number,
  userId: number,
  now: string,
) =>
  questionsOfAttempt(db, attemptId)
    .where('aq.question_id', '=', questionId)
    .select((eb) => answeredSoFar(db, eb.ref('aq.question_id'), attemptId, userId, now));
export const questionToCheck = preparedRow(questionToCheckQuery);
export type QuestionToCheckRow = NonNullable<Awaited<ReturnType<typeof questionToCheck>>>;

/** Every column of an attempt, as the attempt's lock reads them beside its question's. */
const ATTEMPT_COLUMNS = Object.keys({
  id: true,
  user_id: true,
  kind: true,
  difficulty: true,
  category_id: true,
  title: true,
  status: true,
  created_at: true,
  expires_at: true,
  closed_at: true,
  score: true,
  max_points: true,
  speed_bonus: true,
  correct_count: true,
  duration: true,
  ranked: true,
  ranked_date: true,
  ranked_slot: true,
} satisfies Record<keyof QuizAttemptsTable, true>) as (keyof QuizAttemptsTable)[];

const lockQuestionQuery = preparedRow(
  (db, attemptId: number, questionId: number, userId: number, now: string) =>
    withRowLock(
      db,
      questionToCheckQuery(db, attemptId, questionId, userId, now)
        .innerJoin('quiz_attempts as a', 'a.id', 'aq.attempt_id')
        .where('a.user_id', '=', userId)
        .where('a.status', '=', OPEN)
        .where('a.expires_at', '>', now)
        .select(ATTEMPT_COLUMNS.map((column) => sql.ref<unknown>(`a.${column}`).as(`a_${column}`))),
      'a',
    ),
);

/**
 * The attempt's lock and the question checked, in one read: the attempt if it is the user's, still
 * open and not past its deadline (its row locked for the rest of the transaction, as
 * `lockOpenAttempt`), with the question if it is one of the attempt's (as `questionToCheck`);
 * undefined if either is not so. On PostgreSQL, a read that waited for the lock sees the attempt
 * as it now stands, but the rest as it stood when the read began: answers locked by the checks it
 * waited for are not in it. `lockAnswer` reads them again.
 */
export async function lockQuestionToCheck(
  db: Executor,
  attemptId: number,
  questionId: number,
  userId: number,
  now: string,
): Promise<{ attempt: AttemptRow; question: QuestionToCheckRow } | undefined> {
  const row = (await lockQuestionQuery(db, attemptId, questionId, userId, now)) as
    (QuestionToCheckRow & Record<string, unknown>) | undefined;
  if (!row) return undefined;
  const attempt: Record<string, unknown> = {};
  for (const column of ATTEMPT_COLUMNS) attempt[column] = row[`a_${column}`];
  return { attempt: attempt as AttemptRow, question: row };
}

export type AttemptQuestionRow = Awaited<ReturnType<typeof attemptQuestions>>[number];

type LockedValues = Pick<
  QuizAttemptQuestionsTable,
  'answer' | 'is_correct' | 'answered_at' | 'elapsed_ms'
> & { points_awarded: number; speed_bonus: number };

/** The row of an answer and the values its lock sets, as a compiled statement's arguments. */
type AnswerLockArgs = [
  attemptQuestionId: number,
  answer: string | null,
  isCorrect: 0 | 1 | null,
  points: number,
  bonus: number,
  answeredAt: string,
  elapsedMs: number | null,
];

/** The lock of an answer: its values set on its row, if no answer is locked there yet. */
function answerLock(db: QueryCreator<Database>, ...args: AnswerLockArgs) {
  const [attemptQuestionId, answer, isCorrect, points, bonus, answeredAt, elapsedMs] = args;
  return db
    .updateTable('quiz_attempt_questions')
    .set({
      answer,
      is_correct: isCorrect,
      points_awarded: points,
      speed_bonus: bonus,
      answered_at: answeredAt,
      elapsed_ms: elapsedMs,
    })
    .where('id', '=', attemptQuestionId)
    .where('answered_at', 'is', null);
}

/** On SQLite: the answer's lock alone, compiled once. */
const sqliteAnswerLock = preparedRow((db, ...args: AnswerLockArgs) =>
  answerLock(db, ...args).returning('id'),
);

/**
 * On PostgreSQL, one statement: the answer's lock, the review's move when it locked (a right
 * answer's or a wrong one's, compiled once each), and what was locked before it and who holds the
 * question, read by this statement, which began once the attempt's lock was taken: what the checks
 * that held it before locked is in it, and not this answer.
 *
 * As its transaction's last statement (`last`), it commits the transaction in its round trip, and
 * locks only if the answers locked so far are still those its check was timed after (`answered`
 * of them): otherwise, locked by nothing, it still ends the transaction, and the check is run
 * again (decision 0066). When it locks, the answers locked before it are those the check read
 * (an answer, once locked, stays locked: as many means the same ones, and the same latest), so it
 * reads again only who holds the question.
 */
const postgresAnswerLock = (correct: boolean, last: boolean) =>
  preparedRow(
    (
      db,
      ...args: [
        ...AnswerLockArgs,
        attemptId: number,
        userId: number,
        answered: number,
        ...dueByBox: string[],
      ]
    ) => {
      const [id, answer, isCorrect, points, bonus, answeredAt, elapsedMs, attemptId, userId] = args;
      const answered = args[9];
      const dueByBox = args.slice(10) as string[];
      const first = reviewBoxes(correct, dueByBox.length).first;
      const lock = answerLock(db, id, answer, isCorrect, points, bonus, answeredAt, elapsedMs);
      const statement = db
        .with('locked', () =>
          (last ? lock.where(answeredCount(db, attemptId), '=', answered) : lock).returning([
            'id',
            'question_id',
          ]),
        )
        .with('review', (qc) =>
          qc
            .insertInto('question_reviews')
            .columns([
              'user_id',
              'question_id',
              'box',
              'due_at',
              'last_answered_at',
              'last_correct',
            ])
            .expression((eb) =>
              eb
                .selectFrom('locked')
                .select([
                  sql<number>`cast(${userId} as integer)`.as('user_id'),
                  'locked.question_id',
                  sql<number>`cast(${first} as integer)`.as('box'),
                  timestamp(db, dueByBox[first - 1]!).as('due_at'),
                  timestamp(db, answeredAt).as('last_answered_at'),
                  sql<number>`cast(${correct ? 1 : 0} as integer)`.as('last_correct'),
                ]),
            )
            .onConflict(movedReview(db, correct, answeredAt, dueByBox)),
        )
        .selectFrom('locked')
        .select((eb) => [
          'locked.id',
          ...(last ? [] : lockedSoFar(db, attemptId)),
          liveHolderQuery(db, userId, eb.ref('locked.question_id'), answeredAt).as('live_holder'),
        ]);
      return last ? statement.modifyEnd(sql.raw(COMMITS_ITS_TRANSACTION)) : statement;
    },
  );
/** Each answer's lock: inside its transaction, or as its last statement; a right or wrong answer. */
const postgresAnswerLocks = {
  inside: { right: postgresAnswerLock(true, false), wrong: postgresAnswerLock(false, false) },
  last: { right: postgresAnswerLock(true, true), wrong: postgresAnswerLock(false, true) },
};

/** What `questionToCheck` reads beside the question: the answers locked so far, its holder. */
export type SoFar = Pick<QuestionToCheckRow, 'answered' | 'latest' | 'live_holder'>;

/** The answers a check read as locked before its own: how many, and when the last was. */
export type ReadSoFar = Pick<SoFar, 'answered' | 'latest'>;

/**
 * Locks an answer in the transaction that holds the attempt's lock and moves its question in the
 * user's Leitner boxes; undefined if it was already locked (the first verdict stands, and the box
 * does not move). On PostgreSQL, in one statement, which also returns the answers locked before
 * it and the question's holder as they are now (see `lockQuestionToCheck`); on SQLite, whose
 * transaction holds the write lock from its start, what was read with the question stands, and
 * `soFar` is undefined.
 *
 * With `last` (the caller runs nothing after it, and gives what its check read as locked before
 * it), on PostgreSQL the statement commits the transaction, and locks only while `last.answered`
 * answers of the attempt are locked: `ENDED` says it locked nothing and the transaction is over
 * (see `postgresAnswerLock`).
 */
export async function lockAnswer(
  db: Executor,
  attempt: Pick<AttemptRow, 'id' | 'user_id'>,
  row: { id: number; question_id: number },
  values: LockedValues & { answered_at: string },
  review: Pick<Review, 'correct' | 'dueByBox'>,
  last?: ReadSoFar,
): Promise<{ soFar?: SoFar } | undefined | typeof ENDED> {
  const set: AnswerLockArgs = [
    row.id,
    values.answer,
    values.is_correct,
    values.points_awarded,
    values.speed_bonus,
    values.answered_at,
    values.elapsed_ms,
  ];
  if (isPostgres(db as Kysely<unknown>)) {
    const locks = postgresAnswerLocks[last ? 'last' : 'inside'];
    const lock = review.correct ? locks.right : locks.wrong;
    const answered = last?.answered ?? 0;
    const locked = await lock(
      db,
      ...set,
      attempt.id,
      attempt.user_id,
      answered,
      ...review.dueByBox,
    );
    if (!locked) return last ? ENDED : undefined;
    // As the last statement, it locked after the very answers the check read (`postgresAnswerLock`).
    const before = last ?? (locked as SoFar);
    return {
      soFar: { answered: before.answered, latest: before.latest, live_holder: locked.live_holder },
    };
  }
  if (!(await sqliteAnswerLock(db, ...set))) return undefined;
  await recordReview(db, {
    ...review,
    userId: attempt.user_id,
    questionId: row.question_id,
    at: values.answered_at,
  });
  return {};
}

/** An answer's lock that locked nothing and ended its transaction (`lockAnswer`'s `last`). */
export const ENDED = Symbol('transaction ended, nothing locked');

/** Sets the speed bonus and time of an answer locked in the same transaction. */
export async function retimeAnswer(
  db: Executor,
  attemptQuestionId: number,
  values: { speed_bonus: number; elapsed_ms: number | null },
): Promise<void> {
  await db
    .updateTable('quiz_attempt_questions')
    .set(values)
    .where('id', '=', attemptQuestionId)
    .execute();
}

/** The most recent open attempt of the user, still within its deadline, that holds the question. */
export function findOpenAttemptWith(db: Executor, userId: number, questionId: number, now: string) {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quiz_attempt_questions', 'quiz_attempt_questions.attempt_id', 'quiz_attempts.id')
    .selectAll('quiz_attempts')
    .where('quiz_attempts.user_id', '=', userId)
    .where('quiz_attempts.status', '=', OPEN)
    .where('quiz_attempts.expires_at', '>', now)
    .where('quiz_attempt_questions.question_id', '=', questionId)
    .orderBy('quiz_attempts.created_at', 'desc')
    .orderBy('quiz_attempts.id', 'desc')
    .executeTakeFirst();
}

/** Quiz and training attempts left open past their deadline (duel attempts belong to the duel module). */
export function findExpiredAttempts(
  db: Executor,
  now: string,
  options: { userId?: number; limit: number },
) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('status', '=', OPEN)
    .where('kind', 'in', QUIZ_AND_TRAINING)
    .where('expires_at', '<=', now)
    .$if(options.userId !== undefined, (qb) => qb.where('user_id', '=', options.userId!))
    .orderBy('expires_at')
    .limit(options.limit)
    .execute();
}

/**
 * The user's open quiz and validation, past their deadline or not (a user holds at most one open
 * of each kind), read at once through the partial index of open attempts.
 */
export const findOpenAttempts = prepared((db, userId: number) =>
  db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', 'in', QUIZ_AND_TRAINING)
    .where('status', '=', OPEN),
);

const lockedAnswerOf = preparedRow((db, attemptId: number) =>
  db
    .selectFrom('quiz_attempt_questions')
    .select('id')
    .where('attempt_id', '=', attemptId)
    .where('answered_at', 'is not', null)
    .limit(1),
);

export async function hasLockedAnswer(db: Executor, attemptId: number): Promise<boolean> {
  return (await lockedAnswerOf(db, attemptId)) !== undefined;
}

export async function countAttemptQuestions(db: Executor, attemptId: number): Promise<number> {
  const row = await db
    .selectFrom('quiz_attempt_questions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('attempt_id', '=', attemptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The attempt takes the user's next ranked slot of the day, if one is left under `limit`. */
const claimSlot = preparedRow(
  (db, attemptId: number, userId: number, day: string, limit: number) => {
    const nextSlot = db
      .selectFrom('quiz_attempts as taken')
      .select(sql<number>`coalesce(max(taken.ranked_slot), 0) + 1`.as('slot'))
      .where('taken.user_id', '=', userId)
      .where('taken.ranked_date', '=', day);
    return db
      .updateTable('quiz_attempts')
      .set({ ranked: 1, ranked_date: day, ranked_slot: nextSlot })
      .where('id', '=', attemptId)
      .where('ranked', 'is', null)
      .where(nextSlot, '<=', limit)
      .returning('ranked_slot');
  },
);

/**
 * Claims the next ranked slot of the user's day for an attempt not yet decided, or returns
 * undefined when the day's slots are all taken or the attempt was already decided. The unique index on (user_id, ranked_date, ranked_slot) decides
 * between concurrent claims: the loser rolls back to a savepoint and tries again with what the
 * winner committed, so two submits can never share the last slot.
 */
export async function claimRankedSlot(
  trx: Transaction<Database>,
  attemptId: number,
  userId: number,
  day: string,
  limit: number,
): Promise<number | undefined> {
  for (let tries = 0; tries <= limit; tries++) {
    await sql`savepoint ranked_slot`.execute(trx);
    try {
      const claimed = await claimSlot(trx, attemptId, userId, day, limit);
      await sql`release savepoint ranked_slot`.execute(trx);
      return claimed?.ranked_slot ?? undefined;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`rollback to savepoint ranked_slot`.execute(trx);
    }
  }
  return undefined;
}

/** Makes an attempt not yet decided practice: it will never be ranked. */
export const markPractice = prepared((db, attemptId: number) =>
  db
    .updateTable('quiz_attempts')
    .set({ ranked: 0 })
    .where('id', '=', attemptId)
    .where('ranked', 'is', null),
);

/**
 * A question's move in the user's Leitner boxes: up one box (at most the last) when right, back to
 * the first when wrong; due again after the interval of the box it lands in, `dueByBox[box - 1]`.
 */
type Review = {
  userId: number;
  questionId: number;
  correct: boolean;
  at: string;
  dueByBox: readonly string[];
};

/** The first box of a question never reviewed, and where an existing review moves. */
function reviewBoxes(correct: boolean, last: number) {
  return {
    first: correct ? Math.min(2, last) : 1,
    moved: correct
      ? sql<number>`(case when question_reviews.box >= ${last} then ${last} else question_reviews.box + 1 end)`
      : sql<number>`1`,
  };
}

/** The move of an existing review, given the due dates (one per box) and the answer's time. */
function movedReview(db: Kysely<Database>, correct: boolean, at: string, dueByBox: string[]) {
  const last = dueByBox.length;
  const { moved } = reviewBoxes(correct, last);
  return (oc: OnConflictBuilder<Database, 'question_reviews'>) =>
    oc.columns(['user_id', 'question_id']).doUpdateSet({
      box: moved,
      due_at: sql<string>`case ${moved} ${sql.join(
        dueByBox.slice(0, -1).map((due, i) => sql`when ${i + 1} then ${timestamp(db, due)}`),
        sql` `,
      )} else ${timestamp(db, dueByBox[last - 1]!)} end`,
      last_answered_at: at,
      last_correct: correct ? 1 : 0,
    });
}

/**
 * The upsert of a review after a right answer or a wrong one, each compiled once. The due dates
 * are one per box.
 */
const reviewUpsert = (correct: boolean) =>
  prepared((db, userId: number, questionId: number, at: string, ...dueByBox: string[]) => {
    const first = reviewBoxes(correct, dueByBox.length).first;
    return db
      .insertInto('question_reviews')
      .values({
        user_id: userId,
        question_id: questionId,
        box: first,
        due_at: dueByBox[first - 1]!,
        last_answered_at: at,
        last_correct: correct ? 1 : 0,
      })
      .onConflict(movedReview(db, correct, at, dueByBox));
  });
const reviewUpserts = { right: reviewUpsert(true), wrong: reviewUpsert(false) };

/** Moves the question in the user's Leitner boxes (`Review`), in one statement. */
export async function recordReview(db: Executor, review: Review): Promise<void> {
  const upsert = review.correct ? reviewUpserts.right : reviewUpserts.wrong;
  await upsert(db, review.userId, review.questionId, review.at, ...review.dueByBox);
}
