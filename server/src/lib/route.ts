import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS, LOGOUT_MESSAGE } from '@console/contract/http/envelope';
import {
  admits,
  type DataOf,
  type Endpoint,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@console/contract/http/endpoint';
import { isMessageKey, translate, type Lang } from '@console/contract/messages/translate';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { AppDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { asConflict } from './unit-of-work.ts';
import { openSession, ScopedData } from './data.ts';
import { DEFAULT_ORG_ZONE } from './org-day.ts';
import { readerLang } from './org-brand.ts';
import type { SessionUser } from './session.ts';
import { dayInZone, resolveTimeZone } from './time.ts';

export interface HandlerContext<E extends Endpoint> {
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  /** Present on every endpoint that is not public. */
  user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  token: string | null;
  lang: Lang;
  /** The browser's zone: the one instants are shown in. */
  timeZone: string;
  /**
   * The calendar day "today" means for the records a page judges (expiry windows, due and issue states, a period to
   * today): the signed-in person's organisation's (lib/org-day.ts), the same for every viewer of it wherever the
   * browser is. Without a user (public endpoints): the operator's, Beijing time.
   */
  today: () => string;
  ip: string;
  /**
   * The data this request may touch, limited to what the signed-in person may see (docs/decisions/028). Route
   * handlers read and write through it, never through `deps.dbh` (eslint rule local/no-raw-db).
   */
  data: ScopedData;
  deps: AppDeps;
  c: Context;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  /** Replace the default success message. */
  setMessage: (key: MessageKey, params?: Record<string, string | number>) => void;
}

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => DataOf<E> | Promise<DataOf<E>>;

export interface RouteDef {
  endpoint: Endpoint;
  // The handler's context type is tied to its endpoint by route(); here any endpoint fits.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: Handler<any>;
}

/** Bind a handler to its contract declaration. Validation, auth and the envelope are done for it. */
export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>): RouteDef {
  return { endpoint, handler };
}

export function requestLang(c: Context): Lang {
  return c.req.header('lang') === 'en_US' ? 'en_US' : 'zh_CN';
}

/**
 * The token travels in the `token` header (the console) or the query string (legacy calls). Never in a
 * cookie: some legacy calls change data over GET, and a cookie would make them forgeable cross-site.
 */
export function requestToken(c: Context): string | null {
  const token = c.req.header('token') || c.req.query('token');
  return token && token.length <= 128 ? token : null;
}

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

function readQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) out[key] = values.length === 1 ? values[0]! : values;
  return out;
}

async function readBody(c: Context, endpoint: Endpoint): Promise<unknown> {
  if (endpoint.method !== 'POST') return {};
  if (endpoint.multipart) {
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      // The platform's parser refuses malformed parts (a file name with a raw line break or a lone quote).
      throw unreadableBody('validation.unreadableForm');
    }
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw unreadableBody('validation.unreadableJson');
  }
}

/** The largest JSON body any endpoint takes: the biggest form (a fence of many points) is far below it. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Refuses a JSON body over MAX_JSON_BODY_BYTES while it streams in, before it is read whole. */
export function jsonBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) =>
      c.json({
        status: API_STATUS.invalid,
        message: translate(requestLang(c), 'error.bodyTooLarge', { size: '1M' }),
        data: { field: 'body', issues: [{ path: 'body', message: 'error.bodyTooLarge' }] },
      }),
  });
}

function unreadableBody(reason: MessageKey): ApiError {
  return new ApiError(
    API_STATUS.invalid,
    'error.invalidField',
    { field: 'body', reason },
    { field: 'body', issues: [{ path: 'body', message: reason }] },
  );
}

/** A refusal naming every issue of a failed validation, the first one as the field (decision 025). */
export function invalid(error: z.ZodError, source: string): ApiError {
  // Our schemas carry message keys; zod's own English texts are replaced by a generic localised one.
  const issues = error.issues.map((issue) => ({
    path: issue.path.join('.') || source,
    message: isMessageKey(issue.message) ? issue.message : 'validation.invalid',
  }));
  const first = issues[0]!;
  return new ApiError(
    API_STATUS.invalid,
    'error.invalidField',
    { field: first.path, reason: first.message },
    { field: first.path, issues },
  );
}

