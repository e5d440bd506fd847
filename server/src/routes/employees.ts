import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { hashPassword } from '@console/db/password';
import type { ScopedData } from '../lib/data.ts';
import { employeeEndpoints, grantableRoles, type Employee } from '@console/contract/http/employees';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { listPage } from '../lib/list-page.ts';
import { keywordIn, textContains } from '../lib/search.ts';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { endAllSessions, sessionsEnded, type SessionUser } from '../lib/session.ts';
import { deliverSystemSms } from '../notify/system.ts';
import { formatInZone } from '../lib/time.ts';
import { forEachInOrder } from '@console/db/in-order';

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
export async function samePhone(
  data: ScopedData,
  phone: { mobile: string; areaCode: string },
): Promise<UserRow | undefined> {
  return data
    .unscoped('uniqueness')
    .select()
    .from(users)
    .where(and(eq(users.mobile, phone.mobile), eq(users.areaCode, phone.areaCode)))
    .get();
}

/** A user of the administrator's own organisation; anyone else is refused. */
export async function colleague(data: ScopedData, me: SessionUser, uid: number): Promise<UserRow> {
  const row = await data.select().from(users, data.orgScope(users.orgId)).where(eq(users.id, uid)).get();
  if (row?.orgId === me.orgId) return row;
  // Anyone else's account is refused as before; an id that names no account at all is not found. Account ids
  // are one series across every organisation, so this tells whether an id is taken and nothing of its holder.
  const taken =
    row ?? (await data.unscoped('uniqueness').select({ id: users.id }).from(users).where(eq(users.id, uid)).get());
  if (!taken) throw notFound();
  throw forbidden();
}

export function assertGrantable(me: SessionUser, roleId: number, field: string): void {
  if (!grantableRoles(me.roleId).includes(roleId as never)) throw invalidField(field, 'employees.roleNotAllowed');
}

export const employeeRoutes: RouteDef[] = [
  route(employeeEndpoints.list, async ({ query, user, data, timeZone }) => {
    const where = and(
      eq(users.orgId, user.orgId),
      textContains(data.dialect, users.mobile, query.phone),
      keywordIn(data.dialect, [users.name, users.nickname], query.name),
      query.roleId !== undefined ? eq(users.roleId, query.roleId) : undefined,
      query.status ? eq(users.disabled, query.status === 'disabled') : undefined,
    );
    // Only the created time sorts; newest first unless asked otherwise.
    const order = query.sortField === 'createdAt' && query.sortOrder === 'ascend' ? asc : desc;
    const { rows, ...paging } = await listPage(
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

  route(employeeEndpoints.create, async ({ body, user, data, deps, c, t, setMessage }) => {
    if (!isValidPhone(body.mobile, body.areaCode)) throw invalidField('mobile', 'validation.phone');
    assertGrantable(user, body.roleId, 'roleId');
    // A number with an account belongs to a person who consents by accepting an invitation (decision 048).
    if (await samePhone(data, body)) throw invalidField('mobile', 'employees.inviteInstead');
    // With `message`, the person sets their own password ("forgot password"): the first one nobody knows.
    const password = body.mode === 'password' ? body.password! : randomBytes(24).toString('base64url');
    const passwordHash = await hashPassword(password);
    if (body.mode === 'message') {
      // The message goes first: the account is made only once it has left, so a failed send leaves nothing.
      const org = (await data
        .select()
        .from(organisations, data.orgScope(organisations.id))
        .where(eq(organisations.id, user.orgId))
        .get())!;
      const link = `${new URL(c.req.url).origin}/reset`;
      const delivered = await deliverSystemSms(deps, {
        orgId: org.id,
        event: 'invitation',
        recipient: body.name,
        sms: {
          mobile: body.mobile,
          areaCode: body.areaCode,
          text: t('employees.setPasswordSms', { org: org.name, link }),
        },
      });
      if (!delivered) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
    }
    // The phone is checked again in the unit of work: another request may have taken it meanwhile.
    const created = await data.write(async (tx) => {
      if (await samePhone(tx, body)) throw invalidField('mobile', 'employees.inviteInstead');
      return tx
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
    });
    if (body.mode === 'message') setMessage('employees.setPasswordSent');
    return { uid: created.id };
  }),

  route(employeeEndpoints.editUser, async ({ query, user, data, timeZone }) => {
    const target = await colleague(data, user, query.uid);
    const roleChanges = query.role !== undefined && query.role !== target.roleId;
    if (query.nickname === undefined && query.role === undefined) {
      throw invalidField('nickname', 'employees.nothingToChange');
    }
    if (roleChanges) {
      if (target.id === user.id) throw invalidField('role', 'employees.self');
      assertGrantable(user, target.roleId, 'role');
      assertGrantable(user, query.role!, 'role');
    }
    const row = await data.write(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(query.nickname !== undefined ? { nickname: query.nickname } : {}),
          ...(roleChanges ? { roleId: query.role } : {}),
        })
        .where(eq(users.id, target.id))
        .run();
      // Menus and rights come with a sign-in, so a new role starts with a fresh one.
      if (roleChanges) await endAllSessions(tx, target.id);
      return (await tx.select().from(users, tx.orgScope(users.orgId)).where(eq(users.id, target.id)).get())!;
    });
    return toEmployee(row, user, timeZone);
  }),

  route(employeeEndpoints.setDisabled, async ({ body, user, data }) => {
    const uids = [...new Set(body.uids)];
    if (uids.includes(user.id)) throw new ApiError(API_STATUS.forbidden, 'employees.self');
    // All or nothing: one account outside the organisation refuses the whole batch.
    await data.write(async (tx) => {
      await forEachInOrder(uids, (uid) => colleague(tx, user, uid));
      await tx.update(users).set({ disabled: body.disabled }).where(inArray(users.id, uids)).run();
      if (body.disabled) await tx.delete(sessions).where(inArray(sessions.userId, uids)).run();
    });
    if (body.disabled) sessionsEnded();
    return { count: uids.length };
  }),
];
