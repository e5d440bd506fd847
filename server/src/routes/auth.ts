import { randomUUID } from 'node:crypto';
import { nameIn } from '../lib/org-brand.ts';
import { and, desc, eq } from 'drizzle-orm';
import { dropRequests, knownAddresses, organisations, qrLogins, smsOutbox, users } from '@console/db/schema/accounts';
import type { ScopedData } from '../lib/data.ts';
import { hashPassword } from '@console/db/password';
import { authEndpoints } from '@console/contract/http/auth';
import { DASHBOARD_ROLE } from '@console/contract/access/auth';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { ApiError, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { createSession, endAllSessions, endSession, findSessionUser } from '../lib/session.ts';
import { menusFor } from '../lib/menus.ts';
import { loginDataFor, signIn } from '../lib/sign-in.ts';
import { requireCode, sendCode } from '../lib/sms-codes.ts';
import { mayUseDevTools } from '../lib/this-machine.ts';
import { formatInZone } from '../lib/time.ts';

const QR_TTL_MS = 2 * 60 * 1000;

async function phoneTaken(data: ScopedData, phone: { mobile: string; areaCode: string }): Promise<boolean> {
  return !!(await data
    .unscoped('uniqueness')
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, phone.mobile), eq(users.areaCode, phone.areaCode)))
    .get());
}

function checkPhone(mobile: string, areaCode: string, field = 'mobile') {
  if (!isValidPhone(mobile, areaCode)) throw invalidField(field, 'validation.phone');
}