/**
 * The first text of an input that holds a NUL character, by its path. PostgreSQL's text cannot hold one and refuses
 * the whole statement that carries it (a search answered "system error"), so such input is refused as invalid on
 * either engine, before it reaches a query. Plain objects and arrays are searched; files (multipart) are not text.
 */
function nulTextAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))
      ? Object.entries(value)
      : [];
  for (const [key, v] of entries) {
    const found = key.includes('\u0000') ? [...path, key] : nulTextAt(v, [...path, key]);
    if (found) return found;
  }
  return null;
}

function refuseNulText(value: unknown, source: string): void {
  const path = nulTextAt(value);
  if (!path) return;
  const field = path.join('.') || source;
  throw new ApiError(
    API_STATUS.invalid,
    'error.invalidField',
    { field, reason: 'validation.invalid' },
    { field, issues: [{ path: field, message: 'validation.invalid' }] },
  );
}

export async function runRoute(def: RouteDef, c: Context, deps: AppDeps): Promise<Response> {
  const lang = requestLang(c);
  let message: string = translate(lang, 'ok');
  const reply = (status: string, text: string, data: unknown) => c.json({ status, message: text, data });
  try {
    const { endpoint } = def;
    const token = requestToken(c);
    const session = token ? await openSession(deps.dbh.db, token, deps.now(), readerLang(lang)) : null;
    const user = session?.user ?? null;
    if (!admits(endpoint.access, user?.roleId ?? null)) {
      // The console goes quietly to /login on this answer; the message is the legacy literal.
      if (!user) return reply(API_STATUS.unauthorized, LOGOUT_MESSAGE, null);
      // Registered users (role 0) hold a token from login.do but may not use the console.
      if (user.roleId === ROLE.registeredUser) throw new ApiError(API_STATUS.forbidden, 'auth.noPermissionToLogin');
      throw new ApiError(API_STATUS.forbidden, 'error.forbidden');
    }
    const query = endpoint.query.safeParse(readQuery(c));
    if (!query.success) throw invalid(query.error, 'query');
    refuseNulText(query.data, 'query');
    const body = endpoint.body.safeParse(await readBody(c, endpoint));
    if (!body.success) throw invalid(body.error, 'body');
    refuseNulText(body.data, 'body');
    const data = await def.handler({
      query: query.data,
      body: body.data,
      user,
      token,
      data: session?.data ?? (await ScopedData.of(deps.dbh.db, null, readerLang(lang))),
      lang,
      timeZone: resolveTimeZone(c.req.header('timeZone')),
      today: () => dayInZone(deps.now(), user?.orgTimeZone ?? DEFAULT_ORG_ZONE),
      ip: clientIp(c, deps.env.TRUST_PROXY),
      deps,
      c,
      t: (key, params) => translate(lang, key, params),
      setMessage: (key, params) => {
        message = translate(lang, key, params);
      },
    });
    if (deps.env.NODE_ENV !== 'production') {
      // Outside production every answer is checked against the contract, so drift fails the tests.
      const checked = endpoint.response.safeParse(data);
      if (!checked.success) {
        deps.log('error', `response of ${endpoint.path} breaks its contract`, checked.error.issues);
        return reply(API_STATUS.error, translate(lang, 'error.system'), null);
      }
    }
    return reply(API_STATUS.ok, message, data ?? null);
  } catch (thrown) {
    // A write that lost a race for a unique value answers like the check it raced past, never "system error".
    const error = asConflict(thrown) ?? thrown;
    if (error instanceof ApiError) {
      return reply(error.status, translate(lang, error.messageKey, localiseParams(lang, error.params)), error.data);
    }
    deps.log('error', `${c.req.method} ${c.req.path} failed`, error);
    return reply(API_STATUS.error, translate(lang, 'error.system'), null);
  }
}

/** A parameter that is itself a message key (a field's validation text) is translated too. */
function localiseParams(lang: Lang, params: Record<string, string | number>) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? translate(lang, v) : v]),
  );
}
