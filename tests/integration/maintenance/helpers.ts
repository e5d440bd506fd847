import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { DbHandle } from '@console/db/client';
import { orgTimeZone as orgZone } from '@console/db/org-zone';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { ScopedData } from '@console/server/src/lib/data';
import type { SessionUser } from '@console/server/src/lib/session';
import { assertAssignee, canTake, personName, technicianRows } from '@console/server/src/work-orders/access';
import { transition } from '@console/server/src/work-orders/transition';
import { findInOrder } from '@console/db/in-order';

/** The organisations of the demo accounts and of the second rental company (the foreign one). */
export async function demoOrgs(dbh: DbHandle) {
  const orgOfRole = async (roleId: number) =>
    (await dbh.db.select({ orgId: users.orgId }).from(users).where(eq(users.roleId, roleId)).get())!.orgId;
  const lessor = await orgOfRole(ROLE.lessorAdmin);
  const customer = await orgOfRole(ROLE.other);
  const distributor = await orgOfRole(ROLE.distributor);
  const foreign = (await dbh.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, 'Pearl River Lift Rental'))
    .get())!.id;
  return { lessor, customer, distributor, foreign };
}

/** A machine of an owner, optionally leased to a customer (or to none), by id order. */
export async function machineOf(dbh: DbHandle, orgId: number, customerOrgId?: number | null, skip = 0) {
  const leased =
    customerOrgId === undefined
      ? undefined
      : customerOrgId === null
        ? isNull(devices.customerOrgId)
        : eq(devices.customerOrgId, customerOrgId);
  return (await dbh.db
    .select()
    .from(devices)
    .where(and(eq(devices.orgId, orgId), leased, isNotNull(devices.id)))
    .orderBy(asc(devices.id))
    .limit(1)
    .offset(skip)
    .get())!;
}

/** A person as a signed-in session sees them (what a route's ScopedData is built for). */
async function sessionUser(dbh: DbHandle, userId: number): Promise<SessionUser> {
  const row = (await dbh.db
    .select({ user: users, org: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId))
    .get())!;
  const orgTimeZone = await orgZone(dbh.db, row.org.id);
  return { ...row.user, orgKind: row.org.kind, orgName: row.org.name, leaseType: 0, tokenHash: '', orgTimeZone };
}

/**
 * Move a work order as the work order pages would, through the server's state machine (server/src/work-orders
 * transition, with the forms' values as the action routes take them), at `at`: its keeper (the person who raised
 * it) records the payment or closes it ('close', without a repair, with a remark); 'repair' assigns a pending
 * order to one of the keeper's technicians who may take it, who records the repair; 'resolve' is taken by the
 * assignee after a repair. An action the state machine refuses from the order's status throws, as its route does.
 */
export async function moveOrder(dbh: DbHandle, id: number, action: 'repair' | 'pay' | 'resolve' | 'close', at: number) {
  const order = async () => (await dbh.db.select().from(workOrders).where(eq(workOrders.id, id)).get())!;
  const keeper = await sessionUser(dbh, (await order()).createdBy);
  const as = async (user: SessionUser, work: (data: ScopedData, user: SessionUser) => Promise<unknown>) =>
    work(await ScopedData.of(dbh.db, user), user);
  if (action === 'repair' && (await order()).status === WO_STATUS.pending) {
    await as(keeper, async (data, user) => {
      const tech = await findInOrder(await technicianRows(data, user), async (r) => canTake(r, [await order()]));
      if (!tech) throw new Error(`no technician may take work order ${id}`);
      await transition(
        data,
        user,
        'assign',
        [id],
        at,
        (o) => ({
          values: { assigneeId: tech.user.id },
          details: { assigneeId: tech.user.id, assigneeName: personName(tech.user), previousAssigneeId: o.assigneeId },
          remark: '',
        }),
        (orders) => assertAssignee(data, user, tech.user.id, orders),
      );
    });
  }
  const assignee = async () => sessionUser(dbh, (await order()).assigneeId ?? (await order()).createdBy);
  switch (action) {
    case 'repair': {
      const repair = { faultTypes: ['hydraulic'], faultCause: 'Seal worn', partsUsed: '', repairMethod: 'Replaced it' };
      await as(await assignee(), (data, user) =>
        transition(data, user, 'repair', [id], at, () => ({
          values: { ...repair, solverId: user.id },
          details: repair,
          remark: '',
        })),
      );
      return;
    }
    case 'pay':
      await as(keeper, (data, user) =>
        transition(data, user, 'pay', [id], at, () => ({
          values: { paymentCents: 12_000, settled: true },
          details: { amountCents: 12_000, settled: true },
          remark: '',
        })),
      );
      return;
    case 'resolve':
      await as(await assignee(), (data, user) => transition(data, user, 'resolve', [id], at, () => ({ remark: '' })));
      return;
    case 'close':
      await as(keeper, (data, user) =>
        transition(data, user, 'close', [id], at, () => ({ remark: 'Not needed any more' })),
      );
  }
}
