import { loginPathFor } from '@/lib/api-client';
import { config } from '@/lib/config';

/**
 * Every route of SPEC.md's route table, by name. `routePatterns` are what the router matches;
 * `paths` build the URLs, so features link to a page by its name ("quiz-play") and never by
 * concatenating strings.
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  register: '/register',
  quizStart: '/quiz/start',
  quizPlay: '/quiz/play',
  quizResult: '/quiz/result',
  quizDaily: '/quiz/daily',
  dailyQuestion: '/quiz/dailyquestion',
  training: '/training',
  users: '/users',
  rankings: '/rankings',
  badges: '/badges',
  profile: '/profile',
  duels: '/duels',
  duelCreate: '/duels/create',
  duelPlay: '/duels/play/:id',
  duelRound: '/duels/play/:id/round/:round',
  duelResult: '/duels/result/:id',
  league: `/${config.brandSlug}league`,
} as const;

/** Route ids, for `useRouteLoaderData` and friends; `quiz-play` is SPEC.md's named route. */
export const routeIds = {
  quizPlay: 'quiz-play',
} as const;

const id = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: () => routePatterns.home,
  /** The login page; with `redirect`, the page the user goes to after logging in. */
  login: (redirect?: string) => (redirect ? loginPathFor(redirect) : routePatterns.login),
  register: () => routePatterns.register,
  quizStart: (category?: string | number) =>
    category === undefined
      ? routePatterns.quizStart
      : `${routePatterns.quizStart}?${new URLSearchParams({ category: String(category) }).toString()}`,
  /** The named route quiz-play, with its `attempt_id` query. */
  quizPlay: (attemptId: string | number) =>
    `${routePatterns.quizPlay}?${new URLSearchParams({ attempt_id: String(attemptId) }).toString()}`,
  quizResult: () => routePatterns.quizResult,
  quizDaily: () => routePatterns.quizDaily,
  dailyQuestion: () => routePatterns.dailyQuestion,
  training: () => routePatterns.training,
  users: () => routePatterns.users,
  /** The rankings; with `split`, that split's tab (`current`: the one containing today, else the first). */
  rankings: (split?: number | 'current') =>
    split === undefined
      ? routePatterns.rankings
      : `${routePatterns.rankings}?${new URLSearchParams({ split: String(split) }).toString()}`,
  badges: () => routePatterns.badges,
  profile: () => routePatterns.profile,
  duels: (query?: { created?: 'success' }) =>
    query?.created
      ? `${routePatterns.duels}?${new URLSearchParams(query).toString()}`
      : routePatterns.duels,
  duelCreate: () => routePatterns.duelCreate,
  duelPlay: (duelId: string | number) => `/duels/play/${id(duelId)}`,
  /** A round of a duel; SPEC.md: the round defaults to 1. */
  duelRound: (duelId: string | number, round: number = 1) =>
    `/duels/play/${id(duelId)}/round/${id(round)}`,
  duelResult: (duelId: string | number) => `/duels/result/${id(duelId)}`,
  league: () => routePatterns.league,
} as const;
