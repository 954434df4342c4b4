import { randomInt } from 'node:crypto';
import { POINTS_BY_MODE, RANKED_QUIZZES_PER_DAY, type Difficulty } from '@app/contract/constants';
import type { AttemptKind, QuizAttempt, QuizQuestion, QuizResult } from '@app/contract/quiz';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import { heldContent } from '../../db/held-content';
import type { QuizAttemptsTable } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import * as repo from './quiz.repository';

/** What the selection, play and scoring of quizzes share: options, errors and the player's view. */

export type QuizOptions = {
  /** The brand's time zone: the calendar of users without a store. */
  timeZone: string;
  /** Ranked quizzes a user may play per calendar day. */
  rankedPerDay?: number;
};

/** The quiz rules that come from the configuration. */
export function quizOptions(config: {
  timeZone: string;
  rankedQuizzesPerDay: number;
}): QuizOptions {
  return { timeZone: config.timeZone, rankedPerDay: config.rankedQuizzesPerDay };
}

export function rankedPerDay(options: QuizOptions): number {
  return options.rankedPerDay ?? RANKED_QUIZZES_PER_DAY;
}

export const QUIZ_ERRORS = {
  unknownCategory: 'The selected category is invalid.',
  noQuestions: 'No questions are available for this quiz.',
  notInOpenAttempt: 'This question is not part of an open quiz attempt.',
  notInAttempt: 'This question is not part of this attempt.',
  attemptClosed: 'This quiz attempt is closed.',
  modeMismatch: 'The mode does not match the question.',
  notAChoice: 'The answer must be the id of one of the choices.',
  answeredTwice: 'A question may be answered only once.',
  openingElsewhere: 'Another quiz is being opened for you. Please try again in a moment.',
} as const;

export function pointsIn(kind: AttemptKind | 'duel', mode: keyof typeof POINTS_BY_MODE): number {
  return kind === 'training' ? 0 : POINTS_BY_MODE[mode];
}

export function parseIds(json: string | null): number[] | undefined {
  if (json === null) return undefined;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((v): v is number => typeof v === 'number')
    : undefined;
}

