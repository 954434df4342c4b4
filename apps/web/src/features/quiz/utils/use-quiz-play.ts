import { useCallback, useEffect, useReducer } from 'react';
import { AUTO_ADVANCE_MS, POINTS_ANIMATION_MS } from '@app/contract/constants';
import type {
  AnsweredQuestion,
  CheckAnswerResponse,
  CorrectAnswer,
  QuizQuestion,
  SubmitAnswer,
} from '@app/contract/quiz';

/**
 * The play of one quiz attempt, question by question (SPEC.md §4, decision 0008):
 *
 * - a choice is locked at once and sent to `check-answer`; its verdict shows 400 ms after the
 *   choice at the earliest (the auto-advance), an open answer's as soon as it arrives;
 * - the verdict (the points animation) shows for 1 s, then the next question comes;
 * - after the last one the attempt is submitted, once.
 *
 * A failed check counts as a wrong answer (SPEC.md §7): 0 points, and the game goes on.
 */

export type Verdict = {
  questionId: number;
  isCorrect: boolean;
  /** What the answer earned, speed bonus included. */
  points: number;
  speedBonus: number;
  correctAnswer?: CorrectAnswer | undefined;
  /** The check call failed: counted as wrong, nothing to reveal. */
  failed: boolean;
};

export type PlayPhase = 'answering' | 'checking' | 'feedback' | 'submitting';

export type PlayState = {
  index: number;
  phase: PlayPhase;
  /** The choice picked for the current question. */
  selectedChoice: number | null;
  /** The text given to the current (open) question. */
  givenText: string | null;
  verdict: Verdict | null;
  /** Whether the 400 ms after a choice are over (always true for an open answer). */
  holdDone: boolean;
  /** Points earned so far, answers locked before a resume included. */
  score: number;
  /** Answers given in this session, for the submit. */
  answers: SubmitAnswer[];
  /** Questions locked before a resume: skipped. */
  skipped: number[];
};

type Action =
  | { type: 'choose'; question: QuizQuestion; choiceId: number }
  | { type: 'answer-open'; question: QuizQuestion; text: string }
  | { type: 'verdict'; verdict: Verdict }
  | { type: 'hold-done' }
  | { type: 'advance'; questions: readonly QuizQuestion[] };

/** The first question at or after `from` that was not locked before; `length` when none is left. */
export function nextPlayable(
  questions: readonly QuizQuestion[],
  skipped: readonly number[],
  from: number,
): number {
  let index = from;
  while (index < questions.length && skipped.includes(questions[index]!.question_id)) index += 1;
  return index;
}

export function initialPlayState(
  questions: readonly QuizQuestion[],
  answered: readonly AnsweredQuestion[],
): PlayState {
  const skipped = answered.map((a) => a.question_id);
  const index = nextPlayable(questions, skipped, 0);
  return {
    index,
    phase: index >= questions.length ? 'submitting' : 'answering',
    selectedChoice: null,
    givenText: null,
    verdict: null,
    holdDone: false,
    score: answered.reduce((sum, a) => sum + a.points_awarded, 0),
    answers: [],
    skipped,
  };
}

/** Shows the verdict once both it and the hold after a choice are there. */
function reveal(state: PlayState): PlayState {
  if (state.phase !== 'checking' || !state.verdict || !state.holdDone) return state;
  return { ...state, phase: 'feedback', score: state.score + state.verdict.points };
}

/** Locks the answer to the current question; the game waits for its verdict. */
function lockAnswer(
  state: PlayState,
  answer: SubmitAnswer,
  given: Pick<PlayState, 'holdDone'> & Partial<Pick<PlayState, 'selectedChoice' | 'givenText'>>,
): PlayState {
  if (state.phase !== 'answering') return state;
  return { ...state, ...given, phase: 'checking', answers: [...state.answers, answer] };
}

