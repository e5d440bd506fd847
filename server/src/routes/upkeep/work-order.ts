import { eq } from 'drizzle-orm';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { upkeepEndpoints } from '@console/contract/http/upkeep';
import { conflict } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { raiseFromSource } from '../../work-orders/raise.ts';
import { visibleDevice } from '../../lib/device-access.ts';
import { settlePlans } from './settle.ts';
import { ownPlan } from './plans.ts';

export const upkeepWorkOrderRoutes: RouteDef[] = [
  route(upkeepEndpoints.raiseWorkOrder, async ({ body, user, data, deps, t }) => {
    await settlePlans(data);
    const plan = await ownPlan(data, user, body.id);
    if (plan.workOrderId !== null) throw conflict('upkeep.workOrderOpen');
    const device = await visibleDevice(data, plan.deviceId);
    return raiseFromSource(
      data,
      user,
      {
        title: t('maintenance.title.upkeep', { serial: device.serialNumber }),
        type: 2,
        deviceId: device.id,
        content: plan.content,
        source: { kind: 'upkeep', id: plan.id },
      },
      deps.now(),
      (tx, workOrderId) =>
        tx
          .update(upkeepPlans)
          .set({ workOrderId, raisedHours: device.workingHours })
          .where(eq(upkeepPlans.id, plan.id))
          .run(),
    );
  }),
];