export const authRoutes: RouteDef[] = [
  route(authEndpoints.login, ({ query, ip, lang, deps }) => signIn(deps, { ...query, ip, lang, kind: 'console' })),

  route(authEndpoints.loginForDashboard, ({ query, ip, lang, deps }) =>
    signIn(deps, { ...query, ip, lang, kind: 'dashboard', allowRole: (roleId) => roleId === DASHBOARD_ROLE }),
  ),

  route(authEndpoints.getUserInfo, async ({ user, data, lang, today }) => {
    // Who the token belongs to (the request's session), and their own organisation.
    const db = data.unscoped('signIn');
    if (!user) throw new ApiError(API_STATUS.unauthorized, 'error.logout');
    if (!user.roleId) throw new ApiError(API_STATUS.forbidden, 'auth.noPermissionToLogin');
    const org = (await db.select().from(organisations).where(eq(organisations.id, user.orgId)).get())!;
    return {
      uid: user.id,
      avatar: user.avatar,
      role: user.roleId,
      username: user.nickname || user.mobile,
      name: user.name,
      introduction: user.introduction,
      leaseType: user.leaseType,
      lessorAuth: (org.rentalDomestic ? 1 : 0) | (org.rentalForeign ? 2 : 0),
      orgName: nameIn(org, data.lang),
      orgKind: user.orgKind,
      today: today(),
      menus: menusFor({ roleId: user.roleId as RoleId, orgKind: user.orgKind }, lang),
    };
  }),

  route(authEndpoints.logout, async ({ token, data, deps }) => {
    const db = data.unscoped('signIn');
    const user = token ? await findSessionUser(db, token, deps.now()) : null;
    if (user) await endSession(db, user.tokenHash);
    return null;
  }),

  route(authEndpoints.code, async ({ query, ip, data, deps, t, setMessage }) => {
    checkPhone(query.mobile, query.areaCode);
    const exists = await phoneTaken(data, query);
    if (query.type === 'register' && exists) throw invalidField('mobile', 'auth.accountExists');
    if (query.type !== 'register' && !exists) throw invalidField('mobile', 'auth.accountMissing');
    const sent = await sendCode(deps, query, query.type, ip, (code) => t('sms.code', { code }));
    setMessage('auth.codeSent');
    return sent;
  }),

  route(authEndpoints.register, async ({ query, ip, data, deps }) => {
    checkPhone(query.mobile, query.areaCode);
    if (await phoneTaken(data, query)) throw invalidField('mobile', 'auth.accountExists');
    await requireCode(deps, query, 'register', query.code);
    const passwordHash = await hashPassword(query.password);
    // A self-registered person is a registered user (role 0) in an organisation of their own, until a
    // company invites them as an employee. The organisation and its user are written together, after the
    // phone is checked once more: another request may have taken it while the password was hashed.
    const user = await data.write(async (tx) => {
      if (await phoneTaken(tx, query)) throw invalidField('mobile', 'auth.accountExists');
      const org = await tx
        .insert(organisations)
        .values({ name: query.nickname || query.mobile, kind: 'customer' })
        .returning()
        .get();
      const created = await tx
        .insert(users)
        .values({
          orgId: org.id,
          mobile: query.mobile,
          areaCode: query.areaCode,
          passwordHash,
          nickname: query.nickname ?? '',
          roleId: ROLE.registeredUser,
        })
        .returning()
        .get();
      await tx.insert(knownAddresses).values({ userId: created.id, ip }).onConflictDoNothing().run();
      return created;
    });
    return { uid: user.id };
  }),

  route(authEndpoints.reset, async ({ query, data, deps }) => {
    checkPhone(query.mobile, query.areaCode);
    // Before sign-in: the account the phone names.
    const db = data.unscoped('signIn');
    const user = await db
      .select()
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (!user) throw invalidField('mobile', 'auth.accountMissing');
    await requireCode(deps, query, 'reset', query.code);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(query.password) })
      .where(eq(users.id, user.id))
      .run();
    await endAllSessions(db, user.id);
    return null;
  }),

  route(authEndpoints.dropAccount, async ({ query, data, deps, setMessage }) => {
    checkPhone(query.mobile, query.areaCode);
    // Before sign-in: the account the phone names.
    const db = data.unscoped('signIn');
    const user = await db
      .select()
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (!user) throw invalidField('mobile', 'auth.accountMissing');
    await requireCode(deps, query, 'dropAccount', query.code);
    await db
      .insert(dropRequests)
      .values({ userId: user.id, reason: query.reason ?? '' })
      .run();
    setMessage('auth.dropRequested');
    return null;
  }),

  route(authEndpoints.qrCreate, async ({ query, data, deps, timeZone }) => {
    const uuid = randomUUID();
    const expiresAt = deps.now() + QR_TTL_MS;
    await data
      .unscoped('signIn')
      .insert(qrLogins)
      .values({ uuid, appid: query.appid, expiresAt: new Date(expiresAt) })
      .run();
    return { uuid, expiresAt: formatInZone(expiresAt, timeZone) };
  }),

  route(authEndpoints.loginByScanQRCode, async ({ query, data, deps, lang, ip }) => {
    const db = data.unscoped('signIn');
    const qr = await db.select().from(qrLogins).where(eq(qrLogins.uuid, query.uuid)).get();
    if (!qr || qr.state === 'consumed' || qr.expiresAt.getTime() <= deps.now())
      return { state: 'expired' as const, login: null };
    if (qr.state !== 'confirmed' || !qr.userId) return { state: qr.state, login: null };
    // The confirmed code signs in once; a second poll finds it consumed.
    await db.update(qrLogins).set({ state: 'consumed' }).where(eq(qrLogins.uuid, qr.uuid)).run();
    const token = await createSession(db, qr.userId, 'console', ip, deps.now() + deps.env.SESSION_HOURS * 3600 * 1000);
    return { state: 'confirmed' as const, login: await loginDataFor(deps, token, lang) };
  }),

  route(authEndpoints.qrScan, async ({ body, user, data, deps }) => {
    // A code waiting on a sign-in page: anyone signed in may claim it, by its random id.
    const db = data.unscoped('signIn');
    const qr = await db.select().from(qrLogins).where(eq(qrLogins.uuid, body.uuid)).get();
    if (!qr) throw notFound();
    if (qr.state !== 'waiting' || qr.expiresAt.getTime() <= deps.now())
      throw new ApiError(API_STATUS.conflict, 'auth.qrExpired');
    await db.update(qrLogins).set({ state: 'scanned', userId: user.id }).where(eq(qrLogins.uuid, qr.uuid)).run();
    return { state: 'scanned' as const };
  }),

  route(authEndpoints.qrConfirm, async ({ body, user, data, deps }) => {
    const db = data.unscoped('signIn');
    const qr = await db.select().from(qrLogins).where(eq(qrLogins.uuid, body.uuid)).get();
    if (!qr) throw notFound();
    if (qr.state !== 'scanned' || qr.userId !== user.id || qr.expiresAt.getTime() <= deps.now()) {
      throw new ApiError(API_STATUS.conflict, 'auth.qrExpired');
    }
    await db.update(qrLogins).set({ state: 'confirmed' }).where(eq(qrLogins.uuid, qr.uuid)).run();
    return { state: 'confirmed' as const };
  }),

  route(authEndpoints.devSms, async ({ query, data, deps, timeZone, c }) => {
    // The outbox does not exist in production: the route answers as an unknown path would.
    if (deps.env.NODE_ENV === 'production') throw notFound();
    // It holds every verification code: nobody on the network may read it (lib/this-machine.ts).
    if (!mayUseDevTools(c, deps.env)) throw new ApiError(API_STATUS.forbidden, 'security.devToolsThisMachine');
    const rows = await data
      .unscoped('signIn')
      .select()
      .from(smsOutbox)
      .where(query.mobile ? eq(smsOutbox.mobile, query.mobile) : undefined)
      .orderBy(desc(smsOutbox.id))
      .limit(20)
      .all();
    return rows.map((r) => ({
      id: r.id,
      mobile: r.mobile,
      areaCode: r.areaCode,
      text: r.text,
      code: r.code,
      sentAt: formatInZone(r.createdAt, timeZone),
    }));
  }),
];
