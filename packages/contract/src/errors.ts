import { z } from 'zod';

/** Every error the API sends has this shape. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please slow down.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  invalidJson: 'The request body is not valid JSON.',
  serverError: 'Server Error',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;
