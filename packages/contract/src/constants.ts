/** Business constants shared by the server and the web app. */

export const QUESTION_MODES = ['qcm_2', 'qcm_4', 'open'] as const;
export type QuestionMode = (typeof QUESTION_MODES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Points a correct answer earns, by question mode. */
export const POINTS_BY_MODE: Record<QuestionMode, number> = {
  qcm_2: 250,
  qcm_4: 500,
  open: 1000,
};

/** Each difficulty draws questions of one mode. */
export const MODE_BY_DIFFICULTY: Record<Difficulty, QuestionMode> = {
  easy: 'qcm_2',
  medium: 'qcm_4',
  hard: 'open',
};

export const QUIZ_QUESTION_COUNT = 10;
export const QUIZ_ATTEMPT_TTL_HOURS = 2;
export const RANKED_QUIZZES_PER_DAY = 5;

export const DUEL_ROUNDS = 3;
export const DUEL_QUESTIONS_PER_ROUND = 5;
export const DUEL_WINNER_POINTS = 1000;
export const DUEL_LOSER_POINTS = -250;
export const DUEL_RESPONSE_HOURS = 24;

/** Client timings, in milliseconds, kept as SPEC.md states them. */
export const POINTS_ANIMATION_MS = 1000;
export const AUTO_ADVANCE_MS = 400;
export const DUEL_REDIRECT_MS = 500;
export const EMAIL_CHECK_DELAY_MS = 1000;

export const HEADER_BREAKPOINT_PX = 768;
export const CALENDAR_BREAKPOINT_PX = 900;

export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** The portrait of a user without a profile picture (an image the web app ships). */
export const DEFAULT_AVATAR_URL = '/images/avatar-default.svg';

/** OWASP ASVS 2.1.1: staff cannot choose their password, so the one an admin sets is theirs for good. */
export const PASSWORD_MIN_LENGTH = 12;
export const TOKEN_IDLE_DAYS = 30;

export const TRAINING_CATEGORIES = [
  'history',
  'collection',
  'inspiration',
  'storytelling',
  'main-collections',
] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];

export const ROLES = ['staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const LEDGER_REASONS = ['quiz', 'daily', 'duel_win', 'duel_loss', 'admin'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const BADGE_CODES = [
  'first_quiz',
  'perfect_quiz',
  'perfect_hard_quiz',
  'all_trainings',
  'streak_7',
  'streak_30',
  'first_duel_won',
  'duels_won_5',
  'daily_answers_50',
  'global_top_3',
] as const;
export type BadgeCode = (typeof BADGE_CODES)[number];

/** Local storage keys, exactly as SPEC.md names them. */
export const STORAGE_KEYS = {
  user: 'user',
  completedTrainings: 'completedTrainings',
  submittedQuizzes: 'submittedQuizzes',
  quizResults: 'quizResults',
  dailyQuestionAnswered: 'dailyQuestionAnswered',
  dailyQuestionResult: 'dailyQuestionResult',
} as const;

export const QUIZ_TITLES: Record<Difficulty, string> = {
  easy: 'Quiz facile',
  medium: 'Quiz intermédiaire',
  hard: 'Quiz difficile',
};
