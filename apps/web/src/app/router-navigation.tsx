import { useMemo, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from '@/lib/navigation';

/** The app's navigation, as the page frame and the login form read it, from React Router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({
      location: { pathname, search, key },
      navigate: (to, options) => void navigate(to, options),
      Link,
      NavLink,
    }),
    [pathname, search, key, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
