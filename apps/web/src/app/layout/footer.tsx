import { paths } from '@/app/paths';
import { Logo } from '@/components/ui/logo';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import styles from './footer.module.css';

export function Footer() {
  // Placeholders until the house's legal pages exist (SPEC.md).
  const links = [
    { id: 'terms', label: t('footer.terms') },
    { id: 'privacy', label: t('footer.privacy') },
    { id: 'principles', label: t('footer.principles') },
  ];
  return (
    <footer className={`below-fold ${styles.footer}`} data-theme="inverse">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo tone="light" className={styles.logo} />
          <p className={styles.motto} lang="fr">
            {t('footer.tagline')}
          </p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul role="list" className={styles.links}>
            {links.map((link) => (
              <li key={link.id}>
                <AppLink to={paths.home()} className={styles.link}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>
          {t('footer.copyright', { year: new Date().getFullYear(), brand: config.brandName })}
        </p>
      </div>
    </footer>
  );
}
