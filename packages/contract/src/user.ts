import { z } from 'zod';
import { ROLES } from './constants';

export { USER_SORTS } from './ranking-rules';

export const store = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
});
export type Store = z.infer<typeof store>;

export const titleRef = z.object({
  name: z.string(),
  image_url: z.string(),
});

/** The signed-in user, as `GET /api/user` and `POST /api/login` return it. */
export const user = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  website: z.string().nullable(),
  role: z.enum(ROLES),
  profile_picture: z.string().nullable(),
  profile_picture_url: z.string(),
  store: store.nullable(),
  current_title: titleRef,
  total_points: z.number().int(),
});
export type User = z.infer<typeof user>;

// Messages come from the server's catalog (apps/server/src/lib/validation-messages.ts), Laravel's
// wording; a schema gives its own only for what the catalog cannot say.
const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (schema: z.ZodString) =>
  schema
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * `PUT /api/user`: the fields a user may change about themselves; anything else is dropped.
 * first_name, last_name and email are required; username and website may be left out, or sent
 * blank or null to clear them.
 */
export const updateUserRequest = z.object({
  first_name: trimmed(80).min(1),
  last_name: trimmed(80).min(1),
  username: optionalText(
    trimmed(40).regex(
      /^[a-zA-Z0-9._-]*$/,
      'The username may only contain letters, numbers, dots, dashes and underscores.',
    ),
  ),
  email: z.string().trim().toLowerCase().min(1, { abort: true }).max(254).email(),
  website: optionalText(
    trimmed(255).refine(
      (v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
      'The website must be a valid URL.',
    ),
  ),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/** `GET /api/user/stats`: total points, duels won/lost as `"won/lost"`, and the current daily streak. */
export const userStats = z.object({
  points: z.number().int(),
  ratio: z.string(),
  streaks: z.number().int(),
});
export type UserStats = z.infer<typeof userStats>;

/** `GET /api/users`: colleagues with what anyone may see of them, filtered, sorted and paged by the server. */

export const colleague = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  profile_picture_url: z.string(),
  store: store.nullable(),
  total_points: z.number().int(),
});
export type Colleague = z.infer<typeof colleague>;

export const usersResponse = z.object({
  data: z.array(colleague),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type UsersResponse = z.infer<typeof usersResponse>;

/** `POST /api/user/profile-picture` (multipart field `profile_picture`). */
export const profilePictureResponse = z.object({
  profile_picture_url: z.string(),
  profile_picture: z.string().nullable(),
});
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;
