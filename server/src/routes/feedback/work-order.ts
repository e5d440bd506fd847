import { eq } from 'drizzle-orm';
import { feedback } from '@console/db/schema/feedback';
import { feedbackEndpoints } from '@console/contract/http/feedback';
import { route, type RouteDef } from '../../lib/route.ts';
import { raiseFromSource } from '../../work-orders/raise.ts';
import { followWorkOrders } from './follow.ts';
import { findFeedback, pendingFeedback } from './records.ts';

export const feedbackWorkOrderRoutes: RouteDef[] = [
  route(feedbackEndpoints.raiseWorkOrder, async ({ body, user, data, deps, t }) => {
    await followWorkOrders(data);
    const record = await pendingFeedback(data, user, body.id);
    const { serialNumber } = await findFeedback(data, body.id);
    return raiseFromSource(
      data,
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
      (tx, workOrderId) =>
        tx
          .update(feedback)
          .set({ workOrderId, handledBy: user.id, handledAt: new Date(deps.now()) })
          .where(eq(feedback.id, record.id))
          .run(),
    );
  }),
];
