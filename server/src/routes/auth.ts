import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { dropRequests, knownAddresses, organisations, qrLogins, smsOutbox, users } from '@console/db/schema/accounts';
import { hashPassword } from '@console/db/password';
import { authEndpoints, DASHBOARD_ROLE } from '@console/contract/http/auth';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { ApiError, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { createSession, endAllSessions, endSession, findSessionUser } from '../lib/session.ts';
import { menusFor } from '../lib/menus.ts';
import { loginDataFor, signIn } from '../lib/sign-in.ts';
import { requireCode, sendCode } from '../lib/sms-codes.ts';
import { formatInZone } from '../lib/time.ts';

const QR_TTL_MS = 2 * 60 * 1000;

function checkPhone(mobile: string, areaCode: string, field = 'mobile') {
  if (!isValidPhone(mobile, areaCode)) throw invalidField(field, 'validation.phone');
}

export const authRoutes: RouteDef[] = [
  route(authEndpoints.login, ({ query, ip, lang, deps }) => signIn(deps, { ...query, ip, lang, kind: 'console' })),

  route(authEndpoints.loginForDashboard, ({ query, ip, lang, deps }) =>
    signIn(deps, { ...query, ip, lang, kind: 'dashboard', allowRole: (roleId) => roleId === DASHBOARD_ROLE }),
  ),

  route(authEndpoints.getUserInfo, ({ token, deps, lang }) => {
    const user = token ? findSessionUser(deps.dbh.db, token, deps.now()) : null;
    if (!user) throw new ApiError(API_STATUS.unauthorized, 'error.logout');
    if (!user.roleId) throw new ApiError(API_STATUS.forbidden, 'auth.noPermissionToLogin');
    const org = deps.dbh.db.select().from(organisations).where(eq(organisations.id, user.orgId)).get()!;
    return {
      uid: user.id,
      avatar: user.avatar,
      role: user.roleId,
      username: user.nickname || user.mobile,
      name: user.name,
      introduction: user.introduction,
      leaseType: user.leaseType,
      lessorAuth: (org.rentalDomestic ? 1 : 0) | (org.rentalForeign ? 2 : 0),
      orgName: org.name,
      menus: menusFor(user.roleId as RoleId, lang),
    };
  }),

  route(authEndpoints.logout, ({ token, deps }) => {
    const user = token ? findSessionUser(deps.dbh.db, token, deps.now()) : null;
    if (user) endSession(deps.dbh.db, user.tokenHash);
    return null;
  }),

  route(authEndpoints.code, ({ query, ip, deps, t, setMessage }) => {
    checkPhone(query.mobile, query.areaCode);
    const exists = !!deps.dbh.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (query.type === 'register' && exists) throw invalidField('mobile', 'auth.accountExists');
    if (query.type !== 'register' && !exists) throw invalidField('mobile', 'auth.accountMissing');
    const sent = sendCode(deps, query, query.type, ip, (code) => t('sms.code', { code }));
    setMessage('auth.codeSent');
    return sent;
  }),

  route(authEndpoints.register, async ({ query, ip, deps }) => {
    checkPhone(query.mobile, query.areaCode);
    const { db } = deps.dbh;
    const taken = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (taken) throw invalidField('mobile', 'auth.accountExists');
    requireCode(deps, query, 'register', query.code);
    // A self-registered person is a registered user (role 0) in an organisation of their own, until a
    // company invites them as an employee.
    const org = db
      .insert(organisations)
      .values({ name: query.nickname || query.mobile, kind: 'customer' })
      .returning()
      .get();
    const user = db
      .insert(users)
      .values({
        orgId: org.id,
        mobile: query.mobile,
        areaCode: query.areaCode,
        passwordHash: await hashPassword(query.password),
        nickname: query.nickname ?? '',
        roleId: ROLE.registeredUser,
      })
      .returning()
      .get();
    db.insert(knownAddresses).values({ userId: user.id, ip }).onConflictDoNothing().run();
    return { uid: user.id };
  }),

  route(authEndpoints.reset, async ({ query, deps }) => {
    checkPhone(query.mobile, query.areaCode);
    const { db } = deps.dbh;
    const user = db
      .select()
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (!user) throw invalidField('mobile', 'auth.accountMissing');
    requireCode(deps, query, 'reset', query.code);
    db.update(users)
      .set({ passwordHash: await hashPassword(query.password) })
      .where(eq(users.id, user.id))
      .run();
    endAllSessions(db, user.id);
    return null;
  }),

  route(authEndpoints.dropAccount, ({ query, deps, setMessage }) => {
    checkPhone(query.mobile, query.areaCode);
    const { db } = deps.dbh;
    const user = db
      .select()
      .from(users)
      .where(and(eq(users.mobile, query.mobile), eq(users.areaCode, query.areaCode)))
      .get();
    if (!user) throw invalidField('mobile', 'auth.accountMissing');
    requireCode(deps, query, 'dropAccount', query.code);
    db.insert(dropRequests)
      .values({ userId: user.id, reason: query.reason ?? '' })
      .run();
    setMessage('auth.dropRequested');
    return null;
  }),

  route(authEndpoints.qrCreate, ({ query, deps, timeZone }) => {
    const uuid = randomUUID();
    const expiresAt = deps.now() + QR_TTL_MS;
    deps.dbh.db
      .insert(qrLogins)
      .values({ uuid, appid: query.appid, expiresAt: new Date(expiresAt) })
      .run();
    return { uuid, expiresAt: formatInZone(expiresAt, timeZone) };
  }),

  route(authEndpoints.loginByScanQRCode, ({ query, deps, lang, ip }) => {
    const { db } = deps.dbh;
    const qr = db.select().from(qrLogins).where(eq(qrLogins.uuid, query.uuid)).get();
    if (!qr || qr.state === 'consumed' || qr.expiresAt.getTime() <= deps.now())
      return { state: 'expired' as const, login: null };
    if (qr.state !== 'confirmed' || !qr.userId) return { state: qr.state, login: null };
    // The confirmed code signs in once; a second poll finds it consumed.
    db.update(qrLogins).set({ state: 'consumed' }).where(eq(qrLogins.uuid, qr.uuid)).run();
    const token = createSession(db, qr.userId, 'console', ip, deps.now() + deps.env.SESSION_HOURS * 3600 * 1000);
    return { state: 'confirmed' as const, login: loginDataFor(deps, token, lang) };
  }),

  route(authEndpoints.qrScan, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const qr = db.select().from(qrLogins).where(eq(qrLogins.uuid, body.uuid)).get();
    if (!qr) throw notFound();
    if (qr.state !== 'waiting' || qr.expiresAt.getTime() <= deps.now())
      throw new ApiError(API_STATUS.conflict, 'auth.qrExpired');
    db.update(qrLogins).set({ state: 'scanned', userId: user.id }).where(eq(qrLogins.uuid, qr.uuid)).run();
    return { state: 'scanned' as const };
  }),

  route(authEndpoints.qrConfirm, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const qr = db.select().from(qrLogins).where(eq(qrLogins.uuid, body.uuid)).get();
    if (!qr) throw notFound();
    if (qr.state !== 'scanned' || qr.userId !== user.id || qr.expiresAt.getTime() <= deps.now()) {
      throw new ApiError(API_STATUS.conflict, 'auth.qrExpired');
    }
    db.update(qrLogins).set({ state: 'confirmed' }).where(eq(qrLogins.uuid, qr.uuid)).run();
    return { state: 'confirmed' as const };
  }),

  route(authEndpoints.devSms, ({ query, deps, timeZone }) => {
    // The outbox does not exist in production: the route answers as an unknown path would.
    if (deps.env.NODE_ENV === 'production') throw notFound();
    const rows = deps.dbh.db
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
