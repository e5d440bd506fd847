import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { hashPassword } from '@console/db/password';
import type { ScopedData } from '../lib/data.ts';
import { employeeEndpoints, grantableRoles, type Employee } from '@console/contract/http/employees';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { ROLE } from '@console/contract/codes/roles';
import { listPage } from '../lib/list-page.ts';
import { keywordIn, textContains } from '../lib/search.ts';
import { ApiError, conflict, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { endAllSessions, sessionsEnded, type SessionUser } from '../lib/session.ts';
import { sendSms } from '../lib/sms.ts';
import { formatInZone } from '../lib/time.ts';

type UserRow = typeof users.$inferSelect;

function toEmployee(row: UserRow, me: SessionUser, timeZone: string): Employee {
  return {
    uid: row.id,
    mobile: row.mobile,
    areaCode: row.areaCode,
    name: row.name,
    nickname: row.nickname,
    roleId: row.roleId,
    disabled: row.disabled,
    createdAt: formatInZone(row.createdAt, timeZone),
    isSelf: row.id === me.id,
  };
}

/** The account that holds a phone number, if any. */
function samePhone(data: ScopedData, phone: { mobile: string; areaCode: string }): UserRow | undefined {
  return data
    .unscoped('uniqueness')
    .select()
    .from(users)
    .where(and(eq(users.mobile, phone.mobile), eq(users.areaCode, phone.areaCode)))
    .get();
}

/** A user of the administrator's own organisation; anyone else is refused. */
function colleague(data: ScopedData, me: SessionUser, uid: number): UserRow {
  const row = data.select().from(users, data.orgScope(users.orgId)).where(eq(users.id, uid)).get();
  if (row?.orgId === me.orgId) return row;
  // Anyone else's account is refused as before; an id that names no account at all is not found. Account ids
  // are one series across every organisation, so this tells whether an id is taken and nothing of its holder.
  const taken = row ?? data.unscoped('uniqueness').select({ id: users.id }).from(users).where(eq(users.id, uid)).get();
  if (!taken) throw notFound();
  throw forbidden();
}

function assertGrantable(me: SessionUser, roleId: number, field: string): void {
  if (!grantableRoles(me.roleId).includes(roleId as never)) throw invalidField(field, 'employees.roleNotAllowed');
}

export const employeeRoutes: RouteDef[] = [
  route(employeeEndpoints.list, ({ query, user, data, timeZone }) => {
    const where = and(
      eq(users.orgId, user.orgId),
      textContains(users.mobile, query.phone),
      keywordIn([users.name, users.nickname], query.name),
      query.roleId !== undefined ? eq(users.roleId, query.roleId) : undefined,
      query.status ? eq(users.disabled, query.status === 'disabled') : undefined,
    );
    // Only the created time sorts; newest first unless asked otherwise.
    const order = query.sortField === 'createdAt' && query.sortOrder === 'ascend' ? asc : desc;
    const { rows, ...paging } = listPage(
      data,
      query,
      data.select().from(users, data.orgScope(users.orgId)).where(where),
      [order(users.createdAt), order(users.id)],
    );
    return {
      list: rows.map((row) => toEmployee(row, user, timeZone)),
      ...paging,
    };
  }),

  route(employeeEndpoints.create, async ({ body, user, data, deps, t, setMessage }) => {
    if (!isValidPhone(body.mobile, body.areaCode)) throw invalidField('mobile', 'validation.phone');
    assertGrantable(user, body.roleId, 'roleId');
    const production = deps.env.NODE_ENV === 'production';
    // No SMS gateway is configured in production yet, so an invitation could not reach anyone.
    const inviteFails = body.mode === 'invite' && production;
    const known = samePhone(data, body);
    if (known && known.roleId !== ROLE.registeredUser) throw invalidField('mobile', 'auth.accountExists');
    if (!known && inviteFails) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
    // An invited person gets a password nobody knows and sets their own with "forgot password". The hash is
    // made before the unit of work, which checks the phone again: another request may have taken it meanwhile.
    const password = body.mode === 'password' ? body.password! : randomBytes(24).toString('base64url');
    const passwordHash = known ? null : await hashPassword(password);
    const outcome = data.write((tx) => {
      const existing = samePhone(tx, body);
      if (existing && existing.roleId !== ROLE.registeredUser) throw invalidField('mobile', 'auth.accountExists');
      if (existing) {
        // A self-registered person (role 0) joins the organisation and keeps their own password.
        tx.update(users)
          .set({ orgId: user.orgId, roleId: body.roleId, name: body.name, disabled: false })
          .where(eq(users.id, existing.id))
          .run();
        endAllSessions(tx, existing.id);
        return { uid: existing.id, joined: true };
      }
      if (inviteFails) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
      // The account seen before has gone meanwhile: nothing is written, the administrator tries again.
      if (passwordHash === null) throw conflict();
      const created = tx
        .insert(users)
        .values({
          orgId: user.orgId,
          mobile: body.mobile,
          areaCode: body.areaCode,
          name: body.name,
          roleId: body.roleId,
          passwordHash,
          createdAt: new Date(deps.now()),
        })
        .returning()
        .get();
      return { uid: created.id, joined: false };
    });
    if (outcome.joined) {
      setMessage('employees.joined');
    } else if (body.mode === 'invite') {
      const org = data
        .select()
        .from(organisations, data.orgScope(organisations.id))
        .where(eq(organisations.id, user.orgId))
        .get()!;
      sendSms(deps, {
        mobile: body.mobile,
        areaCode: body.areaCode,
        text: t('employees.inviteSms', { org: org.name }),
      });
      setMessage('employees.inviteSent');
    }
    return outcome;
  }),

  route(employeeEndpoints.editUser, ({ query, user, data, timeZone }) => {
    const target = colleague(data, user, query.uid);
    const roleChanges = query.role !== undefined && query.role !== target.roleId;
    if (query.nickname === undefined && query.role === undefined) {
      throw invalidField('nickname', 'employees.nothingToChange');
    }
    if (roleChanges) {
      if (target.id === user.id) throw invalidField('role', 'employees.self');
      assertGrantable(user, target.roleId, 'role');
      assertGrantable(user, query.role!, 'role');
    }
    const row = data.write((tx) => {
      tx.update(users)
        .set({
          ...(query.nickname !== undefined ? { nickname: query.nickname } : {}),
          ...(roleChanges ? { roleId: query.role } : {}),
        })
        .where(eq(users.id, target.id))
        .run();
      // Menus and rights come with a sign-in, so a new role starts with a fresh one.
      if (roleChanges) endAllSessions(tx, target.id);
      return tx.select().from(users, tx.orgScope(users.orgId)).where(eq(users.id, target.id)).get()!;
    });
    return toEmployee(row, user, timeZone);
  }),

  route(employeeEndpoints.setDisabled, ({ body, user, data }) => {
    const uids = [...new Set(body.uids)];
    if (uids.includes(user.id)) throw new ApiError(API_STATUS.forbidden, 'employees.self');
    // All or nothing: one account outside the organisation refuses the whole batch.
    data.write((tx) => {
      uids.forEach((uid) => colleague(tx, user, uid));
      tx.update(users).set({ disabled: body.disabled }).where(inArray(users.id, uids)).run();
      if (body.disabled) tx.delete(sessions).where(inArray(sessions.userId, uids)).run();
    });
    if (body.disabled) sessionsEnded();
    return { count: uids.length };
  }),
];
