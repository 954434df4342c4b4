import type { User } from '@app/contract/user';

export const demoUser: User = {
  id: 7,
  first_name: 'Camille',
  last_name: 'Rochat',
  name: 'Camille Rochat',
  email: 'demo@example.com',
  username: 'camille',
  website: null,
  role: 'staff',
  profile_picture: null,
  profile_picture_url: '/images/avatar-default.svg',
  store: { id: 1, name: 'Aurèle Genève', city: 'Genève', country: 'Switzerland' },
  current_title: { name: 'APPRENTICE', image_url: '/images/titles/apprentice.svg' },
  total_points: 1250,
};

export const demoToken = '12|s3cr3tTokenValueForTests0123456789abcdefgh';

/** Puts a session in local storage, as a login would have. */
export function storeSession(user: User = demoUser, token: string = demoToken): void {
  window.localStorage.setItem('user', JSON.stringify({ ...user, token }));
}
