import { createHash, randomInt } from 'node:crypto';
import { nameIn, orgNameIn } from '../lib/org-brand.ts';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import { knownAddresses, organisations, users } from '@console/db/schema/accounts';
import { invitations } from '@console/db/schema/people';
import { hashPassword, verifyPassword } from '@console/db/password';
import {
  INVITATION_DAYS,
  invitationAllows,
  invitationState,
  type InvitationAction,
  type InvitationState,
} from '@console/contract/codes/invitations';
import { ROLE } from '@console/contract/codes/roles';
import { employeeEndpoints, type Invitation } from '@console/contract/http/employees';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone, newPassword } from '@console/contract/http/fields';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { AppDeps } from '../lib/deps.ts';
import type { ScopedData } from '../lib/data.ts';
import { ApiError, conflict, invalidField, notFound } from '../lib/errors.ts';
import { listPage } from '../lib/list-page.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { textContains } from '../lib/search.ts';
import { createSession, endAllSessions, type SessionUser } from '../lib/session.ts';
import { FAILURES_BEFORE_CODE, failuresSince, loginDataFor, recordAttempt } from '../lib/sign-in.ts';
import { formatInZone } from '../lib/time.ts';
import { deliverSystemSms, maskedMobile } from '../notify/system.ts';
import { assertGrantable, samePhone } from './employees.ts';
import { mapInOrder } from '@console/db/in-order';

const DAY_MS = 24 * 3600 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Letters and digits nobody misreads in a text message (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

type InvitationRow = typeof invitations.$inferSelect;
type Phone = { mobile: string; areaCode: string };

const stateOf = (row: InvitationRow, now: number): InvitationState =>
  invitationState(row.state, row.expiresAt.getTime(), now);

/** The refusal an invitation in this state gives its invitee. */
const CLOSED_MESSAGE: Record<Exclude<InvitationState, 'pending'>, MessageKey> = {
  expired: 'employees.invitationExpired',
  accepted: 'employees.invitationAccepted',
  revoked: 'employees.invitationRevoked',
};

/**
 * Whether a number may be invited into `orgId`: a free number or a registered user (role 0) of their own; never a
 * member already, nor an employee of another organisation (they must be unbound there first).
 */
async function assertInvitable(data: ScopedData, phone: Phone, orgId: number): Promise<void> {
  const account = await samePhone(data, phone);
  if (!account) return;
  if (account.orgId === orgId) throw invalidField('mobile', 'employees.alreadyMember');
  if (account.roleId !== ROLE.registeredUser) throw invalidField('mobile', 'employees.employedElsewhere');
}

/** The page the message links to, on the address the administrator reached the console by. */
const inviteLink = (c: Context, code: string) => `${new URL(c.req.url).origin}/invite?code=${code}`;

/** Send the invitation's text; refused with "invite send failed" when the gateway does not take it. */
async function sendInvitation(
  deps: AppDeps,
  c: Context,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  org: { id: number; name: string },
  phone: Phone,
  code: string,
): Promise<void> {
  const text = t('employees.inviteSms', { org: org.name, link: inviteLink(c, code), code, days: INVITATION_DAYS });
  // Logged by its kind only: the text carries the invitation's code.
  const delivered = await deliverSystemSms(deps, {
    orgId: org.id,
    event: 'invitation',
    recipient: maskedMobile(phone.mobile),
    sms: { mobile: phone.mobile, areaCode: phone.areaCode, text, code },
    private: true,
  });
  if (!delivered) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
}

/** The company's name in the language the administrator reads, which its invitation's text is written in. */
async function ownOrgName(data: ScopedData, user: SessionUser): Promise<string> {
  const org = (await data
    .select()
    .from(organisations, data.orgScope(organisations.id))
    .where(eq(organisations.id, user.orgId))
    .get())!;
  return nameIn(org, data.lang);
}

async function present(data: ScopedData, row: InvitationRow, now: number, timeZone: string): Promise<Invitation> {
  const inviter = await data
    .unscoped('referencedNames')
    .select({ name: users.name, nickname: users.nickname, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, row.invitedBy))
    .get();
  return {
    id: row.id,
    mobile: row.mobile,
    areaCode: row.areaCode,
    name: row.name,
    roleId: row.roleId,
    state: stateOf(row, now),
    invitedBy: inviter ? inviter.name || inviter.nickname || inviter.mobile : '',
    sentAt: formatInZone(row.sentAt, timeZone),
    expiresAt: formatInZone(row.expiresAt, timeZone),
    closedAt: row.closedAt ? formatInZone(row.closedAt, timeZone) : '',
  };
}

/** An invitation of the administrator's own organisation, allowed to take `action`. */
async function ownInvitation(data: ScopedData, user: SessionUser, id: number, action: InvitationAction, now: number) {
  const row = await data
    .select()
    .from(invitations, data.orgScope(invitations.orgId))
    .where(and(eq(invitations.id, id), eq(invitations.orgId, user.orgId)))
    .get();
  if (!row) throw notFound();
  if (!invitationAllows(action, stateOf(row, now))) throw conflict('employees.invitationClosed');
  return row;
}

/** The invitation a code opens, whatever its state (the invitee is told why a closed one no longer works). */
async function byCode(data: ScopedData, code: string): Promise<InvitationRow> {
  const row = await data
    .unscoped('publicLink')
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, hashCode(code)))
    .get();
  if (!row) throw new ApiError(API_STATUS.notFound, 'employees.invitationUnknown');
  return row;
}

