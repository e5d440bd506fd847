import { eq, inArray } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { workOrders } from '@console/db/schema/work-orders';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { assertAssignee, personName } from '../../work-orders/access.ts';
import { transition } from '../../work-orders/transition.ts';

/** The technician is told of each order assigned to them, live (their bell of work: lib/live-events.ts). */
async function tellAssignee(data: ScopedData, deps: AppDeps, assigneeId: number, ids: number[]): Promise<void> {
  const orders = await data
    .select({ id: workOrders.id, number: workOrders.number, title: workOrders.title, orgId: workOrders.orgId })
    .from(workOrders, data.viaDevice(workOrders.deviceId))
    .where(inArray(workOrders.id, ids))
    .all();
  const at = deps.now();
  const technicianOrg = await data
    .unscoped('referencedNames')
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.id, assigneeId))
    .get();
  for (const { id, number, title, orgId } of orders) {
    deps.live.publish(
      { type: 'workOrder', id, number, title, state: 'assigned', at },
      { orgIds: [orgId, technicianOrg?.orgId ?? null], userIds: [assigneeId] },
    );
  }
}

/** The actions of the state machine (contract/codes/work-order-flow.ts), one endpoint each. */
export const workOrderActionRoutes: RouteDef[] = [
  route(workOrderEndpoints.assign, async ({ body, user, data, deps, setMessage }) => {
    let assignee: Awaited<ReturnType<typeof assertAssignee>> | undefined;
    const done = await transition(
      data,
      user,
      'assign',
      body.ids,
      deps.now(),
      (order) => ({
        values: { assigneeId: body.assigneeId },
        details: {
          assigneeId: body.assigneeId,
          assigneeName: personName(assignee),
          previousAssigneeId: order.assigneeId,
        },
        remark: body.remark,
      }),
      async (orders) => {
        assignee = await assertAssignee(data, user, body.assigneeId, orders);
      },
    );
    setMessage('workOrders.assigned', { count: done.ids.length });
    await tellAssignee(data, deps, body.assigneeId, done.ids);
    return done;
  }),

  route(workOrderEndpoints.repair, async ({ body, user, data, deps, setMessage }) => {
    const { faultTypes, faultCause, partsUsed, repairMethod, remark } = body;
    const done = await transition(data, user, 'repair', [body.id], deps.now(), () => ({
      values: { faultTypes, faultCause, partsUsed, repairMethod, solverId: user.id },
      details: { faultTypes, faultCause, partsUsed, repairMethod },
      remark,
    }));
    setMessage('workOrders.repaired');
    return done;
  }),

  route(workOrderEndpoints.pay, async ({ body, user, data, deps, setMessage }) => {
    const done = await transition(data, user, 'pay', [body.id], deps.now(), () => ({
      values: { paymentCents: body.amountCents, settled: body.settled },
      details: { amountCents: body.amountCents, settled: body.settled },
      remark: body.remark,
    }));
    setMessage('workOrders.paid');
    return done;
  }),

  route(workOrderEndpoints.resolve, async ({ body, user, data, deps, setMessage }) => {
    const done = await transition(data, user, 'resolve', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.resolved');
    return done;
  }),

  route(workOrderEndpoints.suspend, async ({ body, user, data, deps, setMessage }) => {
    const done = await transition(data, user, 'suspend', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.suspended');
    return done;
  }),

  route(workOrderEndpoints.resume, async ({ body, user, data, deps, setMessage }) => {
    const done = await transition(data, user, 'resume', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.resumed');
    return done;
  }),

  route(workOrderEndpoints.close, async ({ body, user, data, deps, setMessage }) => {
    const done = await transition(data, user, 'close', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.closed');
    return done;
  }),
];
