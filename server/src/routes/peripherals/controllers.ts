import { and, desc, eq, ne } from 'drizzle-orm';
import type { ScopedData } from '../../lib/data.ts';
import { controllers } from '@console/db/schema/peripherals';
import { controllerEndpoints, type Controller } from '@console/contract/http/peripherals';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { textContains } from '../../lib/search.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { assertCreator } from '../../lib/device-access.ts';
import { bindingValues, boundToSerial, describeBindings, ownRecord } from './shared.ts';

type ControllerRow = typeof controllers.$inferSelect;

export const controllerRoutes: RouteDef[] = [
  route(controllerEndpoints.list, async ({ query, user, data }) => {
    const where = and(
      textContains(data.dialect, controllers.serialNumber, query.serialNumber),
      textContains(data.dialect, controllers.model, query.model),
      query.deviceSerial ? boundToSerial(data, controllers.deviceId, query.deviceSerial) : undefined,
    );
    const sortable = { installedAt: controllers.installedAt };
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(controllers, data.orgScope(controllers.orgId)).where(where),
      listOrder(query, sortable, controllers.id, [desc(controllers.id)]),
    );
    const bound = await describeBindings(data, user, rows);
    const list: Controller[] = rows.map((r) => ({
      id: r.id,
      serialNumber: r.serialNumber,
      model: r.model,
      firmwareVersion: r.firmwareVersion,
      remark: r.remark,
      ...bound(r),
    }));
    return { list, ...paging };
  }),

  route(controllerEndpoints.create, async ({ body, user, data, deps }) => {
    const orgId = await assertCreator(data, user);
    const created = await data.write(async (tx) => {
      await assertSerialFree(tx, body.serialNumber);
      return tx
        .insert(controllers)
        .values({
          orgId,
          serialNumber: body.serialNumber,
          model: body.model,
          firmwareVersion: body.firmwareVersion,
          remark: body.remark,
          ...(await bindingValues(tx, orgId, body)),
          createdAt: new Date(deps.now()),
        })
        .returning({ id: controllers.id })
        .get();
    });
    return { id: created.id };
  }),

  route(controllerEndpoints.update, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<ControllerRow>(tx, user, controllers, body.id);
      await assertSerialFree(tx, body.serialNumber, row.id);
      await tx
        .update(controllers)
        .set({
          serialNumber: body.serialNumber,
          model: body.model,
          firmwareVersion: body.firmwareVersion,
          remark: body.remark,
          ...(await bindingValues(tx, row.orgId, body, { table: 'controllers', id: row.id })),
        })
        .where(eq(controllers.id, row.id))
        .run();
      return row;
    });
    return { id: row.id };
  }),

  route(controllerEndpoints.delete, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<ControllerRow>(tx, user, controllers, body.id);
      await tx.delete(controllers).where(eq(controllers.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),
];

/** A controller's serial number is unique across companies: it is printed on the unit. */
async function assertSerialFree(data: ScopedData, serialNumber: string, exceptId?: number) {
  const taken = await data
    .unscoped('uniqueness')
    .select({ id: controllers.id })
    .from(controllers)
    .where(and(eq(controllers.serialNumber, serialNumber), exceptId ? ne(controllers.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('serialNumber', 'controllers.serialTaken');
}
