import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { getToken, useSession } from '@/lib/session';
import { paths } from './paths';

/**
 * Access rules of SPEC.md's route table. Loaders decide before a page loads or renders, so an
 * anonymous visitor never sees a protected page flash; `RequireAuth` also reacts when the session
 * ends while a protected page is open (logout in another tab, an expired token).
 */

/** "login required": to /login with the full path requested, query included. */
export function requireAuthLoader({ request }: LoaderFunctionArgs) {
  if (getToken()) return null;
  const url = new URL(request.url);
  throw redirect(paths.login(`${url.pathname}${url.search}`));
}

/** "/quiz/daily: public route; anonymous users are sent to /login". */
export function sendAnonymousToLoginLoader() {
  if (getToken()) return null;
  throw redirect(paths.login());
}

/** A logged-in user visiting /login goes home. */
export function guestOnlyLoader() {
  if (!getToken()) return null;
  throw redirect(paths.home());
}

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate replace to={paths.login(`${location.pathname}${location.search}`)} />;
  }
  return <Outlet />;
}
