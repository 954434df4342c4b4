import { z } from 'zod';
import { ROLES } from './constants';

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

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);

/** `PUT /api/user`: the fields a user may change about themselves; anything else is dropped. */
export const updateUserRequest = z.object({
  first_name: trimmed(80).min(1, 'The first name field is required.'),
  last_name: trimmed(80).min(1, 'The last name field is required.'),
  username: trimmed(40)
    .regex(
      /^[a-zA-Z0-9._-]*$/,
      'The username may only contain letters, numbers, dots, dashes and underscores.',
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  email: z.string().trim().toLowerCase().max(254).email('The email must be a valid email address.'),
  website: z
    .string()
    .trim()
    .max(255)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
      'The website must be a valid URL.',
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;
