import { z } from 'zod';
import { DUEL_ROUNDS } from './constants';
import { DUEL_LIST_STATUSES, DUEL_STATUSES, ROUND_STATUSES } from './duel-rules';
import { MAX_ID, quizQuestion } from './quiz';
import { publicUser } from './ranking';

export * from './duel-rules';

/**
 * Duels (PRODUCT.md §9): two colleagues, three rounds of five questions on one theme. The server
 * measures time, scores answers, decides each round and the duel, and writes the reward once.
 */

const id = z.coerce.number().int().positive().max(MAX_ID);

/** `GET /api/duel-quizzes`: the themes, one per training module and a mixed one. */
export const duelQuiz = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
});
export type DuelQuiz = z.infer<typeof duelQuiz>;
export const duelQuizzesResponse = z.object({ data: z.array(duelQuiz) });
export type DuelQuizzesResponse = z.infer<typeof duelQuizzesResponse>;

/** A player's play of a round. `score` and `time_seconds` are hidden (null) from the opponent until the round is completed by both. */
export const roundAttempt = z.object({
  user_id: z.number().int(),
  score: z.number().int().nullable(),
  /** Server-measured seconds from the quiz load to the submit. */
  time_seconds: z.number().int().nullable(),
  completed_at: z.string().nullable(),
});
export type RoundAttempt = z.infer<typeof roundAttempt>;

export const duelRound = z.object({
  id: z.number().int(),
  round_number: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  /** When the player who has not played yet must have played, once the other has. */
  deadline_at: z.string().nullable(),
  /** The winner of the round once completed by both; null for a tie or before. */
  winner_id: z.number().int().nullable(),
  attempts: z.array(roundAttempt),
});
export type DuelRound = z.infer<typeof duelRound>;

export const duel = z.object({
  id: z.number().int(),
  status: z.enum(DUEL_STATUSES),
  user1_id: z.number().int(),
  user2_id: z.number().int(),
  user1: publicUser,
  user2: publicUser,
  winner_id: z.number().int().nullable(),
  quiz_id: z.number().int(),
  quiz: duelQuiz,
  created_at: z.string(),
  /** A pending duel not accepted by then times out. */
  expires_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  rounds: z.array(duelRound),
  /** Whether the user has something to do: accept, or play a round. */
  awaiting_me: z.boolean(),
  /** The reward each player got once the duel ended (0 for a tie or a timeout without a winner). */
  rewards: z.array(z.object({ user_id: z.number().int(), points: z.number().int() })),
});
export type Duel = z.infer<typeof duel>;

/** `GET /api/duels?page[&status]`: newest activity first; `completed` includes timeouts. */
export const duelListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(DUEL_LIST_STATUSES).optional(),
});
export const duelList = z.object({
  data: z.array(duel),
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});
export type DuelList = z.infer<typeof duelList>;

export const createDuelRequest = z.object({ quiz_id: id, opponent_id: id });
export type CreateDuelRequest = z.input<typeof createDuelRequest>;

export const duelParams = z.object({ id });
export const roundParams = z.object({ id, round: z.coerce.number().int().min(1).max(DUEL_ROUNDS) });

/** `GET /api/duels/{id}/rounds/{round}/quiz`: the player's attempt of the round, created or resumed. */
export const roundQuiz = z.object({
  attempt_id: z.number().int(),
  round_number: z.number().int(),
  questions: z.array(quizQuestion),
  /** Questions already answered in this attempt (after a reload). */
  answered: z.array(
    z.object({
      question_id: z.number().int(),
      is_correct: z.boolean(),
      points_awarded: z.number().int(),
    }),
  ),
});
export type RoundQuiz = z.infer<typeof roundQuiz>;

export const submitRoundRequest = z.object({
  attempt_id: id,
  /** The client's timer, kept for reference; the server's time is what counts. */
  time_seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
});
export type SubmitRoundRequest = z.input<typeof submitRoundRequest>;

export const submitRoundResponse = z.object({
  is_round_completed: z.boolean(),
  is_duel_completed: z.boolean(),
  duel,
});
export type SubmitRoundResponse = z.infer<typeof submitRoundResponse>;

export const roundStatus = z.object({ is_completed: z.boolean(), status: z.enum(ROUND_STATUSES) });

/** `GET /api/duels/awaiting`: how many duels wait for the user (the header's count). */
export const awaitingDuels = z.object({ count: z.number().int() });
export type AwaitingDuels = z.infer<typeof awaitingDuels>;

/** `GET /api/duels/{id}/details`: once the duel is over, every question with both answers. */
export const duelDetails = z.object({
  rounds: z.array(
    z.object({
      round_number: z.number().int(),
      questions: z.array(
        quizQuestion.extend({
          correct_answers: z.array(z.string()),
          explanation: z.string().nullable(),
          answers: z.array(
            z.object({
              user_id: z.number().int(),
              answer: z.string().nullable(),
              is_correct: z.boolean(),
              points: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type DuelDetails = z.infer<typeof duelDetails>;

export const DUEL_ERRORS = {
  opponentUnknown: 'The selected opponent is invalid.',
  opponentSelf: 'You cannot challenge yourself.',
  alreadyPending: 'A duel between you two is already waiting to be accepted.',
  noOpponent: 'No colleague is available for a duel right now.',
  quizUnknown: 'The selected duel quiz is invalid.',
  onlyOpponentAccepts: 'Only the challenged player can accept this duel.',
  onlyCreatorCancels: 'Only the player who created this duel can cancel it.',
  notPending: 'This duel is no longer waiting to be accepted.',
  notInProgress: 'This duel is not in progress.',
  roundLocked: 'This round cannot be played before the previous one is completed by both players.',
  roundPlayed: 'You have already played this round.',
  wrongAttempt: 'This attempt is not yours for this round.',
  nothingAnswered: 'Answer at least one question before submitting the round.',
  questionsBusy:
    'Some questions of this round are open in another quiz of a player. Try again once it is over.',
  notOver: 'The details are shown once the duel is over.',
} as const;
