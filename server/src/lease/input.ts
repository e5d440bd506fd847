import type { z } from 'zod';
import { invalid } from '../lib/route.ts';

/**
 * Validate input with its contract schema and refuse as a route does, so the domain is safe to call with what a
 * route already parsed or with anything else (a test, a script, the seed).
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalid(result.error, 'body');
}
