import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { route, type RouteDef } from '../../lib/route.ts';
import { assertAssignee, personName } from '../../work-orders/access.ts';
import { transition } from '../../work-orders/transition.ts';

/** The actions of the state machine (contract/codes/work-order-flow.ts), one endpoint each. */
export const workOrderActionRoutes: RouteDef[] = [
  route(workOrderEndpoints.assign, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    let assignee: ReturnType<typeof assertAssignee> | undefined;
    const done = transition(
      db,
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
      (orders) => {
        assignee = assertAssignee(db, user, body.assigneeId, orders);
      },
    );
    setMessage('workOrders.assigned', { count: done.ids.length });
    return done;
  }),

  route(workOrderEndpoints.repair, ({ body, user, deps, setMessage }) => {
    const { faultTypes, faultCause, partsUsed, repairMethod, remark } = body;
    const done = transition(deps.dbh.db, user, 'repair', [body.id], deps.now(), () => ({
      values: { faultTypes, faultCause, partsUsed, repairMethod, solverId: user.id },
      details: { faultTypes, faultCause, partsUsed, repairMethod },
      remark,
    }));
    setMessage('workOrders.repaired');
    return done;
  }),

  route(workOrderEndpoints.pay, ({ body, user, deps, setMessage }) => {
    const done = transition(deps.dbh.db, user, 'pay', [body.id], deps.now(), () => ({
      values: { paymentAmount: body.amount, settled: body.settled },
      details: { amount: body.amount, settled: body.settled },
      remark: body.remark,
    }));
    setMessage('workOrders.paid');
    return done;
  }),

  route(workOrderEndpoints.resolve, ({ body, user, deps, setMessage }) => {
    const done = transition(deps.dbh.db, user, 'resolve', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.resolved');
    return done;
  }),

  route(workOrderEndpoints.suspend, ({ body, user, deps, setMessage }) => {
    const done = transition(deps.dbh.db, user, 'suspend', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.suspended');
    return done;
  }),

  route(workOrderEndpoints.resume, ({ body, user, deps, setMessage }) => {
    const done = transition(deps.dbh.db, user, 'resume', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.resumed');
    return done;
  }),

  route(workOrderEndpoints.close, ({ body, user, deps, setMessage }) => {
    const done = transition(deps.dbh.db, user, 'close', [body.id], deps.now(), () => ({ remark: body.remark }));
    setMessage('workOrders.closed');
    return done;
  }),
];
