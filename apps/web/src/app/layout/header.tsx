import { useEffect, useRef, useState } from 'react';
import { HEADER_BREAKPOINT_PX } from '@app/contract/constants';
import type { User } from '@app/contract/user';
import { paths } from '@/app/paths';
import { Avatar } from '@/components/ui/avatar';
import { Logo } from '@/components/ui/logo';
import { Menu, type MenuItem } from '@/components/ui/menu';
import { logout } from '@/features/auth/api/logout';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { AppLink, AppNavLink, useAppNavigation } from '@/lib/navigation';
import { useMediaQuery } from '@/lib/use-media-query';
import styles from './header.module.css';

const PANEL_ID = 'header-panel';

type NavItem = { id: string; to: string; label: string; end?: boolean; placeholder?: boolean };

function navItems(): NavItem[] {
  return [
    { id: 'home', to: paths.home(), label: t('nav.home'), end: true },
    { id: 'league', to: paths.league(), label: t('nav.league', { brand: config.brandName }) },
    { id: 'training', to: paths.training(), label: t('nav.training') },
    { id: 'duels', to: paths.duels(), label: t('nav.duels') },
    // Placeholders of the brand's site (SPEC.md: three links pointing to /).
    { id: 'collections', to: paths.home(), label: t('nav.collections'), placeholder: true },
    { id: 'boutiques', to: paths.home(), label: t('nav.boutiques'), placeholder: true },
    { id: 'events', to: paths.home(), label: t('nav.events'), placeholder: true },
  ];
}

/** PRODUCT.md §9: how many duels wait for the user's move, said after the Duels link. */
function awaitingText(count: number): string {
  return count === 1
    ? t('nav.duelsAwaiting.one')
    : t('nav.duelsAwaiting.other', { count: String(count) });
}

/** Who the header shows: the signed-in user (while known) and their duels awaiting a move. */
export type HeaderAccount = {
  isAuthenticated: boolean;
  user: User | undefined;
  awaitingCount: number;
};

export const GUEST_ACCOUNT: HeaderAccount = {
  isAuthenticated: false,
  user: undefined,
  awaitingCount: 0,
};

export function Header({ account }: { account: HeaderAccount }) {
  const { location } = useAppNavigation();
  const isNarrow = useMediaQuery(`(max-width: ${HEADER_BREAKPOINT_PX}px)`);
  const { user, isAuthenticated, awaitingCount } = account;

  // The panel is tied to the location it opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const panelOpen = isNarrow && openAt === location.key;
  const close = () => setOpenAt(null);

  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!panelOpen) {
      if (wasOpen.current) {
        // Give focus back to the burger unless the user put it somewhere else.
        const active = document.activeElement;
        if (!active || active === document.body || panelRef.current?.contains(active)) {
          burgerRef.current?.focus();
        }
      }
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      burgerRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [panelOpen]);

  const avatar = <Avatar src={user?.profile_picture_url} size="sm" className={styles.avatar} />;

  const accountItems: MenuItem[] = isAuthenticated
    ? [
        { id: 'profile', to: paths.profile(), label: t('account.profile') },
        // News has no action yet (SPEC.md); it only closes the menu or the panel.
        { id: 'news', onSelect: () => {}, label: t('account.news') },
        { id: 'logout', onSelect: () => void logout(), label: t('account.logout') },
      ]
    : [{ id: 'login', to: paths.login(), label: t('account.login') }];

  const navigation = (
    <nav aria-label={t('nav.label')} className={styles.nav}>
      <ul role="list" className={styles.navList}>
        {navItems().map((item) => (
          <li key={item.id}>
            {item.placeholder ? (
              <AppLink to={item.to} className={styles.navLink} onClick={close}>
                {item.label}
              </AppLink>
            ) : (
              <AppNavLink to={item.to} end={item.end} className={styles.navLink} onClick={close}>
                {item.label}
                {item.id === 'duels' && awaitingCount > 0 ? (
                  <>
                    <span className={styles.count} aria-hidden="true">
                      {awaitingCount > 99 ? '99+' : awaitingCount}
                    </span>
                    <span className="visually-hidden">, {awaitingText(awaitingCount)}</span>
                  </>
                ) : null}
              </AppNavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );

  // The narrow layout has no avatar menu: the panel offers the same account items under the links.
  const panel = (
    <div ref={panelRef} id={PANEL_ID} className={styles.panel} hidden={!panelOpen}>
      {navigation}
      <section aria-label={t('account.menu')}>
        {user ? (
          <div className={styles.identity}>
            <Avatar src={user.profile_picture_url} size="md" />
            <p className={styles.identityText}>
              <span className={styles.identityName}>{user.name}</span>
              {user.store ? <span className={styles.identityStore}>{user.store.name}</span> : null}
            </p>
          </div>
        ) : null}
        <ul role="list" className={styles.accountList}>
          {accountItems.map((item) => (
            <li key={item.id}>
              {item.to !== undefined ? (
                <AppLink to={item.to} className={styles.accountItem} onClick={close}>
                  {item.label}
                </AppLink>
              ) : (
                <button
                  type="button"
                  className={styles.accountItem}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );

  return (
    <header ref={headerRef} className={styles.header} data-layout={isNarrow ? 'narrow' : 'wide'}>
      <div className={styles.bar}>
        {isNarrow ? (
          <button
            ref={burgerRef}
            type="button"
            className={styles.burger}
            aria-expanded={panelOpen}
            aria-controls={PANEL_ID}
            aria-label={t('nav.menu')}
            aria-describedby={awaitingCount > 0 ? 'header-duels-awaiting' : undefined}
            onClick={() => setOpenAt(panelOpen ? null : location.key)}
          >
            {awaitingCount > 0 ? (
              <>
                <span className={styles.burgerCount} aria-hidden="true">
                  {awaitingCount > 99 ? '99+' : awaitingCount}
                </span>
                <span id="header-duels-awaiting" className="visually-hidden">
                  {awaitingText(awaitingCount)}
                </span>
              </>
            ) : null}
            <span
              className={styles.burgerLines}
              aria-hidden="true"
              data-open={panelOpen || undefined}
            >
              <span />
              <span />
            </span>
          </button>
        ) : (
          <span className={styles.spacer} aria-hidden="true" />
        )}
        {/* In the narrow layout the panel follows its button, in reading and tab order. */}
        {isNarrow ? panel : null}

        <AppLink to={paths.home()} className={styles.logoLink}>
          <Logo className={styles.logo} />
        </AppLink>

        <div className={styles.account}>
          {isNarrow ? (
            <AppLink
              to={isAuthenticated ? paths.profile() : paths.login()}
              className={styles.avatarButton}
              aria-label={isAuthenticated ? t('account.menu') : t('account.login')}
            >
              {avatar}
            </AppLink>
          ) : (
            <Menu
              label={t('account.menu')}
              trigger={avatar}
              items={accountItems}
              triggerClassName={styles.avatarButton}
            />
          )}
        </div>
      </div>

      {isNarrow ? null : navigation}
    </header>
  );
}
