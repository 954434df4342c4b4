import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { t } from '@/lib/i18n';
import { useAppNavigation } from '@/lib/navigation';
import { showsChrome } from './chrome';
import { Footer } from './footer';
import styles from './page-frame.module.css';

/**
 * SPEC.md: scroll resets to the top on each navigation, a link to the current page included
 * (every navigation gets a new location key). Done before the browser paints, so the new page is
 * never shown for a frame at the old page's offset.
 */
function useScrollReset(locationKey: string) {
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [locationKey]);
}

/** Tells screen reader users that a new page is shown, by reading its title once it is set. */
function RouteAnnouncer({ pathname }: { pathname: string }) {
  const [announcement, setAnnouncement] = useState('');
  // The path last announced (or first shown): the first page is announced by the browser itself.
  // Compared, not flagged "first run", so an effect run twice on mount stays silent.
  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    const timer = setTimeout(() => setAnnouncement(document.title), 300);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Focus the main region without touching the URL hash (the router owns the URL).
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

type PageFrameProps = {
  /** The header, drawn only on pages that show it (its data is then asked for, not before). */
  header: ReactNode;
  /** A page is loading: a hairline runs at the top and the main region is marked busy. */
  busy?: boolean;
  children: ReactNode;
};

/**
 * What surrounds every page: the skip link, the loading hairline, the announcer of new pages, and
 * the header and footer where the path shows them. The app's router and the login page's own entry
 * both draw their pages in it.
 */
export function PageFrame({ header, busy = false, children }: PageFrameProps) {
  const { pathname, key } = useAppNavigation().location;
  const chrome = showsChrome(pathname);
  useScrollReset(key);

  return (
    <>
      <a href="#main" className={styles.skipLink} onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <div className={styles.progress} data-active={busy || undefined} aria-hidden="true" />
      <RouteAnnouncer pathname={pathname} />
      {chrome ? header : null}
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        {children}
      </main>
      {chrome ? <Footer /> : null}
    </>
  );
}
