import { paths } from '@/app/paths';
import { PageContainer } from '@/components/ui/page-container';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccordionSection } from '../components/accordion-section';
import { ActivityCard } from '../components/activity-card';
import { LeagueHero } from '../components/league-hero';
import { OnboardingActivities } from '../components/onboarding-activities';
import styles from './league-page.module.css';

/**
 * The league landing page (SPEC.md): the hero and its countdown to the next split, the onboarding
 * activities (open), Discoveries and Novelties (closed, their two cards not open yet), and the
 * challenges of every day.
 */
export function LeaguePage() {
  useDocumentTitle(t('page.league', { brand: config.brandName }));

  return (
    <PageContainer gap="lg">
      <LeagueHero />

      <div className={styles.blocks}>
        <OnboardingActivities />

        <AccordionSection title={t('league.discoveries.title')} meta={t('league.soon')}>
          <p className={styles.intro}>{t('league.discoveries.intro')}</p>
          <ul className={styles.cards} role="list">
            <li>
              <ActivityCard
                image="/images/lessons/collection-1.svg"
                title={t('league.discoveries.workshop.title')}
                body={t('league.discoveries.workshop.body')}
              />
            </li>
            <li>
              <ActivityCard
                image="/images/lessons/inspiration-2.svg"
                title={t('league.discoveries.materials.title')}
                body={t('league.discoveries.materials.body')}
              />
            </li>
          </ul>
        </AccordionSection>

        <AccordionSection title={t('league.novelties.title')} meta={t('league.soon')}>
          <p className={styles.intro}>{t('league.novelties.intro')}</p>
          <ul className={styles.cards} role="list">
            <li>
              <ActivityCard
                image="/images/lessons/main-collections-2.svg"
                title={t('league.novelties.year.title')}
                body={t('league.novelties.year.body')}
              />
            </li>
            <li>
              <ActivityCard
                image="/images/lessons/history-2.svg"
                title={t('league.novelties.icons.title')}
                body={t('league.novelties.icons.body')}
              />
            </li>
          </ul>
        </AccordionSection>

        <section className={styles.challenge} aria-labelledby="challenge-title">
          <h2 id="challenge-title" className={styles.challengeTitle}>
            {t('league.challenge.title')}
          </h2>
          <p className={styles.intro}>{t('league.challenge.intro')}</p>
          <ul className={styles.cards} role="list">
            <li>
              <ActivityCard
                image="/images/lessons/storytelling-1.svg"
                title={t('league.challenge.daily.title')}
                body={t('league.challenge.daily.body')}
                action={{ to: paths.quizDaily(), label: t('league.challenge.daily.link') }}
              />
            </li>
            <li>
              <ActivityCard
                image="/images/lessons/main-collections-1.svg"
                title={t('league.challenge.duel.title')}
                body={t('league.challenge.duel.body')}
                action={{ to: paths.duels(), label: t('league.challenge.duel.link') }}
              />
            </li>
          </ul>
        </section>
      </div>
    </PageContainer>
  );
}