/** The invitee's password against their account, counted as a sign-in attempt (the same limits apply). */
async function checkPassword(deps: AppDeps, account: typeof users.$inferSelect, password: string, ip: string) {
  const key = `${account.areaCode}-${account.mobile}`;
  if ((await failuresSince(deps, key, deps.now() - FIFTEEN_MINUTES)) >= FAILURES_BEFORE_CODE) {
    throw new ApiError(API_STATUS.tooMany, 'auth.tooManyFailures');
  }
  const right = await verifyPassword(password, account.passwordHash);
  await recordAttempt(deps, key, ip, right);
  if (!right) throw invalidField('password', 'auth.wrongPassword');
  if (account.disabled) throw new ApiError(API_STATUS.forbidden, 'auth.accountDisabled');
}

export const invitationRoutes: RouteDef[] = [
  route(employeeEndpoints.invitations, async ({ query, user, data, deps, timeZone }) => {
    const now = new Date(deps.now());
    const byState = {
      pending: and(eq(invitations.state, 'pending'), gt(invitations.expiresAt, now)),
      expired: and(eq(invitations.state, 'pending'), lte(invitations.expiresAt, now)),
      accepted: eq(invitations.state, 'accepted'),
      revoked: eq(invitations.state, 'revoked'),
    };
    const where = and(
      eq(invitations.orgId, user.orgId),
      textContains(data.dialect, invitations.mobile, query.phone),
      query.state ? byState[query.state] : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(invitations, data.orgScope(invitations.orgId)).where(where),
      [desc(invitations.sentAt), desc(invitations.id)],
    );
    return { list: await mapInOrder(rows, (row) => present(data, row, deps.now(), timeZone)), ...paging };
  }),

  route(employeeEndpoints.invite, async ({ body, user, data, deps, c, t, timeZone, setMessage }) => {
    if (!isValidPhone(body.mobile, body.areaCode)) throw invalidField('mobile', 'validation.phone');
    assertGrantable(user, body.roleId, 'roleId');
    await assertInvitable(data, body, user.orgId);
    const openOne = and(eq(invitations.state, 'pending'), gt(invitations.expiresAt, new Date(deps.now())));
    const samePending = (db: ScopedData) =>
      db
        .select({ id: invitations.id })
        .from(invitations, db.orgScope(invitations.orgId))
        .where(
          and(
            eq(invitations.orgId, user.orgId),
            eq(invitations.mobile, body.mobile),
            eq(invitations.areaCode, body.areaCode),
            openOne,
          ),
        )
        .get();
    if (await samePending(data)) throw invalidField('mobile', 'employees.invitationPending');
    // The message goes first: an invitation is kept only once its text has left, so a failed send leaves nothing.
    const code = newCode();
    await sendInvitation(deps, c, t, { id: user.orgId, name: await ownOrgName(data, user) }, body, code);
    const now = deps.now();
    const row = await data.write(async (tx) => {
      if (await samePending(tx)) throw invalidField('mobile', 'employees.invitationPending');
      return tx
        .insert(invitations)
        .values({
          orgId: user.orgId,
          mobile: body.mobile,
          areaCode: body.areaCode,
          name: body.name,
          roleId: body.roleId,
          codeHash: hashCode(code),
          invitedBy: user.id,
          sentAt: new Date(now),
          expiresAt: new Date(now + INVITATION_DAYS * DAY_MS),
        })
        .returning()
        .get();
    });
    setMessage('employees.inviteSent');
    return present(data, row, now, timeZone);
  }),

  route(employeeEndpoints.resendInvitation, async ({ body, user, data, deps, c, t, timeZone, setMessage }) => {
    const row = await ownInvitation(data, user, body.id, 'resend', deps.now());
    await assertInvitable(data, row, user.orgId);
    // A new code, sent before it replaces the old one: a failed send leaves the invitation as it was.
    const code = newCode();
    await sendInvitation(deps, c, t, { id: user.orgId, name: await ownOrgName(data, user) }, row, code);
    const now = deps.now();
    const updated = await data.write(async (tx) => {
      await ownInvitation(tx, user, body.id, 'resend', now);
      return tx
        .update(invitations)
        .set({
          state: 'pending',
          codeHash: hashCode(code),
          sentAt: new Date(now),
          expiresAt: new Date(now + INVITATION_DAYS * DAY_MS),
        })
        .where(eq(invitations.id, row.id))
        .returning()
        .get();
    });
    setMessage('employees.inviteSent');
    return present(data, updated, now, timeZone);
  }),

  route(employeeEndpoints.revokeInvitation, async ({ body, user, data, deps, timeZone }) => {
    const now = deps.now();
    const updated = await data.write(async (tx) => {
      const row = await ownInvitation(tx, user, body.id, 'revoke', now);
      return tx
        .update(invitations)
        .set({ state: 'revoked', closedAt: new Date(now) })
        .where(eq(invitations.id, row.id))
        .returning()
        .get();
    });
    return present(data, updated, now, timeZone);
  }),

  route(employeeEndpoints.previewInvitation, async ({ query, data, deps, timeZone }) => {
    const row = await byCode(data, query.code);
    return {
      orgName: await orgNameIn(data.unscoped('publicLink'), row.orgId, data.lang),
      name: row.name,
      roleId: row.roleId,
      mobile: `${'*'.repeat(Math.max(0, row.mobile.length - 4))}${row.mobile.slice(-4)}`,
      state: stateOf(row, deps.now()),
      expiresAt: formatInZone(row.expiresAt, timeZone),
      hasAccount: !!(await samePhone(data, row)),
    };
  }),

  route(employeeEndpoints.acceptInvitation, async ({ body, data, deps, ip, lang, setMessage }) => {
    const invitation = await byCode(data, body.code);
    const state = stateOf(invitation, deps.now());
    if (state !== 'pending') throw conflict(CLOSED_MESSAGE[state]);
    await assertInvitable(data, invitation, invitation.orgId);
    const account = await samePhone(data, invitation);
    let passwordHash: string | null = null;
    if (account) {
      await checkPassword(deps, account, body.password, ip);
    } else {
      // A new account: the password is the one they choose now, held to the usual rule.
      if (!newPassword.safeParse(body.password).success) throw invalidField('password', 'validation.passwordWeak');
      passwordHash = await hashPassword(body.password);
    }
    const now = deps.now();
    const userId = await data.write(async (tx) => {
      const db = tx.unscoped('publicLink');
      // Once: a second acceptance (another tab, a replay) finds it taken.
      const taken = await db
        .update(invitations)
        .set({ state: 'accepted', closedAt: new Date(now) })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.state, 'pending')))
        .run();
      if (taken.changes !== 1) throw conflict('employees.invitationAccepted');
      const current = await samePhone(tx, invitation);
      if (current?.id !== account?.id) throw conflict();
      let id: number;
      if (account) {
        await db
          .update(users)
          .set({ orgId: invitation.orgId, roleId: invitation.roleId, name: account.name || invitation.name })
          .where(eq(users.id, account.id))
          .run();
        // Their sessions as a registered user end: the rights of the new role come with a sign-in.
        await endAllSessions(db, account.id);
        id = account.id;
      } else {
        id = (
          await db
            .insert(users)
            .values({
              orgId: invitation.orgId,
              mobile: invitation.mobile,
              areaCode: invitation.areaCode,
              name: body.name || invitation.name,
              roleId: invitation.roleId,
              passwordHash: passwordHash!,
              createdAt: new Date(now),
            })
            .returning({ id: users.id })
            .get()
        ).id;
      }
      await db.update(invitations).set({ userId: id }).where(eq(invitations.id, invitation.id)).run();
      await db.insert(knownAddresses).values({ userId: id, ip }).onConflictDoNothing().run();
      return id;
    });
    const db = data.unscoped('publicLink');
    setMessage('employees.joinedOrg', { org: await orgNameIn(db, invitation.orgId, data.lang) });
    const token = await createSession(db, userId, 'console', ip, now + deps.env.SESSION_HOURS * 3600 * 1000);
    return loginDataFor(deps, token, lang);
  }),
];
