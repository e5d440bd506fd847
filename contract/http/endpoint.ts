import { z } from 'zod';
import type { RoleId } from '../codes/roles.ts';

/** Who may call an endpoint. The server enforces it; organisation scope is checked in the handler. */
export type Access = 'public' | 'signedIn' | { roles: readonly RoleId[] };

/**
 * One `*.do` endpoint, declared once: the server validates with it, the console is typed by it,
 * the OpenAPI document and the fuzz tests are generated from it.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path under /api, ending in `.do`. */
  path: `/${string}`;
  summary: string;
  access: Access;
  /** Query-string parameters. Legacy: login-related calls take theirs here even on POST. */
  query: Q;
  /** JSON body (POST only). */
  body: B;
  /** The envelope's `data` on success. */
  response: R;
  /** Body is multipart form data (uploads); the server reads `file` fields as File. */
  multipart?: boolean;
  /** Answers a text/event-stream of `response` events instead of an envelope (served by server/src/live). */
  stream?: boolean;
  /** Only outside production (the development SMS outbox); not served and not documented in production. */
  devOnly?: boolean;
}

export const noInput = z.object({});

export function defineEndpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: Endpoint<Q, B, R>,
): Endpoint<Q, B, R> {
  return endpoint;
}

export type QueryOf<E extends Endpoint> = z.input<E['query']>;
export type BodyOf<E extends Endpoint> = z.input<E['body']>;
export type DataOf<E extends Endpoint> = z.output<E['response']>;
export type ParsedQueryOf<E extends Endpoint> = z.output<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = z.output<E['body']>;
