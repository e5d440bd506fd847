import { and, desc, eq, ne } from 'drizzle-orm';
import type { ScopedData } from '../../lib/data.ts';
import { gpsGateways } from '@console/db/schema/peripherals';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { textContains } from '../../lib/search.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { assertCreator } from '../../lib/device-access.ts';
import { bindingValues, boundToSerial, describeBindings, ownRecord } from './shared.ts';

type GatewayRow = typeof gpsGateways.$inferSelect;

/** An IMEI identifies one unit in the world, so it is unique across companies. */
async function assertImeiFree(data: ScopedData, imei: string, exceptId?: number) {
  const taken = await data
    .unscoped('uniqueness')
    .select({ id: gpsGateways.id })
    .from(gpsGateways)
    .where(and(eq(gpsGateways.imei, imei), exceptId ? ne(gpsGateways.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('imei', 'gpsGateways.imeiTaken');
}

export const gpsGatewayRoutes: RouteDef[] = [
  route(gpsGatewayEndpoints.list, async ({ query, user, data }) => {
    const where = and(
      textContains(data.dialect, gpsGateways.imei, query.imei),
      textContains(data.dialect, gpsGateways.plate, query.plate),
      query.deviceSerial ? boundToSerial(data, gpsGateways.deviceId, query.deviceSerial) : undefined,
      query.positioning ? eq(gpsGateways.positioning, query.positioning) : undefined,
    );
    const sortable = { installedAt: gpsGateways.installedAt };
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(gpsGateways, data.orgScope(gpsGateways.orgId)).where(where),
      listOrder(query, sortable, gpsGateways.id, [desc(gpsGateways.id)]),
    );
    const bound = await describeBindings(data, user, rows);
    const list: GpsGateway[] = rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      plate: r.plate,
      positioning: r.positioning,
      ...bound(r),
    }));
    return { list, ...paging };
  }),

  route(gpsGatewayEndpoints.create, async ({ body, user, data, deps }) => {
    const orgId = await assertCreator(data, user);
    const created = await data.write(async (tx) => {
      await assertImeiFree(tx, body.imei);
      return tx
        .insert(gpsGateways)
        .values({
          orgId,
          imei: body.imei,
          plate: body.plate,
          positioning: body.positioning,
          ...(await bindingValues(tx, orgId, body)),
          createdAt: new Date(deps.now()),
        })
        .returning({ id: gpsGateways.id })
        .get();
    });
    return { id: created.id };
  }),

  route(gpsGatewayEndpoints.update, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<GatewayRow>(tx, user, gpsGateways, body.id);
      await assertImeiFree(tx, body.imei, row.id);
      await tx
        .update(gpsGateways)
        .set({
          imei: body.imei,
          plate: body.plate,
          positioning: body.positioning,
          ...(await bindingValues(tx, row.orgId, body, { table: 'gpsGateways', id: row.id })),
        })
        .where(eq(gpsGateways.id, row.id))
        .run();
      return row;
    });
    return { id: row.id };
  }),

  route(gpsGatewayEndpoints.delete, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<GatewayRow>(tx, user, gpsGateways, body.id);
      await tx.delete(gpsGateways).where(eq(gpsGateways.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),
];
