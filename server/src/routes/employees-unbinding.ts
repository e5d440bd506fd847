import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { sealGrants, seals } from '@console/db/schema/lease-esign';
import { contracts } from '@console/db/schema/lease';
import { unbindings } from '@console/db/schema/people';
import { riskTasks } from '@console/db/schema/risk';
import { workOrders } from '@console/db/schema/work-orders';
import { UNBIND_OUTCOME, type OpenWorkKind } from '@console/contract/codes/invitations';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { employeeEndpoints, type FormerEmployee, type OpenWorkItem } from '@console/contract/http/employees';
import { API_STATUS } from '@console/contract/http/envelope';
import type { ScopedData } from '../lib/data.ts';
import { ApiError } from '../lib/errors.ts';
import { listPage } from '../lib/list-page.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { textContains } from '../lib/search.ts';
import { sessionsEnded } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';
import { colleague } from './employees.ts';
import { mapInOrder } from '@console/db/in-order';

/** Work orders still to be done by their assignee: assigned, or suspended to come back to them. */
const OPEN_ORDER = [WO_STATUS.assigned, WO_STATUS.suspended];
/** Contracts still in motion: a salesperson answers for them until they close. */
const OPEN_CONTRACT = [
  LEASE_STATUS.draft,
  LEASE_STATUS.pendingReview,
  LEASE_STATUS.awaitingSignInitiation,
  LEASE_STATUS.awaitingLesseeSign,
  LEASE_STATUS.awaitingLessorSign,
  LEASE_STATUS.inExecution,
];

/**
 * Every open piece of work of the organisation that names the person (decision 048). Each read is limited to the
 * administrator's organisation: work elsewhere is not theirs to release.
 */
async function openWork(data: ScopedData, orgId: number, uid: number): Promise<OpenWorkItem[]> {
  const item = (kind: OpenWorkKind, id: number, label: string): OpenWorkItem => ({
    kind,
    id,
    label,
    outcome: UNBIND_OUTCOME[kind],
  });
  const orders = await data
    .select({ id: workOrders.id, number: workOrders.number })
    .from(workOrders, data.orgScope(workOrders.orgId))
    .where(and(eq(workOrders.orgId, orgId), eq(workOrders.assigneeId, uid), inArray(workOrders.status, OPEN_ORDER)))
    .all();
  const grants = await data
    .select({ id: sealGrants.id, name: seals.name })
    .from(
      sealGrants,
      data.within(sealGrants.sealId, data.select({ id: seals.id }).from(seals, data.orgScope(seals.orgId))),
    )
    .innerJoin(seals, eq(seals.id, sealGrants.sealId))
    .where(and(eq(seals.orgId, orgId), eq(sealGrants.userId, uid), eq(sealGrants.state, 'active')))
    .all();
  const sold = await data
    .select({ id: contracts.id, number: contracts.number })
    .from(contracts, data.orgScope(contracts.lessorOrgId))
    .where(
      and(eq(contracts.lessorOrgId, orgId), eq(contracts.salespersonId, uid), inArray(contracts.status, OPEN_CONTRACT)),
    )
    .all();
  const tasks = await data
    .select({ id: riskTasks.id, kind: riskTasks.kind, dueAt: riskTasks.dueAt })
    .from(riskTasks, data.orgScope(riskTasks.orgId))
    .where(and(eq(riskTasks.orgId, orgId), eq(riskTasks.createdBy, uid), isNull(riskTasks.firedAt)))
    .all();
  return [
    ...orders.map((o) => item('workOrder', o.id, o.number)),
    ...grants.map((g) => item('sealGrant', g.id, g.name)),
    ...sold.map((c) => item('contract', c.id, c.number)),
    ...tasks.map((task) => item('lockTask', task.id, `${task.kind} #${task.id}`)),
  ];
}

async function presentFormer(
  data: ScopedData,
  row: typeof unbindings.$inferSelect,
  timeZone: string,
): Promise<FormerEmployee> {
  const by = await data
    .unscoped('referencedNames')
    .select({ name: users.name, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, row.unboundBy))
    .get();
  return {
    id: row.id,
    uid: row.userId,
    name: row.name,
    mobile: row.mobile,
    areaCode: row.areaCode,
    roleId: row.roleId,
    unboundBy: by ? by.name || by.mobile : '',
    unboundAt: formatInZone(row.createdAt, timeZone),
    released: row.released,
  };
}

export const unbindingRoutes: RouteDef[] = [
  route(employeeEndpoints.openWork, async ({ query, user, data }) => {
    const person = await colleague(data, user, query.uid);
    return openWork(data, user.orgId, person.id);
  }),

  route(employeeEndpoints.unbind, async ({ body, user, data, deps, timeZone, setMessage }) => {
    if (body.uid === user.id) throw new ApiError(API_STATUS.forbidden, 'employees.unbindSelf');
    const row = await data.write(async (tx) => {
      const person = await colleague(tx, user, body.uid);
      const work = await openWork(tx, user.orgId, person.id);
      const ids = (kind: OpenWorkKind) => work.filter((w) => w.kind === kind).map((w) => w.id);
      const now = new Date(deps.now());
      // Work orders go back to the pool, to be assigned again; suspended ones too (their assignee is gone).
      if (ids('workOrder').length) {
        await tx
          .update(workOrders)
          .set({ status: WO_STATUS.pending, assigneeId: null, updatedAt: now })
          .where(inArray(workOrders.id, ids('workOrder')))
          .run();
      }
      if (ids('sealGrant').length) {
        await tx
          .update(sealGrants)
          .set({ state: 'revoked' })
          .where(inArray(sealGrants.id, ids('sealGrant')))
          .run();
      }
      if (ids('contract').length) {
        await tx
          .update(contracts)
          .set({ salespersonId: null })
          .where(inArray(contracts.id, ids('contract')))
          .run();
      }
      // The person keeps their account, as a registered user in an organisation of their own (as /register.do
      // makes one), and every session of theirs ends now: the next request finds no session.
      const own = await tx
        .insert(organisations)
        .values({ name: person.nickname || person.name || person.mobile, kind: 'customer' })
        .returning({ id: organisations.id })
        .get();
      await tx.update(users).set({ orgId: own.id, roleId: ROLE.registeredUser }).where(eq(users.id, person.id)).run();
      await tx.delete(sessions).where(eq(sessions.userId, person.id)).run();
      const released = Object.fromEntries(
        (Object.keys(UNBIND_OUTCOME) as OpenWorkKind[]).map((kind) => [kind, ids(kind).length]),
      );
      return tx
        .insert(unbindings)
        .values({
          orgId: user.orgId,
          userId: person.id,
          name: person.name,
          mobile: person.mobile,
          areaCode: person.areaCode,
          roleId: person.roleId,
          unboundBy: user.id,
          released,
          createdAt: now,
        })
        .returning()
        .get();
    });
    sessionsEnded();
    setMessage('employees.unbound');
    return presentFormer(data, row, timeZone);
  }),

  route(employeeEndpoints.former, async ({ query, user, data, timeZone }) => {
    const where = and(eq(unbindings.orgId, user.orgId), textContains(data.dialect, unbindings.mobile, query.phone));
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(unbindings, data.orgScope(unbindings.orgId)).where(where),
      [desc(unbindings.createdAt), desc(unbindings.id)],
    );
    return { list: await mapInOrder(rows, (row) => presentFormer(data, row, timeZone)), ...paging };
  }),
];
