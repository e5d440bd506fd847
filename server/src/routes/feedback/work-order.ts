import { eq } from 'drizzle-orm';
import { feedback } from '@console/db/schema/feedback';
import { feedbackEndpoints } from '@console/contract/http/feedback';
import { route, type RouteDef } from '../../lib/route.ts';
import { createWorkOrder } from '../../work-orders/create.ts';
import { followWorkOrders } from './follow.ts';
import { findFeedback, pendingFeedback } from './records.ts';

export const feedbackWorkOrderRoutes: RouteDef[] = [
  route(feedbackEndpoints.raiseWorkOrder, ({ body, user, deps, t }) => {
    const { db } = deps.dbh;
    followWorkOrders(db);
    const record = pendingFeedback(db, user, body.id);
    const { serialNumber } = findFeedback(db, user, body.id);
    return db.transaction((tx) => {
      const order = createWorkOrder(
        tx,
        user,
        {
          title: t('maintenance.title.feedback', { serial: serialNumber }),
          type: 1,
          deviceId: record.deviceId,
          content: record.info,
          attachments: record.images,
          ...(record.phone ? { phone: record.phone } : {}),
          source: { kind: 'feedback', id: record.id },
        },
        deps.now(),
      );
      tx.update(feedback)
        .set({ workOrderId: order.id, handledBy: user.id, handledAt: new Date(deps.now()) })
        .where(eq(feedback.id, record.id))
        .run();
      return { workOrderId: order.id };
    });
  }),
];
