import type { z } from 'zod';
import { localDay } from '@app/contract/dates';
import {
  currentSplit,
  type GlobalRanking,
  type RankedUser,
  type Split,
  type SplitRanking,
  type SplitsResponse,
  type rankingQuery,
} from '@app/contract/ranking';
import type { Db } from '../../db/database';
import type { HeldReads } from '../../db/held-reads';
import { notFound } from '../../lib/http-error';
import type { PointsChange } from '../points/points.service';
import { isUnfiltered, peopleFilters } from '../user/people.service';
import type { PeopleFilters } from '../user/people.repository';
import { publicUserOf } from '../user/user.service';
import type { UserWithStoreRow } from '../user/user.repository';
import * as repo from './ranking.repository';
import type { Board, RankStore } from './rank-store';

/**
 * The global ranking and the split rankings (PRODUCT.md §8). Ranks are competition ranks: one
 * more than the number of users with more points, so equal totals share a rank, and among them
 * whoever reached the total first comes first. A rank is read from the rank store (memory or
 * Redis) in O(log n), whatever the number of users; the rows come from the database, by page.
 */

type Query = z.output<typeof rankingQuery>;

const PODIUM = 3;

/**
 * The unfiltered pages of the global ranking, as read, held by each instance until a change to
 * anyone's rows is heard (docs/decisions/0070): every visit of the ranking reads the first one.
 */
export type HeldPages = HeldReads<string, repo.GlobalRow[]>;

/** Unfiltered pages held at most: the first few that most visits read, not every page of a brand. */
export const HELD_PAGES = 64;

/** A page of the global ranking: an unfiltered one as held, a filtered one read. */
async function globalPage(db: Db, { pages }: RankBoards, filters: PeopleFilters, page: repo.Page) {
  if (!isUnfiltered(filters)) return repo.globalPage(db, filters, page);
  const key = `${page.order}:${page.limit}:${page.offset}`;
  return (await pages.read(key, () => repo.globalPage(db, {}, page))) ?? [];
}

/**
 * Keeps the rank store's boards loaded from the database and following its changes, and holds the
 * unfiltered pages of the global ranking (`pages`).
 */
export class RankBoards {
  private readonly loading = new Map<Board, Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly store: RankStore,
    readonly pages: HeldPages,
  ) {}

  /** Loads the board from the database unless it is loaded (once, however many ask at once). */
  async ensure(board: Board): Promise<void> {
    if (await this.store.isLoaded(board)) return;
    let pending = this.loading.get(board);
    if (!pending) {
      pending = this.reload(board).finally(() => this.loading.delete(board));
      this.loading.set(board, pending);
    }
    await pending;
  }

  /** Reads the board's scores from the database again, page by page (a newer value held is kept). */
  async reload(board: Board): Promise<void> {
    const splitId = board === 'global' ? undefined : Number(board.slice('split:'.length));
    await this.store.load(board, repo.boardPages(this.db, splitId));
  }

  /** How many users the board ranks: everyone for the global board, who scored in a split's. */
  async size(board: Board): Promise<number> {
    await this.ensure(board);
    return this.store.size(board);
  }

  async ranks(board: Board, scores: readonly number[]): Promise<number[]> {
    await this.ensure(board);
    return this.store.ranks(board, scores);
  }

  /**
   * Follows a committed change of points, with the standings it committed: a store holding a
   * newer version (a later change already followed) keeps it.
   */
  async follow(change: PointsChange): Promise<void> {
    if (change.kind === 'split') {
      await this.store.drop(`split:${change.splitId}`);
      return;
    }
    const { userId, global, split } = change;
    await this.store.set('global', { userId, ...global });
    if (split) {
      await this.store.set(`split:${split.splitId}`, {
        userId,
        score: split.score,
        version: split.version,
      });
    }
  }
}

function paging(query: Query, total: number) {
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

const pageOf = (query: Query): repo.Page => ({
  order: query.order ?? 'desc',
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

async function rankedRows(boards: RankBoards, rows: repo.GlobalRow[]): Promise<RankedUser[]> {
  const ranks = await boards.ranks(
    'global',
    rows.map((r) => r.total_points),
  );
  // The spread goes last: one per row of every page of the rankings (decision 0037).
  return rows.map((row, i) => ({
    rank: ranks[i]!,
    total_points: row.total_points,
    ...publicUserOf(row),
  }));
}

async function podium(db: Db, boards: RankBoards): Promise<RankedUser[]> {
  return rankedRows(
    boards,
    await globalPage(db, boards, {}, { order: 'desc', limit: PODIUM, offset: 0 }),
  );
}

/**
 * `me` is the signed-in user's row as their session holds it: a change to it drops the session as
 * it drops the pages, so the two are as fresh as each other.
 */
export async function getGlobalRanking(
  db: Db,
  boards: RankBoards,
  me: UserWithStoreRow,
  query: Query,
): Promise<GlobalRanking> {
  const filters = peopleFilters(query);
  const page = pageOf(query);
  // The first page of everyone, most points first, starts with the podium: read once.
  const startsWithPodium =
    isUnfiltered(filters) && page.order === 'desc' && page.offset === 0 && page.limit >= PODIUM;
  const [rows, total, top] = await Promise.all([
    globalPage(db, boards, filters, page),
    // Unfiltered, the total is the board's size, known without counting rows.
    isUnfiltered(filters) ? boards.size('global') : repo.countGlobal(db, filters),
    startsWithPodium ? undefined : podium(db, boards),
  ]);
  const [data, [mine]] = await Promise.all([rankedRows(boards, rows), rankedRows(boards, [me])]);
  return { data, podium: top ?? data.slice(0, PODIUM), me: mine!, ...paging(query, total) };
}

function withStatus(
  split: { id: number; name: string; start_date: string; end_date: string },
  today: string,
): Split {
  const status = split.end_date < today ? 'past' : split.start_date > today ? 'future' : 'current';
  // The spread goes last: one per split of the list (decision 0037).
  return { status, ...split };
}

export async function getSplits(db: Db, timeZone: string): Promise<SplitsResponse> {
  const today = localDay(new Date(), timeZone);
  const data = (await repo.listSplits(db)).map((s) => withStatus(s, today));
  return { data, current_id: currentSplit(data)?.id ?? null };
}

export async function getSplitRanking(
  db: Db,
  boards: RankBoards,
  me: UserWithStoreRow,
  splitId: number,
  query: Query,
  timeZone: string,
): Promise<SplitRanking> {
  const found = await repo.findSplit(db, splitId);
  if (!found) throw notFound();
  const board: Board = `split:${splitId}`;
  const filters = peopleFilters(query);
  const [rows, total, top, mine] = await Promise.all([
    repo.splitPage(db, splitId, filters, pageOf(query)),
    isUnfiltered(filters) ? boards.size(board) : repo.countSplit(db, splitId, filters),
    podium(db, boards),
    repo.splitTotalOf(db, splitId, me.id),
  ]);
  const ranks = await boards.ranks(board, [...rows.map((r) => r.total), mine?.total ?? 0]);
  return {
    split: withStatus(found, localDay(new Date(), timeZone)),
    data: rows.map((row, i) => ({
      rank: ranks[i]!,
      user: publicUserOf(row),
      total_points: row.total,
    })),
    podium: top,
    me: {
      rank: mine ? ranks[rows.length]! : null,
      user: publicUserOf(me),
      total_points: mine?.total ?? 0,
    },
    ...paging(query, total),
  };
}
