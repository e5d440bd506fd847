import { eq } from 'drizzle-orm';
import { faultRecords } from '@console/db/schema/faults';
import { faultEndpoints } from '@console/contract/http/faults';
import { conflict, forbidden } from '../../lib/errors.ts';
import { keepsMachine } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { raiseFromSource } from '../../work-orders/raise.ts';
import { findFault } from './records.ts';

/** A fault record raises one repair work order; the record keeps its link (decision 019). */
export const faultWorkOrderRoutes: RouteDef[] = [
  route(faultEndpoints.raiseWorkOrder, async ({ body, user, data, deps, t }) => {
    const { fault, serialNumber } = await findFault(data, body.id);
    if (!keepsMachine(data, fault.orgId)) throw forbidden();
    if (fault.workOrderId !== null) throw conflict('maintenance.workOrderExists');
    return raiseFromSource(
      data,
      user,
      {
        title: t('maintenance.title.fault', { serial: serialNumber }),
        type: 1,
        deviceId: fault.deviceId,
        content: [fault.cause, fault.parts, fault.repairMethod].filter(Boolean).join('\n'),
        source: { kind: 'fault', id: fault.id },
      },
      deps.now(),
      (tx, workOrderId) => tx.update(faultRecords).set({ workOrderId }).where(eq(faultRecords.id, fault.id)).run(),
    );
  }),
];
