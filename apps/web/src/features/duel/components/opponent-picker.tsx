import { useState } from 'react';
import type { Colleague } from '@app/contract/user';
import { useUsers } from '@/api/get-users';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import styles from './opponent-picker.module.css';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 8;

type OpponentPickerProps = {
  userId: number;
  value: Colleague | null;
  onChange: (colleague: Colleague) => void;
};

/**
 * The colleague to challenge: a search (`GET /api/users?q=`, sent once typing pauses) and the
 * colleagues found as radio buttons, with their boutique, never an email. The one chosen stays
 * chosen, and listed, whatever the search shows next.
 */
export function OpponentPicker({ userId, value, onChange }: OpponentPickerProps) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedCallback((q: string) => setQuery(q.trim()), SEARCH_DEBOUNCE_MS);
  const users = useUsers({
    q: query || undefined,
    sort: 'name',
    order: 'asc',
    per_page: RESULTS + 1,
  });

  const found = (users.data?.data ?? []).filter((c) => c.id !== userId).slice(0, RESULTS);
  const listed = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;
  const more = (users.data?.total ?? 0) > RESULTS + 1;
  const searching = users.isFetching;

  return (
    <div className={styles.picker}>
      <TextField
        type="search"
        label={t('duelCreate.search')}
        placeholder={t('duelCreate.searchPlaceholder')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          debounced.run(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            debounced.flush();
          }
        }}
        autoComplete="off"
        lang="fr"
      />

      <fieldset className={styles.results} aria-busy={searching || undefined}>
        <legend className="visually-hidden">{t('duelCreate.colleagues')}</legend>
        {users.isError && !users.data ? (
          <div className={styles.state}>
            <p role="alert">{t('duelCreate.errors.colleagues')}</p>
            <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
              {t('duelCreate.retry')}
            </Button>
          </div>
        ) : !users.data ? (
          <p className={styles.state}>
            <Spinner label={t('duelCreate.searching')} />
          </p>
        ) : listed.length === 0 ? (
          <p className={styles.state} role="status">
            {t('duelCreate.noMatch')}
          </p>
        ) : (
          <ul role="list" className={styles.list}>
            {listed.map((colleague) => (
              <li key={colleague.id}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name="opponent"
                    className={styles.radio}
                    checked={value?.id === colleague.id}
                    onChange={() => onChange(colleague)}
                  />
                  <Avatar src={colleague.profile_picture_url} size="md" />
                  <span className={styles.who}>
                    <span className={styles.name}>{colleague.name}</span>
                    <span className={styles.store}>
                      {colleague.store
                        ? `${colleague.store.name} · ${colleague.store.city}`
                        : t('duelCreate.noStore')}
                    </span>
                  </span>
                  <span className={styles.check} aria-hidden="true" />
                </label>
              </li>
            ))}
          </ul>
        )}
        {more && users.data ? <p className={styles.more}>{t('duelCreate.more')}</p> : null}
      </fieldset>
    </div>
  );
}
