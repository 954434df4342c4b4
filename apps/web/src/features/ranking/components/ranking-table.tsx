import type { PublicUser } from '@app/contract/ranking';
import { Avatar } from '@/components/ui/avatar';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { SortOrder } from '@/lib/use-list-filters';
import styles from './ranking-table.module.css';

/** A row of either ranking: the global one (rank among all) or a split's (null: no points yet). */
export type RankingRow = { rank: number | null; user: PublicUser; points: number };

type RankingTableProps = {
  rows: readonly RankingRow[];
  /** The user's own row, from the response, on whatever page it is. */
  me: RankingRow;
  caption: string;
  order: SortOrder;
  /** The next page or filter is loading: the rows shown are the previous ones. */
  busy: boolean;
};

function Row({ row, me, own }: { row: RankingRow; me: boolean; own?: boolean }) {
  const { user } = row;
  const store = user.store;
  return (
    <tr className={styles.row} data-me={me || undefined}>
      <td className={styles.rank}>
        {row.rank === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('rankings.unranked')}</span>
          </>
        ) : (
          formatPoints(row.rank)
        )}
      </td>
      <th scope="row" className={styles.person}>
        <div className={styles.personInner}>
          <Avatar src={user.profile_picture_url} size="sm" className={styles.avatar} />
          <span className={styles.who}>
            {own ? <span className={styles.ownLabel}>{t('rankings.yourPosition')}</span> : null}
            <span className={styles.name}>
              {user.first_name} {user.last_name}
              {/* In the footer, “Votre position” says it already. */}
              {me && !own ? <span className={styles.you}>{t('rankings.you')}</span> : null}
            </span>
            {store ? <span className={styles.storeInline}>{store.name}</span> : null}
          </span>
        </div>
      </th>
      <td className={styles.store}>
        {store ? (
          <>
            <span className={styles.storeName}>{store.name}</span>
            <span className={styles.place}>
              {store.city}, {store.country}
            </span>
          </>
        ) : null}
      </td>
      <td className={styles.points}>{formatPoints(row.points)}</td>
    </tr>
  );
}

/**
 * One page of a ranking. The user's row is marked where it stands; when it is not on this page it
 * stays in view at the foot of the screen, as the table's footer.
 */
export function RankingTable({ rows, me, caption, order, busy }: RankingTableProps) {
  const meOnPage = rows.some((row) => row.user.id === me.user.id);
  return (
    <table className={styles.table} aria-busy={busy || undefined}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.rank}>
            {t('rankings.table.rank')}
          </th>
          <th scope="col" className={styles.person}>
            {t('rankings.table.name')}
          </th>
          <th scope="col" className={styles.store}>
            {t('rankings.table.store')}
          </th>
          <th
            scope="col"
            className={styles.points}
            aria-sort={order === 'desc' ? 'descending' : 'ascending'}
          >
            {t('rankings.table.points')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row key={row.user.id} row={row} me={row.user.id === me.user.id} />
        ))}
      </tbody>
      {meOnPage ? null : (
        <tfoot className={styles.own}>
          <Row row={me} me own />
        </tfoot>
      )}
    </table>
  );
}
