import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, redirect, useParams, type RouteObject } from 'react-router';
import { HomePage } from '@/features/home/pages/home-page';
import { QuizStartPage } from '@/features/quiz/pages/quiz-start-page';
import { RootLayout } from './layout/root-layout';
import { paths, routeIds, routePatterns } from './paths';
import {
  RequireAuth,
  guestOnlyLoader,
  requireAuthLoader,
  sendAnonymousToLoginLoader,
} from './route-guards';
import { PageLoader } from './routes/page-loader';
import { RouteErrorPage } from './routes/route-error-page';

/** Each page is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** The loader redirects before anything renders; this covers a render all the same. */
function RedirectToFirstRound() {
  const { id = '' } = useParams();
  return <Navigate replace to={paths.duelRound(id, 1)} />;
}

/** Route paths are relative to the root route: drop the leading slash of the pattern. */
const rel = (pattern: string) => pattern.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Errors and first loads show inside the layout, header and footer kept.
        id: 'pages',
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageLoader,
        children: [
          // Public
          {
            path: rel(routePatterns.login),
            loader: guestOnlyLoader,
            ...page(() => import('@/features/auth/pages/login-page').then((m) => m.LoginPage)),
          },
          {
            path: rel(routePatterns.register),
            ...page(() =>
              import('@/features/auth/pages/register-page').then((m) => m.RegisterPage),
            ),
          },
          {
            path: rel(routePatterns.quizResult),
            ...page(() =>
              import('@/features/quiz/pages/quiz-result-page').then((m) => m.QuizResultPage),
            ),
          },
          {
            path: rel(routePatterns.dailyQuestion),
            ...page(() =>
              import('@/features/daily/pages/daily-question-page').then((m) => m.DailyQuestionPage),
            ),
          },
          {
            path: rel(routePatterns.quizDaily),
            loader: sendAnonymousToLoginLoader,
            ...page(() =>
              import('@/features/daily/pages/daily-challenge-page').then(
                (m) => m.DailyChallengePage,
              ),
            ),
          },

          // Login required
          {
            id: 'protected',
            loader: requireAuthLoader,
            Component: RequireAuth,
            children: [
              // The first page of a signed-in visit, and the quiz it offers first, come with the
              // app, not a moment after it (decision 0047).
              { index: true, Component: HomePage },
              { path: rel(routePatterns.quizStart), Component: QuizStartPage },
              {
                id: routeIds.quizPlay,
                path: rel(routePatterns.quizPlay),
                ...page(() =>
                  import('@/features/quiz/pages/quiz-play-page').then((m) => m.QuizPlayPage),
                ),
              },
              {
                path: rel(routePatterns.training),
                ...page(() =>
                  import('@/features/training/pages/training-page').then((m) => m.TrainingPage),
                ),
              },
              {
                path: rel(routePatterns.users),
                ...page(() => import('@/features/users/pages/users-page').then((m) => m.UsersPage)),
              },
              {
                path: rel(routePatterns.rankings),
                ...page(() =>
                  import('@/features/ranking/pages/rankings-page').then((m) => m.RankingsPage),
                ),
              },
              {
                path: rel(routePatterns.badges),
                ...page(() =>
                  import('@/features/badge/pages/badges-page').then((m) => m.BadgesPage),
                ),
              },
              {
                path: rel(routePatterns.profile),
                ...page(() =>
                  import('@/features/profile/pages/profile-page').then((m) => m.ProfilePage),
                ),
              },
              {
                path: rel(routePatterns.duels),
                ...page(() => import('@/features/duel/pages/duels-page').then((m) => m.DuelsPage)),
              },
              {
                path: rel(routePatterns.duelCreate),
                ...page(() =>
                  import('@/features/duel/pages/duel-create-page').then((m) => m.DuelCreatePage),
                ),
              },
              {
                path: rel(routePatterns.duelRound),
                ...page(() =>
                  import('@/features/duel/pages/duel-round-page').then((m) => m.DuelRoundPage),
                ),
              },
              {
                // SPEC.md: /duels/play/{id} redirects to round 1.
                path: rel(routePatterns.duelPlay),
                loader: ({ params }) => redirect(paths.duelRound(params.id ?? '', 1)),
                Component: RedirectToFirstRound,
              },
              {
                path: rel(routePatterns.duelResult),
                ...page(() =>
                  import('@/features/duel/pages/duel-result-page').then((m) => m.DuelResultPage),
                ),
              },
              {
                path: rel(routePatterns.league),
                ...page(() =>
                  import('@/features/league/pages/league-page').then((m) => m.LeaguePage),
                ),
              },
            ],
          },

          {
            path: '*',
            ...page(() => import('./routes/not-found-page').then((m) => m.NotFoundPage)),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
