import { useCurrentUser } from '@/api/get-current-user';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BrandCup } from '../components/brand-cup';
import { HomeHero } from '../components/home-hero';
import { NoveltiesLocked } from '../components/novelties-locked';
import { OnboardingProgress } from '../components/onboarding-progress';
import { SplitCards } from '../components/split-cards';
import styles from './home-page.module.css';

/**
 * Home (SPEC.md): a welcome, the onboarding progress, a hero with the team's note, the split cards,
 * the brand cup and the locked novelties.
 */
export function HomePage() {
  const { user } = useCurrentUser();
  useDocumentTitle(t('home.title'));

  return (
    <PageContainer gap="lg">
      <section className={styles.welcome} aria-labelledby="home-title">
        <PageHeader
          eyebrow={t('home.eyebrow', { brand: config.brandName })}
          title={
            user ? t('home.welcome', { first_name: user.first_name }) : t('home.welcomeAnonymous')
          }
          titleId="home-title"
          size="xl"
          lede={t('home.lede')}
        />
        <OnboardingProgress />
      </section>

      <HomeHero />

      <SplitCards />

      <BrandCup />

      <NoveltiesLocked />
    </PageContainer>
  );
}
