import { z } from 'zod';
import { ROLE, type RoleId } from '../codes/roles.ts';

/** Who may call an endpoint. The server enforces it before the handler runs. */
export type Access = 'public' | 'signedIn' | { roles: readonly RoleId[] };

/**
 * Whether a caller may call an endpoint of `access`: a signed-in user of `roleId`, or no one signed in (null).
 * Registered users (role 0) hold a token from signing in but may call only what is public (decision 003).
 */
export function admits(access: Access, roleId: number | null): boolean {
  if (access === 'public') return true;
  if (roleId === null || roleId === ROLE.registeredUser) return false;
  return access === 'signedIn' || (access.roles as readonly number[]).includes(roleId);
}

/**
 * Whose records an endpoint reads or changes (docs/decisions/028-data-scope.md). The handler receives data
 * already limited to it; the isolation matrix proves nothing outside it is read or changed.
 * - `public`: no organisation's records (brand metadata, sending a verification code);
 * - `self`: the caller's own account and session (sign-in, profile, password, phone);
 * - `organisation`: records that belong to the caller's organisation and those below it (a lessor's customers);
 *   operator staff see every organisation;
 * - `machines`: records of the machines the caller sees: those their organisations own, rent or distribute,
 *   and everything recorded about them (alarms, tracks, commands, work orders);
 * - `platform`: the platform as a whole, for the operator's staff or a process proven by the fleet secret.
 */
export type DataScope = 'public' | 'self' | 'organisation' | 'machines' | 'platform';

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
  /** Whose records it touches; required, so a new endpoint states it beside its roles. */
  scope: DataScope;
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
