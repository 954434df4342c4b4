import { z } from 'zod';
import { user } from './user';

/** Messages come from the server's catalog (apps/server/src/lib/validation-messages.ts). */
export const loginRequest = z.object({
  email: z.string().trim().min(1, { abort: true }).max(254).email(),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  user,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;
