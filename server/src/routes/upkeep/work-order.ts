import { eq } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { upkeepEndpoints } from '@console/contract/http/upkeep';
import { conflict } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { createWorkOrder } from '../../work-orders/create.ts';
import { settlePlans } from './settle.ts';
import { ownPlan } from './plans.ts';

export const upkeepWorkOrderRoutes: RouteDef[] = [
  route(upkeepEndpoints.raiseWorkOrder, ({ body, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    settlePlans(db, timeZone);
    const plan = ownPlan(db, user, body.id);
    if (plan.workOrderId !== null) throw conflict('upkeep.workOrderOpen');
    const device = db.select().from(devices).where(eq(devices.id, plan.deviceId)).get()!;
    return db.transaction((tx) => {
      const order = createWorkOrder(
        tx,
        user,
        {
          title: t('maintenance.title.upkeep', { serial: device.serialNumber }),
          type: 2,
          deviceId: device.id,
          content: plan.content,
          source: { kind: 'upkeep', id: plan.id },
        },
        deps.now(),
      );
      tx.update(upkeepPlans)
        .set({ workOrderId: order.id, raisedHours: device.workingHours })
        .where(eq(upkeepPlans.id, plan.id))
        .run();
      return { workOrderId: order.id };
    });
  }),
];