export function parseAccepted(json: string | null): string[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

export function choicesByQuestion(rows: repo.ChoiceRow[]): Map<number, repo.ChoiceRow[]> {
  const map = new Map<number, repo.ChoiceRow[]>();
  for (const row of rows) {
    const list = map.get(row.question_id) ?? [];
    list.push(row);
    map.set(row.question_id, list);
  }
  return map;
}

/** The items in a random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** The order an attempt shows a question's choices in: its own, at random; none for an open question. */
function choiceOrder(
  mode: QuizQuestion['mode'],
  choices: readonly Pick<repo.ChoiceRow, 'choice_id'>[],
): number[] | undefined {
  return mode === 'open' ? undefined : shuffled(choices.map((c) => c.choice_id));
}

/**
 * Every question as a player sees it, with its choices in their order (none for an open
 * question): content, changed only by an import, held by each instance (decision 0028) so that
 * drawing a quiz or a duel's round reads none of it. Never an answer.
 */
export type PlayContent = {
  readonly questions: ReadonlyMap<number, repo.QuestionForPlay>;
  readonly choices: ReadonlyMap<number, readonly repo.ChoiceRow[]>;
};

export const playContent = heldContent(async (db): Promise<PlayContent> => {
  const [questions, choices] = await Promise.all([
    repo.everyQuestionForPlay(db),
    repo.everyChoice(db),
  ]);
  const byQuestion = new Map<number, repo.ChoiceRow[]>(questions.map((q) => [q.id, []]));
  for (const choice of choices) byQuestion.get(choice.question_id)?.push(Object.freeze(choice));
  return {
    questions: new Map(questions.map((q) => [q.id, Object.freeze(q)])),
    choices: byQuestion,
  };
});

/**
 * The content given, or the held content outside a transaction, if it has every question asked
 * for (each with its choices); undefined when they are to be read. Inside a transaction there is
 * no held content unless the caller brings it: it is held per database handle, and a read of it
 * through the root handle would wait, on SQLite, for the transaction's own connection.
 */
async function contentHolding(
  db: Executor,
  ids: readonly number[],
  held: PlayContent | undefined,
): Promise<PlayContent | undefined> {
  const content = held ?? (db.isTransaction ? undefined : await playContent(db));
  return content && ids.every((id) => content.questions.has(id)) ? content : undefined;
}

/**
 * What a player may see of questions (`repo.questionsForPlay`): from the held content when it has
 * them all; read otherwise (a question imported meanwhile through another instance), and inside
 * a transaction unless its caller brings the content.
 */
export async function questionsForPlay(
  db: Executor,
  ids: readonly number[],
  held?: PlayContent,
): Promise<repo.QuestionForPlay[]> {
  const content = await contentHolding(db, ids, held);
  if (!content) return repo.questionsForPlay(db, ids);
  return [...new Set(ids)].map((id) => content.questions.get(id)!);
}

/** The choices of questions, by question then in their order, as `questionsForPlay` finds them. */
export async function choicesOf(
  db: Executor,
  questionIds: readonly number[],
  held?: PlayContent,
): Promise<repo.ChoiceRow[]> {
  const content = await contentHolding(db, questionIds, held);
  if (!content) return repo.choicesOf(db, questionIds);
  const ordered = [...new Set(questionIds)].sort((a, b) => a - b);
  return ordered.flatMap((id) => content.choices.get(id)!);
}

/** A question of a play being drawn: as the player sees it, with its choices in a new random order. */
export type PlannedQuestion = {
  questionId: number;
  question: repo.QuestionForPlay;
  choices: repo.ChoiceRow[];
  order: number[] | undefined;
};

/**
 * The questions of a new play, in this order, each with its choices shuffled: from the held
 * content, or `held` inside a transaction (see `questionsForPlay`). `insertOpenAttempt` takes
 * the plan as it is.
 */
export async function planPlay(
  db: Executor,
  questionIds: readonly number[],
  held?: PlayContent,
): Promise<PlannedQuestion[]> {
  const [questions, choices] = await Promise.all([
    questionsForPlay(db, questionIds, held),
    choicesOf(db, questionIds, held),
  ]);
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const byQuestion = choicesByQuestion(choices);
  return questionIds.map((questionId) => {
    const question = questionById.get(questionId)!;
    const own = byQuestion.get(questionId) ?? [];
    return { questionId, question, choices: own, order: choiceOrder(question.mode, own) };
  });
}

/** The planned questions as the player is shown them, each worth `pointsOf` its mode. */
export function playOf(
  plan: readonly PlannedQuestion[],
  pointsOf: (mode: QuizQuestion['mode']) => number,
): QuizQuestion[] {
  return plan.map(({ question, choices, order }) =>
    playQuestion(question, choices, order, pointsOf(question.mode)),
  );
}

/** Opens an attempt with its questions in this order, in the caller's transaction; returns its id. */
export async function insertOpenAttempt(
  trx: Executor,
  attempt: Pick<
    Insertable<QuizAttemptsTable>,
    | 'user_id'
    | 'kind'
    | 'difficulty'
    | 'category_id'
    | 'title'
    | 'created_at'
    | 'expires_at'
    | 'max_points'
  >,
  questions: readonly { questionId: number; order: readonly number[] | undefined }[],
): Promise<number> {
  const id = await repo.insertAttempt(trx, {
    ...attempt,
    status: 'open',
    closed_at: null,
    score: null,
    speed_bonus: null,
    correct_count: null,
    duration: null,
    ranked: null,
    ranked_date: null,
    ranked_slot: null,
  });
  await repo.insertAttemptQuestions(
    trx,
    questions.map((q, index) => ({
      attempt_id: id,
      question_id: q.questionId,
      position: index + 1,
      choice_order: q.order ? JSON.stringify(q.order) : null,
    })),
  );
  return id;
}

/** The correct answers of a question as a player reads them: the right choice's text, or the accepted answers. */
export function correctAnswersInWords(
  question: Pick<repo.QuestionWithAnswers, 'mode' | 'correct_choice_id' | 'accepted_answers'>,
  choices: readonly Pick<repo.ChoiceRow, 'choice_id' | 'text'>[],
): string[] {
  if (question.mode === 'open') return parseAccepted(question.accepted_answers);
  return choices.filter((c) => c.choice_id === question.correct_choice_id).map((c) => c.text);
}

/** An answer as stored (a choice's id as text, or the text given) in words. */
export function answerInWords(
  question: Pick<repo.QuestionWithAnswers, 'mode'>,
  choices: readonly Pick<repo.ChoiceRow, 'choice_id' | 'text'>[],
  stored: string,
): string {
  if (question.mode === 'open' || stored === '') return stored;
  return choices.find((c) => String(c.choice_id) === stored)?.text ?? stored;
}

/** A question as the player sees it, built field by field so nothing else can slip out. */
export function playQuestion(
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

/** An open attempt as `generate` returns it, and the answers locked so far. */
export async function attemptForPlay(
  db: Executor,
  attempt: repo.AttemptRow,
): Promise<{ quiz: QuizAttempt; rows: repo.AttemptQuestionRow[] }> {
  const rows = await repo.attemptQuestions(db, attempt.id);
  const byQuestion = choicesByQuestion(
    await choicesOf(
      db,
      rows.map((r) => r.question_id),
    ),
  );
  const kind = attempt.kind as AttemptKind;
  return {
    rows,
    quiz: {
      attempt_id: attempt.id,
      kind,
      title: attempt.title,
      difficulty: attempt.difficulty as Difficulty,
      expires_at: attempt.expires_at,
      questions: rows.map((row) =>
        playQuestion(
          {
            id: row.question_id,
            text: row.text,
            mode: row.mode,
            category_key: row.category_key,
            category_name: row.category_name,
          },
          byQuestion.get(row.question_id) ?? [],
          parseIds(row.choice_order),
          pointsIn(kind, row.mode),
        ),
      ),
    },
  };
}

/** The user's own quiz or training attempt; anything else is 404 (duel attempts are the duel module's). */
export async function ownAttempt(
  db: Executor,
  userId: number,
  attemptId: number,
): Promise<repo.AttemptRow> {
  const attempt = await repo.findAttempt(db, attemptId);
  if (!attempt || attempt.user_id !== userId || attempt.kind === 'duel') throw notFound();
  return attempt;
}

export function storedResult(attempt: repo.AttemptRow): QuizResult {
  return {
    score: attempt.score ?? 0,
    max_points: attempt.max_points,
    duration: attempt.duration ?? 0,
    speed_bonus: attempt.speed_bonus ?? 0,
    correct_count: attempt.correct_count ?? 0,
    ranked: attempt.ranked === 1,
  };
}
