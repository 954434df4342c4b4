import { useState } from 'react';
import { useCurrentUser } from '@/api/get-current-user';
import { PageContainer } from '@/components/ui/page-container';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BadgesPanel } from '../components/badges-panel';
import { ColleaguesPanel } from '../components/colleagues-panel';
import { ProfileForm } from '../components/profile-form';
import { ProfileHeader } from '../components/profile-header';
import { ProfileTabs, type ProfileTab } from '../components/profile-tabs';
import { TrainingPanel } from '../components/training-panel';
import styles from './profile-page.module.css';

type TabId = 'training' | 'pos' | 'badges' | 'profile';

const tabs: readonly ProfileTab<TabId>[] = [
  { id: 'training', label: t('profile.tabs.training') },
  { id: 'pos', label: t('profile.tabs.pos') },
  { id: 'badges', label: t('profile.tabs.badges') },
  { id: 'profile', label: t('profile.tabs.profile') },
];

/**
 * /profile (SPEC.md): the portrait (upload, delete), name, store and title, then four tabs:
 * Training, My POS (the colleagues of the store), Badges and Profile (the user's details).
 */
export function ProfilePage() {
  useDocumentTitle(t('page.profile'));
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<TabId>('training');

  if (!user) {
    return (
      <PageContainer>
        <div className={styles.loading}>
          <Spinner label={t('app.loading')} />
        </div>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <ProfileHeader user={user} />
      <ProfileTabs label={t('profile.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'training' ? <TrainingPanel /> : null}
        {tab === 'pos' ? <ColleaguesPanel user={user} /> : null}
        {tab === 'badges' ? <BadgesPanel /> : null}
        {tab === 'profile' ? <ProfileForm user={user} /> : null}
      </ProfileTabs>
    </PageContainer>
  );
}
