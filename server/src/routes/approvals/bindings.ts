import { and, desc, eq, inArray } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import { joinRoles } from '@console/contract/codes/approvals';
import { maskName } from '@console/contract/codes/masks';
import { bindEndpoints, type BindRow } from '@console/contract/http/approvals';
import { BIND_REQUESTERS } from '@console/contract/access/approvals';
import { API_STATUS } from '@console/contract/http/envelope';
import { bindRequests } from '@console/db/schema/approvals';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { sessionsEnded, type SessionUser } from '../../lib/session.ts';
import { idsIn, madeWithin, presentDecision, undecided } from './shared.ts';

/**
 * Deciding binding requests (docs/decisions/047-bindings-and-verification.md): the requests addressed to the
 * organisations in scope (`orgId`, the one to join or the machine's owner). The requester is usually outside it (a
 * registered person in an organisation of their own): their name is read as a referenced name, and shown masked.
 */
const requestRows = (data: ScopedData) =>
  data
    .select({
      request: bindRequests,
      orgName: nameInSql(organisations, data.lang),
      orgKind: organisations.kind,
      mobile: users.mobile,
      nickname: users.nickname,
      name: users.name,
    })
    .from(bindRequests, data.orgScope(bindRequests.orgId))
    .innerJoin(organisations, eq(organisations.id, bindRequests.orgId))
    .leftJoin(users, eq(users.id, bindRequests.requesterId));
type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['all']>>[number];

async function present(data: ScopedData, rows: RequestRow[], timeZone: string): Promise<BindRow[]> {
  const decision = await presentDecision(
    data,
    rows.map((r) => r.request),
    timeZone,
  );
  const requesterOrgs = await orgNames(
    data,
    rows.map((r) => r.request.requesterOrgId),
  );
  return rows.map(({ request: r, ...row }) => ({
    id: r.id,
    kind: r.kind,
    orgName: row.orgName,
    orgKind: row.orgKind,
    requesterMobile: row.mobile ?? '',
    requesterNickname: row.nickname ?? '',
    requesterName: maskName(row.name ?? ''),
    requesterOrgName: requesterOrgs.get(r.requesterOrgId) ?? '',
    deviceId: r.deviceId,
    serialNumber: r.serialNumber,
    note: r.note,
    roleId: r.roleId,
    ...decision(r),
  }));
}

async function requestIn(data: ScopedData, id: number): Promise<RequestRow> {
  const row = await requestRows(data).where(eq(bindRequests.id, id)).get();
  if (!row) throw notFound();
  return row;
}

/** The requester as they are now: only a customer identity (a registered user or a customer's person) is bound. */
async function requesterOf(tx: ScopedWrite, request: typeof bindRequests.$inferSelect) {
  const found = await tx
    .select({ id: users.id, roleId: users.roleId, orgId: users.orgId, kind: organisations.kind })
    .from(users, tx.shared('referencedNames', eq(users.id, request.requesterId)))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .get();
  const customer = found && found.kind === 'customer' && (BIND_REQUESTERS as readonly number[]).includes(found.roleId);
  // Joined a company since, or gone: the spec's "contains orders not from a customer identity".
  if (!customer) throw new ApiError(API_STATUS.conflict, 'approvals.notCustomer');
  return found;
}

/** Approve one request inside the batch's unit of work. */
async function approveOne(tx: ScopedWrite, me: SessionUser, r: typeof bindRequests.$inferSelect, roleId?: number) {
  const requester = await requesterOf(tx, r);
  if (r.kind === 'join') {
    if (roleId === undefined) throw invalidField('roleId', 'approvals.roleRequired');
    const org = await tx
      .select()
      .from(organisations, tx.orgScope(organisations.id))
      .where(eq(organisations.id, r.orgId))
      .get();
    if (!org) throw notFound();
    if (!joinRoles(me.roleId, org.kind).includes(roleId as never)) {
      throw invalidField('roleId', 'approvals.roleNotAllowed');
    }
    await tx.update(users).set({ orgId: org.id, roleId }).where(eq(users.id, requester.id)).run();
    // Their menus and data change with their organisation: they sign in again.
    await tx.delete(sessions).where(eq(sessions.userId, requester.id)).run();
  } else {
    const device = await tx
      .select()
      .from(devices, tx.orgScope(devices.orgId))
      .where(eq(devices.id, r.deviceId ?? -1))
      .get();
    if (!device) throw notFound();
    if (device.customerOrgId !== null && device.customerOrgId !== requester.orgId) {
      throw new ApiError(API_STATUS.conflict, 'approvals.machineTaken', { serial: device.serialNumber });
    }
    await tx.update(devices).set({ customerOrgId: requester.orgId }).where(eq(devices.id, device.id)).run();
  }
  return { roleId: r.kind === 'join' ? (roleId ?? null) : null };
}

export const bindingRoutes: RouteDef[] = [
  route(bindEndpoints.list, async ({ query, data, timeZone, deps }) => {
    const where = and(
      query.state ? eq(bindRequests.state, query.state) : undefined,
      query.kind ? eq(bindRequests.kind, query.kind) : undefined,
      keywordIn(
        data.dialect,
        [bindRequests.serialNumber, users.mobile, users.nickname, organisations.name],
        query.keyword,
      ),
      madeWithin(bindRequests.createdAt, query.days, deps.now()),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      requestRows(data).where(where),
      listOrder(query, { createdAt: bindRequests.createdAt }, bindRequests.id, [desc(bindRequests.id)]),
    );
    return { list: await present(data, rows, timeZone), ...paging };
  }),

  route(bindEndpoints.detail, async ({ query, data, user, timeZone }) => {
    const row = await requestIn(data, query.id);
    return {
      request: (await present(data, [row], timeZone))[0]!,
      roles: row.request.kind === 'join' ? joinRoles(user.roleId, row.orgKind) : [],
    };
  }),

  route(bindEndpoints.approve, async ({ body, data, user, deps, setMessage }) => {
    const count = await data.write(async (tx) => {
      const rows = await tx
        .select()
        .from(bindRequests, tx.orgScope(bindRequests.orgId))
        .where(idsIn(bindRequests.id, body.ids))
        .all();
      const now = new Date(deps.now());
      for (const r of undecided(rows, body.ids)) {
        const { roleId } = await approveOne(tx, user, r, body.roleId);
        await tx
          .update(bindRequests)
          .set({ state: 'approved', roleId, decidedBy: user.id, decidedAt: now })
          .where(eq(bindRequests.id, r.id))
          .run();
      }
      return rows.length;
    });
    sessionsEnded();
    setMessage('approvals.approved', { count });
    return { count };
  }),

  route(bindEndpoints.reject, async ({ body, data, user, deps, setMessage }) => {
    const count = await data.write(async (tx) => {
      const rows = await tx
        .select()
        .from(bindRequests, tx.orgScope(bindRequests.orgId))
        .where(idsIn(bindRequests.id, body.ids))
        .all();
      undecided(rows, body.ids);
      await tx
        .update(bindRequests)
        .set({ state: 'rejected', reason: body.reason, decidedBy: user.id, decidedAt: new Date(deps.now()) })
        .where(
          inArray(
            bindRequests.id,
            rows.map((r) => r.id),
          ),
        )
        .run();
      return rows.length;
    });
    setMessage('approvals.rejected', { count });
    return { count };
  }),
];
