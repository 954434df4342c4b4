import { StrictMode, startTransition, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from '@/features/auth/pages/login-page';
import {
  NavigationProvider,
  isCurrentPath,
  isPlainClick,
  useAppNavigation,
  type AppLinkProps,
  type AppNavLinkProps,
  type Navigation,
} from '@/lib/navigation';
import { getToken } from '@/lib/session';
import { GUEST_ACCOUNT, Header } from './layout/header';
import { PageFrame } from './layout/page-frame';

/**
 * /login, the first page of most visits, has an entry of its own (decision 0030): the login page
 * in the page frame, without the router or the query cache. Whatever leaves the page (a link, the
 * login itself) hands the same React root over to the whole app at the new address. The app's
 * code starts loading as soon as the visitor taps or types, so it is there by the time they sign in.
 */

/** The whole app's code, asked for once: at the first tap or key, or when the visitor leaves. */
const importApp = () => import('./providers');
let app: ReturnType<typeof importApp> | undefined;
const loadApp = () => (app ??= importApp());

/** A link of the login page: followed by handing over to the app, or by the browser if asked to. */
function DocumentLink({ to, onClick, ...props }: AppLinkProps) {
  const { navigate } = useAppNavigation();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

function DocumentNavLink({ end, ...props }: AppNavLinkProps) {
  const { location } = useAppNavigation();
  const current = isCurrentPath(location.pathname, props.to, end);
  return <DocumentLink {...props} aria-current={current ? 'page' : undefined} />;
}

function LoginShell({ leave }: { leave: (to: string, replace: boolean) => void }) {
  const navigation = useMemo<Navigation>(() => {
    const { pathname, search } = window.location;
    return {
      location: { pathname, search, key: 'default' },
      navigate: (to, options) => leave(to, options?.replace ?? false),
      Link: DocumentLink,
      NavLink: DocumentNavLink,
    };
  }, [leave]);
  return (
    <NavigationProvider value={navigation}>
      <PageFrame header={<Header account={GUEST_ACCOUNT} />}>
        <LoginPage />
      </PageFrame>
    </NavigationProvider>
  );
}

/** Draws /login in `container`; the returned function takes it down (tests). */
export function startLoginShell(container: HTMLElement): () => void {
  const root = createRoot(container);
  // As in main.tsx: drawn as a transition, a render yields to the browser every few milliseconds.
  const render = (node: ReactNode) =>
    startTransition(() => root.render(<StrictMode>{node}</StrictMode>));

  const leave = (to: string, replace: boolean) => {
    loadApp().then(
      ({ AppProvider }) => {
        window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
        render(<AppProvider />);
      },
      () => {
        // The app's code did not come (a lost connection, a new version deployed meanwhile):
        // the browser goes there itself.
        if (replace) window.location.replace(to);
        else window.location.assign(to);
      },
    );
  };

  // A signed-in visitor is the app's: its router sends them home.
  if (getToken()) {
    leave(`${window.location.pathname}${window.location.search}`, true);
    return () => root.unmount();
  }
  const warm = () => void loadApp().catch(() => undefined);
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, warm, { once: true, passive: true });
  }
  render(<LoginShell leave={leave} />);
  return () => {
    for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, warm);
    root.unmount();
  };
}
