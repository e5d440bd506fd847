import { eq } from 'drizzle-orm';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { isEditable } from '@console/contract/codes/work-order-flow';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { requireUpload } from '../../lib/uploads.ts';
import type { SessionUser } from '../../lib/session.ts';
import { visibleOrders } from '../../work-orders/access.ts';
import { createWorkOrder } from '../../work-orders/create.ts';
import { ownedDevice } from '../../lib/device-access.ts';
import { mapInOrder } from '@console/db/in-order';

/** Pictures already on the order stay; a new one must be the user's own upload of a 500 kb picture. */
async function checkPictures(deps: AppDeps, user: SessionUser, urls: string[], kept: string[] = []) {
  return await mapInOrder(urls, async (url) =>
    kept.includes(url) ? url : await requireUpload(deps, user, url, 'attachments', { kinds: ['photo'] }),
  );
}

const EDITED = [
  'title',
  'type',
  'level',
  'areaCode',
  'phone',
  'province',
  'city',
  'district',
  'address',
  'content',
  'attachments',
  'remark',
] as const;

export const workOrderEditRoutes: RouteDef[] = [
  route(workOrderEndpoints.create, async ({ body, user, data, deps, setMessage }) => {
    const attachments = await checkPictures(deps, user, body.attachments);
    const created = await data.write(async (tx) => {
      // Manually: only for a machine the user keeps (an alarm's order too).
      await ownedDevice(tx, user, body.deviceId);
      return createWorkOrder(tx, user, { ...body, attachments }, deps.now());
    });
    setMessage('workOrders.created', { number: created.number });
    return created;
  }),

  route(workOrderEndpoints.update, async ({ body, user, data, deps, setMessage }) => {
    const [before] = await visibleOrders(data, user, [body.id]);
    await ownedDevice(data, user, before!.deviceId);
    if (!isEditable(before!.status)) throw conflict('workOrders.notEditable');
    // The machine of an order does not change: a new machine is a new order.
    if (body.deviceId !== before!.deviceId) throw invalidField('deviceId', 'validation.invalid');
    if (body.deviceKind !== before!.deviceKind) throw invalidField('deviceKind', 'workOrders.kindMismatch');
    const values = { ...body, attachments: await checkPictures(deps, user, body.attachments, before!.attachments) };
    const changed = Object.fromEntries(
      EDITED.filter((k) => JSON.stringify(before![k]) !== JSON.stringify(values[k])).map((k) => [
        k,
        [before![k], values[k]],
      ]),
    );
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      // Checked again inside: the order may have moved on since it was read.
      const [current] = await visibleOrders(tx, user, [before!.id]);
      if (!isEditable(current!.status)) throw conflict('workOrders.notEditable');
      await tx
        .update(workOrders)
        .set({ ...Object.fromEntries(EDITED.map((k) => [k, values[k]])), updatedAt: at })
        .where(eq(workOrders.id, before!.id))
        .run();
      await tx
        .insert(workOrderEvents)
        .values({
          workOrderId: before!.id,
          action: 'edit',
          userId: user.id,
          fromStatus: before!.status,
          toStatus: before!.status,
          details: changed,
          at,
        })
        .run();
    });
    setMessage('workOrders.updated');
    return { id: before!.id, number: before!.number };
  }),
];
