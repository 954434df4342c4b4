import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import type { GlobalRanking, RankedUser, Split, SplitRanking } from '@app/contract/ranking';
import type { Colleague, Store, UsersResponse } from '@app/contract/user';
import { demoUser } from './fixtures';

/**
 * People, boutiques and splits for the lists (rankings, users): the demo user's boutique is the
 * first one, as in `fixtures.ts`.
 */
export const storesFixture: Store[] = [
  demoUser.store!,
  { id: 2, name: 'Aurèle Bahnhofstrasse', city: 'Zürich', country: 'Switzerland' },
  { id: 3, name: 'Aurèle Vendôme', city: 'Paris', country: 'France' },
  { id: 4, name: 'Aurèle Bellecour', city: 'Lyon', country: 'France' },
  { id: 5, name: 'Aurèle Ginza', city: 'Tokyo', country: 'Japan' },
];

const store = (id: number) => storesFixture.find((s) => s.id === id)!;

/** A row of the global ranking. */
export function rankedUser(
  id: number,
  name: string,
  points: number,
  rank: number,
  storeId = 3,
): RankedUser {
  const [first_name = name, last_name = ''] = name.split(' ');
  return {
    id,
    rank,
    first_name,
    last_name,
    profile_picture_url: id === 1 ? '/uploads/amelie.webp' : DEFAULT_AVATAR_URL,
    store: store(storeId),
    total_points: points,
  };
}

export const podiumFixture: RankedUser[] = [
  rankedUser(1, 'Amélie Roux', 103_500, 1, 3),
  rankedUser(2, 'Thomas Keller', 41_800, 2, 2),
  rankedUser(3, 'Sofia Rossi', 22_400, 3, 1),
];

/** The demo user's own row in the global ranking. */
export const meRanked: RankedUser = {
  ...rankedUser(demoUser.id, `${demoUser.first_name} ${demoUser.last_name}`, 1_250, 42, 1),
  profile_picture_url: demoUser.profile_picture_url,
};

/**
 * One page of the global ranking as the server sends it: `total` people, ranked from 1, with the
 * demo user at rank 42 (page 3 at 20 a page).
 */
export function globalRankingPage({
  page = 1,
  perPage = 20,
  total = 60,
  order = 'desc',
}: {
  page?: number;
  perPage?: number;
  total?: number;
  order?: 'asc' | 'desc';
} = {}): GlobalRanking {
  const first = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - first));
  const data = Array.from({ length: count }, (_, i) => {
    const index = first + i;
    const rank = order === 'desc' ? index + 1 : total - index;
    if (rank === meRanked.rank) return meRanked;
    if (rank <= 3) return podiumFixture[rank - 1]!;
    return rankedUser(100 + rank, `Person${rank} Staff`, 20_000 - rank * 100, rank, 4);
  });
  return {
    data,
    podium: podiumFixture,
    me: meRanked,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

export const splitsFixture: Split[] = [
  { id: 1, name: 'Split 1', start_date: '2026-02-20', end_date: '2026-05-20', status: 'past' },
  { id: 2, name: 'Split 2', start_date: '2026-05-21', end_date: '2026-08-20', status: 'current' },
  { id: 3, name: 'Split 3', start_date: '2026-08-21', end_date: '2026-11-20', status: 'future' },
];

/** A split's ranking: a few people who earned points in it, the demo user not among them. */
export function splitRankingPage(split: Split = splitsFixture[1]!): SplitRanking {
  const people = [rankedUser(2, 'Thomas Keller', 0, 0, 2), rankedUser(8, 'Lea Brunner', 0, 0, 2)];
  return {
    split,
    data: people.map((person, i) => ({
      rank: i + 1,
      user: {
        id: person.id,
        first_name: person.first_name,
        last_name: person.last_name,
        profile_picture_url: person.profile_picture_url,
        store: person.store,
      },
      total_points: 4_500 - i * 1_000,
    })),
    podium: podiumFixture,
    me: {
      rank: null,
      user: {
        id: demoUser.id,
        first_name: demoUser.first_name,
        last_name: demoUser.last_name,
        profile_picture_url: demoUser.profile_picture_url,
        store: demoUser.store,
      },
      total_points: 0,
    },
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: 2,
  };
}

/** A colleague as `GET /api/users` lists them. */
export function colleague(id: number, name: string, storeId: number, points = 1_000): Colleague {
  const [first_name = name, last_name = ''] = name.split(' ');
  return {
    id,
    first_name,
    last_name,
    name,
    profile_picture_url: DEFAULT_AVATAR_URL,
    store: store(storeId),
    total_points: points,
  };
}

export const colleaguesFixture: Colleague[] = [
  colleague(7, 'Camille Rochat', 1, 1_250),
  colleague(2, 'Thomas Keller', 2, 41_800),
  colleague(1, 'Amélie Roux', 3, 103_500),
  colleague(9, 'Kenji Sato', 5, 12_750),
];

/** One page of the users list. */
export function usersPage(
  data: Colleague[] = colleaguesFixture,
  { page = 1, perPage = 24, total = data.length } = {},
): UsersResponse {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
