import {
  createContext,
  use,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type Ref,
} from 'react';

/**
 * What the page frame (header, menu, footer) and the login form need of navigation, without
 * depending on the router: the app gives it from React Router (`app/router-navigation.tsx`), the
 * login page's own entry from the document (`app/login-shell.tsx`). The first page of most visits,
 * /login, then loads no router at all (decision 0030).
 */

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this app, query included. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export type AppNavLinkProps = AppLinkProps & {
  /** Current only on this very path, not on the paths below it. */
  end?: boolean;
};

export type AppLocation = {
  pathname: string;
  search: string;
  /** New at each navigation, a navigation to the same path included. */
  key: string;
};

export type Navigation = {
  location: AppLocation;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** A link of the app. */
  Link: ComponentType<AppLinkProps>;
  /** A link of the app that says, with `aria-current="page"`, when its page is the one shown. */
  NavLink: ComponentType<AppNavLinkProps>;
};

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

export function useAppNavigation(): Navigation {
  const navigation = use(NavigationContext);
  if (!navigation) throw new Error('useAppNavigation needs a NavigationProvider above it.');
  return navigation;
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useAppNavigation();
  return <Link {...props} />;
}

export function AppNavLink(props: AppNavLinkProps) {
  const { NavLink } = useAppNavigation();
  return <NavLink {...props} />;
}

/** Whether a link to `to` is current at `pathname`: the same path, or one below it unless `end`. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const target = to.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');
  return pathname === target || (!end && pathname.startsWith(`${target}/`));
}

/** A click the browser would follow in this tab: the main button, no modifier key. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}
