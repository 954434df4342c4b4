import type { ReactNode } from 'react';
import { Emblem } from '@/components/ui/emblem';
import { Logo } from '@/components/ui/logo';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import styles from './auth-layout.module.css';

type AuthLayoutProps = {
  eyebrow: string;
  title: string;
  intro?: string;
  lang?: string;
  children: ReactNode;
};

/** The frame of the login and register pages: the form, and on wide screens the house's motto. */
export function AuthLayout({ eyebrow, title, intro, lang, children }: AuthLayoutProps) {
  return (
    <div className={styles.layout}>
      <aside className={styles.aside} data-theme="inverse" aria-hidden="true">
        <Logo tone="light" className={styles.asideLogo} />
        <div className={styles.asideText}>
          <span className={styles.asideRule} />
          <p className={styles.quote} lang="fr">
            {t('login.asideQuote')}
          </p>
          <p className={styles.asideBody}>{t('login.asideBody')}</p>
        </div>
        <p className={styles.caption}>{t('login.asideCaption', { brand: config.brandName })}</p>
      </aside>
      <section className={styles.panel} aria-labelledby="auth-title" lang={lang}>
        <div className={styles.inner}>
          {/* The header already carries the full logo; the page bears the house's seal. */}
          <Emblem alt={config.brandName} className={styles.emblem} />
          <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          <div className={styles.content}>{children}</div>
        </div>
      </section>
    </div>
  );
}
