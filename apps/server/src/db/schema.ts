import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings and calendar days are
 * `YYYY-MM-DD` strings on both engines; flags are 0/1 integers.
 */
export interface Database {
  stores: StoresTable;
  users: UsersTable;
  personal_access_tokens: TokensTable;
  categories: CategoriesTable;
  training_modules: TrainingModulesTable;
  questions: QuestionsTable;
  question_choices: QuestionChoicesTable;
  question_reviews: QuestionReviewsTable;
  question_holds: QuestionHoldsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_attempt_questions: QuizAttemptQuestionsTable;
  points_ledger: PointsLedgerTable;
  badges: BadgesTable;
  user_badges: UserBadgesTable;
  titles: TitlesTable;
  splits: SplitsTable;
  split_totals: SplitTotalsTable;
  daily_questions: DailyQuestionsTable;
  daily_answers: DailyAnswersTable;
  training_completions: TrainingCompletionsTable;
  duel_quizzes: DuelQuizzesTable;
  duels: DuelsTable;
  duel_rounds: DuelRoundsTable;
  duel_round_questions: DuelRoundQuestionsTable;
  duel_round_attempts: DuelRoundAttemptsTable;
}

type Flag = 0 | 1;

export interface StoresTable {
  id: Generated<number>;
  name: string;
  city: string;
  country: string;
  timezone: string;
  created_at: string;
  /** Name, city and country folded for the search (lib/search-text.ts). */
  search_text: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: 'staff' | 'admin';
  store_id: number | null;
  profile_picture: string | null;
  website: string | null;
  total_points: Generated<number>;
  points_updated_at: string;
  /** "first last" and "last first" folded for the search (lib/search-text.ts). */
  search_name: Generated<string>;
  /** Last name then first name, folded: the order of the people list. */
  sort_name: Generated<string>;
  /** Moves with every change of `total_points`: a copy of the ranking keeps the newest value. */
  points_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: string;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  key: string;
  name: string;
  position: number;
}

export interface TrainingModulesTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  description: string;
  cover: string;
  /** JSON: {intro, sections: [{heading, paragraphs}], key_points} */
  lesson: string;
  position: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  key: string;
  category_id: number;
  mode: 'qcm_2' | 'qcm_4' | 'open';
  text: string;
  correct_choice_id: number | null;
  /** JSON array of strings, for open questions. */
  accepted_answers: string | null;
  explanation: string | null;
  active: Flag;
  created_at: string;
  updated_at: string;
}

export interface QuestionChoicesTable {
  id: Generated<number>;
  question_id: number;
  choice_id: number;
  text: string;
  position: number;
}

/** Leitner box of a question for a user: what spaced repetition reads. */
export interface QuestionReviewsTable {
  user_id: number;
  question_id: number;
  box: number;
  last_answered_at: string;
  due_at: string;
  last_correct: Flag;
}

/**
 * A question open for a user somewhere: in a quiz, a training validation or a duel round. One row
 * per (user, question), so a question is open in one place at a time for a user.
 */
export interface QuestionHoldsTable {
  user_id: number;
  question_id: number;
  /** What holds it, e.g. `attempt:12`. */
  holder: string;
  /** The hold lapses with its holder's deadline, even if nothing released it. */
  expires_at: string;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'quiz' | 'training' | 'duel';
  difficulty: 'easy' | 'medium' | 'hard' | null;
  category_id: number | null;
  title: string;
  status: 'open' | 'closed';
  created_at: string;
  expires_at: string;
  closed_at: string | null;
  score: number | null;
  max_points: number;
  speed_bonus: number | null;
  correct_count: number | null;
  duration: number | null;
  ranked: Flag | null;
  /** The user's calendar day of the submit and the slot (1..limit) it took among ranked quizzes. */
  ranked_date: string | null;
  ranked_slot: number | null;
}

export interface QuizAttemptQuestionsTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  position: number;
  /** JSON array of choice ids in the order this attempt shows them. */
  choice_order: string | null;
  answer: string | null;
  is_correct: Flag | null;
  points_awarded: Generated<number>;
  speed_bonus: Generated<number>;
  answered_at: string | null;
  elapsed_ms: number | null;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: 'quiz' | 'daily' | 'duel_win' | 'duel_loss' | 'admin';
  reference: string;
  created_at: string;
}

export interface BadgesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  icon: string;
  position: number;
}

export interface UserBadgesTable {
  id: Generated<number>;
  user_id: number;
  badge_id: number;
  earned_at: string;
}

export interface TitlesTable {
  id: Generated<number>;
  key: string;
  name: string;
  min_points: number;
  image: string;
}

export interface SplitsTable {
  id: Generated<number>;
  name: string;
  start_date: string;
  end_date: string;
  /** The first instant of `start_date` and of the day after `end_date` in the brand's time zone. */
  start_at: string | null;
  end_at: string | null;
}

/** A user's points inside a split: the sum of their ledger rows dated in it, kept with each row. */
export interface SplitTotalsTable {
  split_id: number;
  user_id: number;
  total: number;
  /** When the total last changed: of two equal totals, the one reached first ranks first. */
  reached_at: string;
  version: Generated<number>;
}

export interface DailyQuestionsTable {
  day: string;
  question_id: number;
  /** Picks of one cycle never repeat a question; a new cycle starts once every question was used. */
  cycle: Generated<number>;
  created_at: string;
}

export interface DailyAnswersTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  question_id: number;
  answer: string;
  is_correct: Flag;
  points: number;
  /** Consecutive right answers ending with this one (0 for a wrong one). */
  streak: Generated<number>;
  created_at: string;
}

export interface TrainingCompletionsTable {
  id: Generated<number>;
  user_id: number;
  module_id: number;
  completed_at: string;
}

export interface DuelQuizzesTable {
  id: Generated<number>;
  key: string;
  name: string;
  description: string;
  category_id: number | null;
}

export interface DuelsTable {
  id: Generated<number>;
  user1_id: number;
  user2_id: number;
  duel_quiz_id: number;
  status: 'pending' | 'in_progress' | 'completed' | 'timeout';
  winner_id: number | null;
  rematch_of_id: number | null;
  /** "low:high" user ids while pending, else null: a unique index allows one pending duel a pair. */
  pending_pair: string | null;
  created_at: string;
  accepted_at: string | null;
  completed_at: string | null;
  last_activity_at: string;
}

export interface DuelRoundsTable {
  id: Generated<number>;
  duel_id: number;
  round_number: number;
  status: 'pending' | 'in_progress' | 'completed';
  started_at: string | null;
  first_submitted_at: string | null;
  deadline_at: string | null;
  completed_at: string | null;
}

export interface DuelRoundQuestionsTable {
  id: Generated<number>;
  round_id: number;
  question_id: number;
  position: number;
}

export interface DuelRoundAttemptsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  quiz_attempt_id: number;
  score: number | null;
  time_seconds: number | null;
  server_time_seconds: number | null;
  started_at: string;
  completed_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StoreRow = Selectable<StoresTable>;
