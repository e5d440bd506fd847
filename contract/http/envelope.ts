import { z } from 'zod';

/**
 * Legacy envelope: `status` is a string and "200" alone means success. Business errors come back with
 * HTTP 200 and another status string (docs/decisions/001-envelope-and-status.md).
 */
export const API_STATUS = {
  ok: '200',
  invalid: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  codeRequired: '428',
  tooMany: '429',
  error: '500',
} as const;
export type ApiStatus = (typeof API_STATUS)[keyof typeof API_STATUS];

/** The message the console never toasts: the session is gone and it quietly goes to /login. */
export const LOGOUT_MESSAGE = 'system logout';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.string(), message: z.string(), data });
}

export interface Envelope<T> {
  status: string;
  message: string;
  data: T;
}

/** Body of an "invalid input" answer: which field, and the message key of each problem. */
export const invalidData = z.object({
  field: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type InvalidData = z.infer<typeof invalidData>;
