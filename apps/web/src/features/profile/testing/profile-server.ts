import type { Badge, EarnedBadge } from '@app/contract/badge';
import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import type { TitleInfo } from '@app/contract/title';
import type { Colleague, User } from '@app/contract/user';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession, trainingListFixture } from '@/testing/fixtures';

export const titleInfoFixture: TitleInfo = {
  current_title: { name: 'APPRENTICE', image_url: '/images/titles/apprentice.svg' },
  next_title: { name: 'ARTISAN', image_url: '/images/titles/artisan.svg' },
  points_for_next_title: 3750,
  total_points: 1250,
};

export const badgesFixture: Badge[] = [
  {
    id: 1,
    code: 'first_quiz',
    name: 'First Tick',
    description: 'Complete your first quiz.',
    icon_url: '/images/badges/first-quiz.svg',
  },
  {
    id: 2,
    code: 'perfect_quiz',
    name: 'Perfect Calibre',
    description: 'Complete a quiz with every answer right.',
    icon_url: '/images/badges/perfect-quiz.svg',
  },
];

export const earnedBadgesFixture: EarnedBadge[] = [
  { ...badgesFixture[0]!, pivot: { earned_at: '2025-03-12T09:30:00.000Z' } },
];

export function colleagueFixture(
  id: number,
  first: string,
  last: string,
  points: number,
): Colleague {
  return {
    id,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    profile_picture_url: DEFAULT_AVATAR_URL,
    store: demoUser.store,
    total_points: points,
  };
}

/** The store's team as `GET /api/users?store_id=1` lists it: the user among them. */
export const storeTeamFixture: Colleague[] = [
  colleagueFixture(12, 'Léa', 'Bonvin', 18_400),
  colleagueFixture(demoUser.id, demoUser.first_name, demoUser.last_name, demoUser.total_points),
  colleagueFixture(15, 'Marc', 'Zurbriggen', 6_250),
];

export function usersPage(data: Colleague[]) {
  return { data, current_page: 1, last_page: 1, per_page: 100, total: data.length };
}

/**
 * The profile's server: the signed-in user (which PUT and the picture calls change), the titles,
 * the training, the store's team and the badges.
 */
export function profileServer(initial: User = demoUser) {
  storeSession(initial);
  const state = { user: { ...initial } };
  const server = mockFetch()
    .on('GET', '/api/user', () => json(200, state.user))
    .on('GET', '/api/user/titles', json(200, titleInfoFixture))
    .on('GET', '/api/training', json(200, trainingListFixture(['history', 'collection'])))
    .on('GET', '/api/users', json(200, usersPage(storeTeamFixture)))
    .on('GET', '/api/badges', json(200, { data: badgesFixture }))
    .on('GET', '/api/user/badges', json(200, { data: earnedBadgesFixture }))
    .on('PUT', '/api/user', (call) => {
      state.user = { ...state.user, ...(call.body as Partial<User>) };
      state.user.name = `${state.user.first_name} ${state.user.last_name}`;
      return json(200, state.user);
    })
    .on('POST', '/api/user/profile-picture', () => {
      state.user = {
        ...state.user,
        profile_picture: 'profile-pictures/5f2c.webp',
        profile_picture_url: '/uploads/profile-pictures/5f2c.webp',
      };
      return json(200, {
        profile_picture: state.user.profile_picture,
        profile_picture_url: state.user.profile_picture_url,
      });
    })
    .on('DELETE', '/api/user/profile-picture', () => {
      state.user = {
        ...state.user,
        profile_picture: null,
        profile_picture_url: DEFAULT_AVATAR_URL,
      };
      return json(200, { profile_picture_url: DEFAULT_AVATAR_URL });
    });
  return Object.assign(server, { state });
}

/** The user as local storage holds it now. */
export function storedUser(): User & { token: string } {
  return JSON.parse(window.localStorage.getItem('user') ?? 'null') as User & { token: string };
}
