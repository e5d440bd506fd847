import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import type { Db } from '@console/db/client';
import { DEFAULT_ORG_ZONE, orgZoneOf } from '@console/db/org-zone';
import { perConnection } from './per-connection.ts';
import { preparePlannedOnce } from './planned-once.ts';

export interface SessionUser {
  id: number;
  orgId: number;
  orgKind: 'operator' | 'lessor' | 'customer' | 'distributor' | 'sublessor';
  orgName: string;
  leaseType: number;
  roleId: number;
  mobile: string;
  areaCode: string;
  nickname: string;
  name: string;
  avatar: string;
  introduction: string;
  tokenHash: string;
  /** The calendar zone of the organisation's business days (lib/org-day.ts), read with the session. */
  orgTimeZone: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random token; only its hash is kept. */
export async function createSession(
  db: Db,
  userId: number,
  kind: 'console' | 'dashboard',
  ip: string,
  expiresAt: number,
) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, kind, ip, expiresAt: new Date(expiresAt) })
    .run();
  return token;
}

/**
 * The session's lookup: its user and their organisation (with its calendar zone) by the token's hash, the expiry
 * compared as stored (ms). `beside` are further columns of the same statement, read for the session's user in the
 * same round (openSession: the organisations they see).
 */
export function sessionLookup<B extends Record<string, SQL>>(db: Db, beside: B) {
  return db
    .select({
      id: users.id,
      orgId: users.orgId,
      disabled: users.disabled,
      roleId: users.roleId,
      mobile: users.mobile,
      areaCode: users.areaCode,
      nickname: users.nickname,
      name: users.name,
      avatar: users.avatar,
      introduction: users.introduction,
      orgKind: organisations.kind,
      orgName: organisations.name,
      leaseType: organisations.leaseType,
      orgTimeZone: orgZoneOf(users.orgId),
      ...beside,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))));
}

/** The query behind findSessionUser, prepared once (it runs on every request). */
const lookup = perConnection((db) => preparePlannedOnce(db, sessionLookup(db, {})));

type LookupRow = Awaited<ReturnType<ReturnType<typeof lookup>['get']>>;

/** The signed-in user a lookup's row holds: null without a row or for a disabled account. */
export function sessionUserOf(row: LookupRow, tokenHash: string): SessionUser | null {
  if (!row || row.disabled) return null;
  const { id, orgId, orgKind, orgName, leaseType, roleId, mobile, areaCode, nickname, name, avatar, introduction } =
    row;
  const orgTimeZone = row.orgTimeZone ?? DEFAULT_ORG_ZONE;
  return {
    id,
    orgId,
    orgKind,
    orgName,
    leaseType,
    roleId,
    mobile,
    areaCode,
    nickname,
    name,
    avatar,
    introduction,
    tokenHash,
    orgTimeZone,
  };
}

/** The live, enabled user behind a token, or null. */
export async function findSessionUser(db: Db, token: string, now: number): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  return sessionUserOf(await lookup(db).get({ tokenHash, now }), tokenHash);
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
  sessionsEnded();
}

/** Every session of a user dies: at password change and when the account is disabled. */
export async function endAllSessions(db: Pick<Db, 'delete'>, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId)).run();
  sessionsEnded();
}

const endedListeners = new Set<() => void>();

/**
 * Be told whenever sessions end (sign-out, password change, a disabled account), so what a session holds open
 * (a live event stream) checks its own session at once instead of at its next periodic check. Answers the
 * function that stops listening.
 */
export function onSessionsEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Call after deleting sessions in any other way than the two functions above. */
export function sessionsEnded(): void {
  for (const listener of [...endedListeners]) listener();
}
