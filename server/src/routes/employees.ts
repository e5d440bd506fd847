import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { hashPassword } from '@console/db/password';
import type { Db } from '@console/db/client';
import { employeeEndpoints, grantableRoles, type Employee } from '@console/contract/http/employees';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { ROLE } from '@console/contract/codes/roles';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { endAllSessions, type SessionUser } from '../lib/session.ts';
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

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const likeEscaped = (column: AnySQLiteColumn, text: string) => sql`${column} like ${contains(text)} escape '\\'`;

/** A user of the administrator's own organisation; anyone else is refused. */
function colleague(db: Db, me: SessionUser, uid: number): UserRow {
  const row = db.select().from(users).where(eq(users.id, uid)).get();
  if (!row) throw notFound();
  if (row.orgId !== me.orgId) throw forbidden();
  return row;
}

function assertGrantable(me: SessionUser, roleId: number, field: string): void {
  if (!grantableRoles(me.roleId).includes(roleId as never)) throw invalidField(field, 'employees.roleNotAllowed');
}

export const employeeRoutes: RouteDef[] = [
  route(employeeEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      eq(users.orgId, user.orgId),
      query.phone ? likeEscaped(users.mobile, query.phone) : undefined,
      query.name ? or(likeEscaped(users.name, query.name), likeEscaped(users.nickname, query.name)) : undefined,
      query.roleId !== undefined ? eq(users.roleId, query.roleId) : undefined,
      query.status ? eq(users.disabled, query.status === 'disabled') : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where)
      .get()!.n;
    // Only the created time sorts; newest first unless asked otherwise.
    const order = query.sortField === 'createdAt' && query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(users)
      .where(where)
      .orderBy(order(users.createdAt), order(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return {
      list: rows.map((row) => toEmployee(row, user, timeZone)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(employeeEndpoints.create, async ({ body, user, deps, t, setMessage }) => {
    const { db } = deps.dbh;
    if (!isValidPhone(body.mobile, body.areaCode)) throw invalidField('mobile', 'validation.phone');
    assertGrantable(user, body.roleId, 'roleId');
    const existing = db
      .select()
      .from(users)
      .where(and(eq(users.mobile, body.mobile), eq(users.areaCode, body.areaCode)))
      .get();
    if (existing && existing.roleId !== ROLE.registeredUser) throw invalidField('mobile', 'auth.accountExists');
    if (existing) {
      // A self-registered person (role 0) joins the organisation and keeps their own password.
      db.update(users)
        .set({ orgId: user.orgId, roleId: body.roleId, name: body.name, disabled: false })
        .where(eq(users.id, existing.id))
        .run();
      endAllSessions(db, existing.id);
      setMessage('employees.joined');
      return { uid: existing.id, joined: true };
    }
    const production = deps.env.NODE_ENV === 'production';
    // No SMS gateway is configured in production yet, so an invitation could not reach anyone.
    if (body.mode === 'invite' && production) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
    // An invited person gets a password nobody knows and sets their own with "forgot password".
    const password = body.mode === 'password' ? body.password! : randomBytes(24).toString('base64url');
    const created = db
      .insert(users)
      .values({
        orgId: user.orgId,
        mobile: body.mobile,
        areaCode: body.areaCode,
        name: body.name,
        roleId: body.roleId,
        passwordHash: await hashPassword(password),
        createdAt: new Date(deps.now()),
      })
      .returning()
      .get();
    if (body.mode === 'invite') {
      const org = db.select().from(organisations).where(eq(organisations.id, user.orgId)).get()!;
      sendSms(deps, {
        mobile: body.mobile,
        areaCode: body.areaCode,
        text: t('employees.inviteSms', { org: org.name }),
      });
      setMessage('employees.inviteSent');
    }
    return { uid: created.id, joined: false };
  }),

  route(employeeEndpoints.editUser, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const target = colleague(db, user, query.uid);
    const roleChanges = query.role !== undefined && query.role !== target.roleId;
    if (roleChanges) {
      if (target.id === user.id) throw invalidField('role', 'employees.self');
      assertGrantable(user, target.roleId, 'role');
      assertGrantable(user, query.role!, 'role');
    }
    db.update(users)
      .set({
        ...(query.nickname !== undefined ? { nickname: query.nickname } : {}),
        ...(roleChanges ? { roleId: query.role } : {}),
      })
      .where(eq(users.id, target.id))
      .run();
    // Menus and rights come with a sign-in, so a new role starts with a fresh one.
    if (roleChanges) endAllSessions(db, target.id);
    return toEmployee(db.select().from(users).where(eq(users.id, target.id)).get()!, user, timeZone);
  }),

  route(employeeEndpoints.setDisabled, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const uids = [...new Set(body.uids)];
    if (uids.includes(user.id)) throw new ApiError(API_STATUS.forbidden, 'employees.self');
    // All or nothing: one account outside the organisation refuses the whole batch.
    uids.forEach((uid) => colleague(db, user, uid));
    db.transaction((tx) => {
      tx.update(users).set({ disabled: body.disabled }).where(inArray(users.id, uids)).run();
      if (body.disabled) tx.delete(sessions).where(inArray(sessions.userId, uids)).run();
    });
    return { count: uids.length };
  }),
];
