import { useId, useRef } from 'react';
import { USER_SORTS } from '@app/contract/ranking-rules';
import { useStores } from '@/api/get-stores';
import { Button } from '@/components/ui/button';
import { ListFilters } from '@/components/ui/list-filters';
import { Notice } from '@/components/ui/notice';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SortToggle } from '@/components/ui/sort-toggle';
import { Spinner } from '@/components/ui/spinner';
import { config } from '@/lib/config';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  listQuery,
  noFilters,
  useListFilters,
  type ListFilters as Filters,
} from '@/lib/use-list-filters';
import { useUsers } from '@/api/get-users';
import { UserCard } from '../components/user-card';
import styles from './users-page.module.css';

type UserSort = (typeof USER_SORTS)[number];

/** A multiple of two and three: the grid's rows are full on every screen. */
const PER_PAGE = 24;

const initialFilters: Filters & { sort: UserSort } = {
  ...noFilters(),
  sort: 'name',
  order: 'asc',
  page: 1,
};

const sortLabels: Record<UserSort, string> = {
  name: t('users.sort.name'),
  country: t('users.sort.country'),
  store: t('users.sort.store'),
};

function countText(total: number): string {
  if (total === 0) return t('users.count.none');
  if (total === 1) return t('users.count.one');
  return t('users.count.other', { count: formatPoints(total) });
}

/**
 * The users list (SPEC.md, French labels): a search over name, country, city and store, filters
 * by country and by store, a sort by name, country or store with an ascending/descending toggle,
 * and server paging. Only what anyone may see of a colleague is shown: never an email.
 */
export function UsersPage() {
  useDocumentTitle(t('page.users'));
  const sortId = useId();
  const listHeadingId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);
  const stores = useStores();
  const list = useListFilters(initialFilters);
  const users = useUsers({
    ...listQuery(list.filters, PER_PAGE),
    city: undefined,
    sort: list.filters.sort,
  });
  const data = users.data;
  const busy = users.isFetching && users.isPlaceholderData;

  let results;
  if (users.isError && !data) {
    results = (
      <Notice tone="error" onRetry={() => void users.refetch()}>
        {t('users.errors.load')}
      </Notice>
    );
  } else if (!data) {
    results = (
      <div className={styles.loading}>
        <Spinner label={t('users.loading')} />
      </div>
    );
  } else if (data.total === 0 || data.data.length === 0) {
    results = list.filtered ? (
      <Notice
        tone="empty"
        action={
          <Button variant="secondary" size="sm" onClick={list.clear}>
            {t('lists.clearFilters')}
          </Button>
        }
      >
        {t('users.noMatch')}
      </Notice>
    ) : (
      <Notice tone="empty">{t('users.empty')}</Notice>
    );
  } else {
    results = (
      <>
        {users.isError ? <Notice tone="error">{t('users.errors.load')}</Notice> : null}
        <ul
          className={styles.grid}
          role="list"
          aria-labelledby={listHeadingId}
          aria-busy={busy || undefined}
        >
          {data.data.map((person) => (
            <li key={person.id}>
              <UserCard person={person} />
            </li>
          ))}
        </ul>
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onChange={list.setPage}
          listRef={resultsRef}
          label={t('users.pages')}
          busy={busy}
        />
      </>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        eyebrow={t('users.eyebrow', { brand: config.brandName })}
        title={t('users.heading')}
        size="xl"
        lede={t('users.lede')}
      />

      <ListFilters
        label={t('users.filters')}
        search={list.search}
        searchPlaceholder={t('users.searchPlaceholder')}
        onSearch={list.setSearch}
        onSubmitSearch={list.submitSearch}
        fields={['country', 'store']}
        selection={list.filters}
        onChange={list.update}
        stores={stores.data?.data ?? []}
      >
        <p className={styles.count} role="status">
          {data ? countText(data.total) : ''}
        </p>
        {list.filtered ? (
          <Button variant="ghost" size="sm" onClick={list.clear}>
            {t('lists.clearFilters')}
          </Button>
        ) : null}
        <div className={styles.sort}>
          <label htmlFor={sortId} className={styles.sortLabel}>
            {t('users.sortBy')}
          </label>
          <select
            id={sortId}
            className={styles.select}
            value={list.filters.sort}
            onChange={(event) => list.update({ sort: event.target.value as UserSort })}
          >
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
          <SortToggle
            label={t('users.orderLabel')}
            order={list.filters.order}
            onToggle={() => list.update({ order: list.filters.order === 'asc' ? 'desc' : 'asc' })}
          />
        </div>
      </ListFilters>

      <section className={styles.results} aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="visually-hidden">
          {t('users.list')}
        </h2>
        <div ref={resultsRef} className={styles.resultsBody}>
          {results}
        </div>
      </section>
    </PageContainer>
  );
}