function reducer(state: PlayState, action: Action): PlayState {
  switch (action.type) {
    case 'choose':
      return lockAnswer(
        state,
        {
          question_id: action.question.question_id,
          mode: action.question.mode,
          answer: action.choiceId,
        },
        { selectedChoice: action.choiceId, holdDone: false },
      );
    case 'answer-open':
      return lockAnswer(
        state,
        { question_id: action.question.question_id, mode: 'open', answer: action.text },
        { givenText: action.text, holdDone: true },
      );
    case 'verdict': {
      const current = state.answers.at(-1);
      if (state.phase !== 'checking' || current?.question_id !== action.verdict.questionId) {
        return state;
      }
      return reveal({ ...state, verdict: action.verdict });
    }
    case 'hold-done':
      return reveal({ ...state, holdDone: true });
    case 'advance': {
      if (state.phase !== 'feedback') return state;
      const index = nextPlayable(action.questions, state.skipped, state.index + 1);
      if (index >= action.questions.length) return { ...state, phase: 'submitting' };
      return {
        ...state,
        index,
        phase: 'answering',
        selectedChoice: null,
        givenText: null,
        verdict: null,
        holdDone: false,
      };
    }
  }
}

export function verdictOf(response: CheckAnswerResponse): Verdict {
  return {
    questionId: response.question_id,
    isCorrect: response.is_correct,
    points: response.is_correct ? response.points_awarded : 0,
    speedBonus: response.is_correct ? response.speed_bonus : 0,
    correctAnswer: response.correct_answer,
    failed: false,
  };
}

export function failedVerdict(questionId: number): Verdict {
  return { questionId, isCorrect: false, points: 0, speedBonus: 0, failed: true };
}

type UseQuizPlayOptions = {
  attemptId: number;
  questions: readonly QuizQuestion[];
  answered: readonly AnsweredQuestion[];
  /** Sends one answer to `check-answer`. */
  check: (body: {
    attempt_id: number;
    question_id: number;
    mode: QuizQuestion['mode'];
    answer: number | string;
  }) => Promise<CheckAnswerResponse>;
};

export function useQuizPlay({ attemptId, questions, answered, check }: UseQuizPlayOptions) {
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    initialPlayState(questions, answered),
  );
  const question = state.index < questions.length ? questions[state.index] : undefined;

  const send = useCallback(
    (q: QuizQuestion, answer: number | string) => {
      check({ attempt_id: attemptId, question_id: q.question_id, mode: q.mode, answer }).then(
        (response) =>
          dispatch({
            type: 'verdict',
            // The server answers for the question asked; trust the id we sent.
            verdict: { ...verdictOf(response), questionId: q.question_id },
          }),
        () => dispatch({ type: 'verdict', verdict: failedVerdict(q.question_id) }),
      );
    },
    [attemptId, check],
  );

  const choose = useCallback(
    (choiceId: number) => {
      if (!question || question.mode === 'open' || state.phase !== 'answering') return;
      dispatch({ type: 'choose', question, choiceId });
      send(question, choiceId);
    },
    [question, send, state.phase],
  );

  const answerOpen = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!question || question.mode !== 'open' || state.phase !== 'answering' || !trimmed) return;
      dispatch({ type: 'answer-open', question, text: trimmed });
      send(question, trimmed);
    },
    [question, send, state.phase],
  );

  // The auto-advance: a choice's verdict shows 400 ms after it was made, at the earliest.
  const holding = state.phase === 'checking' && !state.holdDone;
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => dispatch({ type: 'hold-done' }), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [holding]);

  // The points animation lasts 1 s, then the next question (or the submit) comes.
  const showingFeedback = state.phase === 'feedback';
  useEffect(() => {
    if (!showingFeedback) return;
    const timer = window.setTimeout(
      () => dispatch({ type: 'advance', questions }),
      POINTS_ANIMATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [showingFeedback, questions]);

  return { state, question, choose, answerOpen };
}
