import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { t } from '@/lib/i18n';
import { showsChrome } from './chrome';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

/**
 * SPEC.md: scroll resets to the top on each navigation, a link to the current page included
 * (every navigation gets a new location key).
 */
function useScrollReset(locationKey: string) {
  useEffect(() => {
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

export function RootLayout() {
  const { pathname, key } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const chrome = showsChrome(pathname);
  useScrollReset(key);

  return (
    <>
      <a href="#main" className={styles.skipLink} onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <div className={styles.progress} data-active={busy || undefined} aria-hidden="true" />
      <RouteAnnouncer pathname={pathname} />
      {chrome ? <Header /> : null}
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      {chrome ? <Footer /> : null}
    </>
  );
}
