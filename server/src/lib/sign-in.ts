import { and, eq, gte, sql } from 'drizzle-orm';
import { knownAddresses, loginAttempts, users } from '@console/db/schema/accounts';
import { verifyPassword } from '@console/db/password';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import type { LoginData } from '@console/contract/http/auth';
import type { RoleId } from '@console/contract/codes/roles';
import type { Lang } from '@console/contract/messages/translate';
import type { AppDeps } from './deps.ts';
import { ApiError, invalidField } from './errors.ts';
import { menusFor } from './menus.ts';
import { createSession, findSessionUser } from './session.ts';
import { requireCode } from './sms-codes.ts';
import { orgById } from './scope.ts';

const MINUTE = 60 * 1000;
/** A code is needed after this many wrong passwords within 15 minutes. */
export const FAILURES_BEFORE_CODE = 3;
/** At most this many failed sign-ins per account per hour; then sign-in is refused outright. */
const FAILURES_PER_HOUR = 100;
/**
 * At most this many failed sign-ins from one client address in 15 minutes, whatever the accounts: one address
 * trying a common password on many accounts is stopped, while an office behind one address that mistypes now
 * and then is not (decision 020). Behind a reverse proxy TRUST_PROXY must be set, or every client is the proxy.
 */
export const FAILURES_PER_ADDRESS = 10;

async function failuresFromAddress(deps: AppDeps, ip: string, since: number): Promise<number> {
  return (await deps.dbh.db
    .select({ n: sql<number>`count(*)` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gte(loginAttempts.createdAt, new Date(since))),
    )
    .get())!.n;
}

export interface SignInRequest {
  account: string;
  password: string;
  areaCode: string;
  code?: string;
  ip: string;
  lang: Lang;
  kind: 'console' | 'dashboard';
  /** Refuse (after the password check) a role that may not use this door. */
  allowRole?: (roleId: number) => boolean;
}

export async function failuresSince(deps: AppDeps, account: string, since: number): Promise<number> {
  return (await deps.dbh.db
    .select({ n: sql<number>`count(*)` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.account, account),
        eq(loginAttempts.success, false),
        gte(loginAttempts.createdAt, new Date(since)),
      ),
    )
    .get())!.n;
}

export async function recordAttempt(deps: AppDeps, account: string, ip: string, success: boolean) {
  await deps.dbh.db
    .insert(loginAttempts)
    .values({ account, ip, success, createdAt: new Date(deps.now()) })
    .run();
}

/** The whole sign-in rule set of spec section 5, shared by the console and the data-screen logins. */
export async function signIn(deps: AppDeps, req: SignInRequest): Promise<LoginData> {
  const { db } = deps.dbh;
  const now = deps.now();
  const key = `${req.areaCode}-${req.account}`;
  if (!isValidPhone(req.account, req.areaCode)) throw invalidField('account', 'validation.phone');
  if ((await failuresFromAddress(deps, req.ip, now - 15 * MINUTE)) >= FAILURES_PER_ADDRESS) {
    throw new ApiError(API_STATUS.tooMany, 'auth.tooManyFromAddress');
  }
  if ((await failuresSince(deps, key, now - 60 * MINUTE)) >= FAILURES_PER_HOUR) {
    throw new ApiError(API_STATUS.tooMany, 'auth.tooManyFailures');
  }
  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.areaCode, req.areaCode), eq(users.mobile, req.account)))
    .get();

  // Which code rule applies, checked before the password so a guesser learns nothing without the code.
  const tooManyWrong = (await failuresSince(deps, key, now - 15 * MINUTE)) >= FAILURES_BEFORE_CODE;
  const newAddress =
    !!user &&
    !(await db
      .select()
      .from(knownAddresses)
      .where(and(eq(knownAddresses.userId, user.id), eq(knownAddresses.ip, req.ip)))
      .get());
  if (tooManyWrong || newAddress) {
    const reason = tooManyWrong ? 'auth.codeNeededPasswordErrors' : 'auth.codeNeededRemote';
    if (!req.code) throw new ApiError(API_STATUS.codeRequired, reason, {}, { codeRequired: true, reason });
    try {
      await requireCode(deps, { mobile: req.account, areaCode: req.areaCode }, 'login', req.code);
    } catch (error) {
      await recordAttempt(deps, key, req.ip, false);
      throw error;
    }
  }

  if (!user || !(await verifyPassword(req.password, user.passwordHash))) {
    await recordAttempt(deps, key, req.ip, false);
    const codeRequired = (await failuresSince(deps, key, now - 15 * MINUTE)) >= FAILURES_BEFORE_CODE;
    throw new ApiError(
      API_STATUS.invalid,
      'auth.wrongPassword',
      {},
      {
        field: 'password',
        issues: [{ path: 'password', message: 'auth.wrongPassword' }],
        codeRequired,
      },
    );
  }
  if (user.disabled) throw new ApiError(API_STATUS.forbidden, 'auth.accountDisabled');
  if (req.allowRole && !req.allowRole(user.roleId)) throw new ApiError(API_STATUS.forbidden, 'auth.noScreenPermission');

  await recordAttempt(deps, key, req.ip, true);
  await db.insert(knownAddresses).values({ userId: user.id, ip: req.ip }).onConflictDoNothing().run();
  // The session runs from now, read again: checking the password waits, and a simulated clock may have moved meanwhile.
  const token = await createSession(db, user.id, req.kind, req.ip, deps.now() + deps.env.SESSION_HOURS * 60 * MINUTE);
  return loginDataFor(deps, token, req.lang);
}

/** The sign-in answer for a live token (also used when a QR sign-in completes). */
export async function loginDataFor(deps: AppDeps, token: string, lang: Lang): Promise<LoginData> {
  const user = await findSessionUser(deps.dbh.db, token, deps.now());
  if (!user) throw new ApiError(API_STATUS.unauthorized, 'error.logout');
  const org = (await orgById(deps.dbh.db, user.orgId))!;
  return {
    token,
    username: user.nickname || user.mobile,
    name: user.name,
    uid: user.id,
    roleId: user.roleId,
    menus: menusFor({ roleId: user.roleId as RoleId, orgKind: user.orgKind }, lang),
    leaseType: user.leaseType,
    // Bit 1 domestic, bit 2 foreign rental business permission.
    map: { lessor_auth: (org.rentalDomestic ? 1 : 0) | (org.rentalForeign ? 2 : 0) },
    orgKind: user.orgKind,
  };
}
