import { z } from 'zod';
import { user } from './user';

export const loginRequest = z.object({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email must not be greater than 254 characters.')
    .email('The email must be a valid email address.'),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(1024, 'The password must not be greater than 1024 characters.'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  user,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;
