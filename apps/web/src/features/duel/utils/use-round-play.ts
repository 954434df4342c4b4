import { useCallback, useEffect, useReducer } from 'react';
import { POINTS_ANIMATION_MS } from '@app/contract/constants';
import type { RoundQuiz } from '@app/contract/duel';
import type { CheckAnswerResponse, QuizQuestion } from '@app/contract/quiz';

/**
 * The play of a duel round, question by question (SPEC.md "Quiz card" and §5 "Duel round"):
 *
 * - an answer is checked at once: a choice as soon as it is made, an open text when 'Suivant'
 *   (or 'Terminer') sends it; a failed check counts as wrong, and is only logged;
 * - the verdict shows as the '+points' animation for 1 s;
 * - 'Suivant' / 'Terminer' stay disabled until the question is answered. After a choice they move
 *   on when pressed; an open answer, sent by pressing them, moves on once its animation is over;
 * - after the last question the round is finished, and the page submits it.
 *
 * No correct answer is ever shown: a duel's verdict never carries it.
 */

export type RoundVerdict = {
  questionId: number;
  isCorrect: boolean;
  points: number;
  /** The check call failed: counted as wrong. */
  failed: boolean;
};

/**
 * `answering` until an answer is given; `checking` while the server decides; `feedback` during
 * the 1 s animation; `answered` after it (a choice waits for 'Suivant'); `complete` when every
 * question was answered before this visit; `finished` once the round is over, to be submitted.
 */
export type RoundPhase =
  'answering' | 'checking' | 'feedback' | 'answered' | 'complete' | 'finished';

export type RoundPlayState = {
  index: number;
  phase: RoundPhase;
  chosen: number | null;
  verdict: RoundVerdict | null;
  /** An open answer moves on by itself once its animation is over. */
  moveOnAfterFeedback: boolean;
  score: number;
  /** Questions answered before this visit (a resumed attempt): skipped. */
  skipped: number[];
};

type Action =
  | { type: 'choose'; questionId: number; choiceId: number }
  | { type: 'answer-open'; questionId: number }
  | { type: 'verdict'; verdict: RoundVerdict }
  | { type: 'feedback-done'; questions: readonly QuizQuestion[] }
  | { type: 'next'; questions: readonly QuizQuestion[] }
  | { type: 'finish' };

function nextPlayable(
  questions: readonly QuizQuestion[],
  skipped: readonly number[],
  from: number,
) {
  let index = from;
  while (index < questions.length && skipped.includes(questions[index]!.question_id)) index += 1;
  return index;
}

export function initialRoundState(quiz: Pick<RoundQuiz, 'questions' | 'answered'>): RoundPlayState {
  const skipped = quiz.answered.map((a) => a.question_id);
  const index = nextPlayable(quiz.questions, skipped, 0);
  return {
    index,
    phase: index >= quiz.questions.length ? 'complete' : 'answering',
    chosen: null,
    verdict: null,
    moveOnAfterFeedback: false,
    score: quiz.answered.reduce((sum, a) => sum + a.points_awarded, 0),
    skipped,
  };
}

function advance(state: RoundPlayState, questions: readonly QuizQuestion[]): RoundPlayState {
  const index = nextPlayable(questions, state.skipped, state.index + 1);
  if (index >= questions.length) return { ...state, phase: 'finished' };
  return {
    ...state,
    index,
    phase: 'answering',
    chosen: null,
    verdict: null,
    moveOnAfterFeedback: false,
  };
}

export function roundReducer(state: RoundPlayState, action: Action): RoundPlayState {
  switch (action.type) {
    case 'choose':
      if (state.phase !== 'answering') return state;
      return { ...state, phase: 'checking', chosen: action.choiceId, moveOnAfterFeedback: false };
    case 'answer-open':
      if (state.phase !== 'answering') return state;
      return { ...state, phase: 'checking', moveOnAfterFeedback: true };
    case 'verdict':
      if (state.phase !== 'checking') return state;
      return {
        ...state,
        phase: 'feedback',
        verdict: action.verdict,
        score: state.score + action.verdict.points,
      };
    case 'feedback-done':
      if (state.phase !== 'feedback') return state;
      return state.moveOnAfterFeedback
        ? advance(state, action.questions)
        : { ...state, phase: 'answered' };
    case 'next':
      if ((state.phase !== 'feedback' && state.phase !== 'answered') || state.moveOnAfterFeedback) {
        return state;
      }
      return advance(state, action.questions);
    case 'finish':
      return state.phase === 'complete' ? { ...state, phase: 'finished' } : state;
  }
}

export function verdictOf(questionId: number, response: CheckAnswerResponse): RoundVerdict {
  return {
    questionId,
    isCorrect: response.is_correct,
    points: response.is_correct ? response.points_awarded : 0,
    failed: false,
  };
}

type CheckBody = {
  attempt_id: number;
  question_id: number;
  mode: QuizQuestion['mode'];
  answer: number | string;
};

type UseRoundPlayOptions = {
  quiz: RoundQuiz;
  /** Sends one answer to `check-answer`. */
  check: (body: CheckBody) => Promise<CheckAnswerResponse>;
};

export function useRoundPlay({ quiz, check }: UseRoundPlayOptions) {
  const { questions } = quiz;
  const [state, dispatch] = useReducer(roundReducer, quiz, initialRoundState);
  const question = state.index < questions.length ? questions[state.index] : undefined;

  const send = useCallback(
    (q: QuizQuestion, answer: number | string) => {
      check({ attempt_id: quiz.attempt_id, question_id: q.question_id, mode: q.mode, answer }).then(
        (response) => dispatch({ type: 'verdict', verdict: verdictOf(q.question_id, response) }),
        (error: unknown) => {
          // SPEC.md §8: a failed check is treated as incorrect and only logged.
          console.warn('Duel answer check failed; counted as wrong.', error);
          dispatch({
            type: 'verdict',
            verdict: { questionId: q.question_id, isCorrect: false, points: 0, failed: true },
          });
        },
      );
    },
    [check, quiz.attempt_id],
  );

  const choose = useCallback(
    (choiceId: number) => {
      if (!question || question.mode === 'open' || state.phase !== 'answering') return;
      dispatch({ type: 'choose', questionId: question.question_id, choiceId });
      send(question, choiceId);
    },
    [question, send, state.phase],
  );

  const answerOpen = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!question || question.mode !== 'open' || state.phase !== 'answering' || !trimmed) return;
      dispatch({ type: 'answer-open', questionId: question.question_id });
      send(question, trimmed);
    },
    [question, send, state.phase],
  );

  const next = useCallback(() => dispatch({ type: 'next', questions }), [questions]);
  const finish = useCallback(() => dispatch({ type: 'finish' }), []);

  // The '+points' animation lasts 1 s.
  const showingFeedback = state.phase === 'feedback';
  useEffect(() => {
    if (!showingFeedback) return;
    const timer = window.setTimeout(
      () => dispatch({ type: 'feedback-done', questions }),
      POINTS_ANIMATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [showingFeedback, questions]);

  return { state, question, choose, answerOpen, next, finish };
}
