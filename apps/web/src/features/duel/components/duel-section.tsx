import type { Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Duel, DuelList } from '@app/contract/duel';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import type { DuelListStatus } from '../api/keys';
import { DuelCard } from './duel-card';
import styles from './duel-section.module.css';

const texts: Record<
  DuelListStatus,
  { title: string; detail: string; empty: string; pages: string }
> = {
  pending: {
    title: t('duels.section.pending'),
    detail: t('duels.section.pendingDetail'),
    empty: t('duels.empty.pending'),
    pages: t('duels.pages.pending'),
  },
  active: {
    title: t('duels.section.active'),
    detail: t('duels.section.activeDetail'),
    empty: t('duels.empty.active'),
    pages: t('duels.pages.active'),
  },
  completed: {
    title: t('duels.section.completed'),
    detail: t('duels.section.completedDetail'),
    empty: t('duels.empty.completed'),
    pages: t('duels.pages.completed'),
  },
};

type DuelSectionProps = {
  status: DuelListStatus;
  /** The page of this list, as `useDuels` loads it. */
  list: UseQueryResult<DuelList>;
  onPage: (page: number) => void;
  userId: number;
  headingRef?: Ref<HTMLHeadingElement>;
  onAccept: (duel: Duel) => void;
  onCancel: (duel: Duel) => void;
  busy: { id: number; kind: 'accept' | 'cancel' } | null;
  errors: Record<number, string>;
};

/** One list of the dashboard (pending, active or completed), 10 a page, paged by the server. */
export function DuelSection({
  status,
  list,
  onPage,
  userId,
  headingRef,
  onAccept,
  onCancel,
  busy,
  errors,
}: DuelSectionProps) {
  const headingId = `duels-${status}`;
  const text = texts[status];
  const data = list.data;

  let body;
  if (list.isError && !data) {
    body = (
      <Notice tone="error" onRetry={() => void list.refetch()} retryLabel={t('duels.retry')}>
        <span lang="fr">{t('duels.errors.load')}</span>
      </Notice>
    );
  } else if (!data) {
    body = (
      <p className={styles.loading}>
        <Spinner label={t('duels.loading')} />
      </p>
    );
  } else if (data.data.length === 0) {
    body = (
      <Notice tone="empty" className={styles.empty}>
        {text.empty}
      </Notice>
    );
  } else {
    body = (
      <>
        <ul
          role="list"
          className={styles.list}
          aria-busy={(list.isFetching && list.isPlaceholderData) || undefined}
        >
          {data.data.map((duel) => (
            <li key={duel.id}>
              <DuelCard
                duel={duel}
                userId={userId}
                onAccept={onAccept}
                onCancel={onCancel}
                busy={busy?.id === duel.id ? busy.kind : undefined}
                error={errors[duel.id]}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onChange={onPage}
          label={text.pages}
          busy={list.isFetching && list.isPlaceholderData}
        />
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className={styles.title}>
          {text.title}
          {data && data.total > 0 ? (
            <span className={styles.count}>
              <span className="visually-hidden"> (</span>
              {t('duels.count', { count: data.total })}
              <span className="visually-hidden">)</span>
            </span>
          ) : null}
        </h2>
        <p className={styles.detail}>{text.detail}</p>
      </div>
      {body}
    </section>
  );
}
