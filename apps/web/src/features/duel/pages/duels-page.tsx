import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Duel } from '@app/contract/duel';
import { DUEL_LIST_STATUSES, DUEL_REWARDS } from '@app/contract/duel-rules';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptDuel } from '../api/accept-duel';
import { useCancelDuel } from '../api/cancel-duel';
import { useDuels } from '../api/get-duels';
import type { DuelListStatus } from '../api/keys';
import { DuelSection } from '../components/duel-section';
import { fullName, sidesOf } from '../utils/duel-rules';
import { serverMessageOr } from '../utils/server-message';
import styles from './duels-page.module.css';

/**
 * `/duels` (SPEC.md): the pending, active and completed duels, each list paged by the server.
 * Accept (user2) and Cancel (user1) on pending duels, with their own errors; Play to the right
 * round; the confirmation after creating a duel (`?created=success`).
 */
export function DuelsPage() {
  useDocumentTitle(t('page.duels'));
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const created = searchParams.get('created') === 'success';
  const accept = useAcceptDuel();
  const cancel = useCancelDuel();
  const [busy, setBusy] = useState<{ id: number; kind: 'accept' | 'cancel' } | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<Duel | null>(null);
  const [pages, setPages] = useState<Record<DuelListStatus, number>>({
    pending: 1,
    active: 1,
    completed: 1,
  });
  const lists = {
    pending: useDuels('pending', pages.pending),
    active: useDuels('active', pages.active),
    completed: useDuels('completed', pages.completed),
  };
  // When nothing could be loaded, the error is said once, not three times.
  const allFailed = DUEL_LIST_STATUSES.every(
    (status) => lists[status].isError && !lists[status].data,
  );
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);

  const setError = (id: number, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message === null) delete next[id];
      else next[id] = message;
      return next;
    });

  const onAccept = (duel: Duel) => {
    setError(duel.id, null);
    setAnnouncement('');
    setBusy({ id: duel.id, kind: 'accept' });
    accept.mutate(duel.id, {
      onSuccess: () => {
        setAnnouncement(t('duels.accepted'));
        // The duel moves to the active list: so does focus.
        activeHeading.current?.focus();
      },
      onError: (error) => setError(duel.id, serverMessageOr(error, t('duels.errors.accept'))),
      onSettled: () => setBusy(null),
    });
  };

  const confirmCancel = () => {
    const duel = confirming;
    if (!duel) return;
    setConfirming(null);
    setError(duel.id, null);
    setAnnouncement('');
    setBusy({ id: duel.id, kind: 'cancel' });
    cancel.mutate(duel.id, {
      onSuccess: () => {
        setAnnouncement(t('duels.cancelled'));
        pendingHeading.current?.focus();
      },
      onError: (error) => setError(duel.id, serverMessageOr(error, t('duels.errors.cancel'))),
      onSettled: () => setBusy(null),
    });
  };

  const dismissCreated = () =>
    setSearchParams(
      (params) => {
        params.delete('created');
        return params;
      },
      { replace: true },
    );

  const opponentName = confirming && user ? fullName(sidesOf(confirming, user.id).opponent) : '';

  return (
    <PageContainer gap="lg">
      <div className={styles.intro}>
        <PageHeader
          eyebrow={t('duels.eyebrow')}
          title={t('duels.heading')}
          lede={t('duels.lede', { points: DUEL_REWARDS.winner })}
        />
        <ButtonLink to={paths.duelCreate()} className={styles.create}>
          {t('duels.create')}
        </ButtonLink>
      </div>

      {created ? (
        <div className={styles.created} role="status">
          <span className={styles.createdMark} aria-hidden="true" />
          <p className={styles.createdText}>{t('duels.created')}</p>
          <Button variant="ghost" size="sm" onClick={dismissCreated}>
            {t('duels.createdDismiss')}
          </Button>
        </div>
      ) : null}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {allFailed ? (
        <Notice
          tone="error"
          action={
            <Button
              variant="secondary"
              onClick={() => DUEL_LIST_STATUSES.forEach((status) => void lists[status].refetch())}
            >
              {t('duels.retry')}
            </Button>
          }
        >
          <span lang="fr">{t('duels.errors.load')}</span>
        </Notice>
      ) : user ? (
        <div className={styles.sections}>
          {DUEL_LIST_STATUSES.map((status) => (
            <DuelSection
              key={status}
              status={status}
              list={lists[status]}
              onPage={(page) => setPages((current) => ({ ...current, [status]: page }))}
              userId={user.id}
              headingRef={
                status === 'active'
                  ? activeHeading
                  : status === 'pending'
                    ? pendingHeading
                    : undefined
              }
              onAccept={onAccept}
              onCancel={(duel) => setConfirming(duel)}
              busy={busy}
              errors={errors}
            />
          ))}
        </div>
      ) : null}

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        size="sm"
        title={t('duels.cancelDialog.title')}
        description={t('duels.cancelDialog.body', { name: opponentName })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('duels.cancelDialog.keep')}
            </Button>
            <Button onClick={confirmCancel}>{t('duels.cancelDialog.confirm')}</Button>
          </>
        }
      />
    </PageContainer>
  );
}
