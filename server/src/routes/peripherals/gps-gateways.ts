import { and, desc, eq, ne } from 'drizzle-orm';
import type { ScopedData } from '../../lib/data.ts';
import { gpsGateways } from '@console/db/schema/peripherals';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { textContains } from '../../lib/search.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { assertCreator } from '../device-access.ts';
import { bindingValues, boundToSerial, describeBindings, ownRecord } from './shared.ts';

type GatewayRow = typeof gpsGateways.$inferSelect;

/** An IMEI identifies one unit in the world, so it is unique across companies. */
function assertImeiFree(data: ScopedData, imei: string, exceptId?: number) {
  const taken = data
    .unscoped('uniqueness')
    .select({ id: gpsGateways.id })
    .from(gpsGateways)
    .where(and(eq(gpsGateways.imei, imei), exceptId ? ne(gpsGateways.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('imei', 'gpsGateways.imeiTaken');
}

export const gpsGatewayRoutes: RouteDef[] = [
  route(gpsGatewayEndpoints.list, ({ query, user, data }) => {
    const where = and(
      textContains(gpsGateways.imei, query.imei),
      textContains(gpsGateways.plate, query.plate),
      query.deviceSerial ? boundToSerial(data, gpsGateways.deviceId, query.deviceSerial) : undefined,
      query.positioning ? eq(gpsGateways.positioning, query.positioning) : undefined,
    );
    const sortable = { installedAt: gpsGateways.installedAt };
    const { rows, ...paging } = listPage(
      data,
      query,
      data.select().from(gpsGateways, data.orgScope(gpsGateways.orgId)).where(where),
      listOrder(query, sortable, gpsGateways.id, [desc(gpsGateways.id)]),
    );
    const bound = describeBindings(data, user, rows);
    const list: GpsGateway[] = rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      plate: r.plate,
      positioning: r.positioning,
      ...bound(r),
    }));
    return { list, ...paging };
  }),

  route(gpsGatewayEndpoints.create, ({ body, user, data, deps }) => {
    const orgId = assertCreator(data, user);
    const created = data.write((tx) => {
      assertImeiFree(tx, body.imei);
      return tx
        .insert(gpsGateways)
        .values({
          orgId,
          imei: body.imei,
          plate: body.plate,
          positioning: body.positioning,
          ...bindingValues(tx, orgId, body),
          createdAt: new Date(deps.now()),
        })
        .returning({ id: gpsGateways.id })
        .get();
    });
    return { id: created.id };
  }),

  route(gpsGatewayEndpoints.update, ({ body, user, data }) => {
    const row = data.write((tx) => {
      const row = ownRecord<GatewayRow>(tx, user, gpsGateways, body.id);
      assertImeiFree(tx, body.imei, row.id);
      tx.update(gpsGateways)
        .set({
          imei: body.imei,
          plate: body.plate,
          positioning: body.positioning,
          ...bindingValues(tx, row.orgId, body, { table: 'gpsGateways', id: row.id }),
        })
        .where(eq(gpsGateways.id, row.id))
        .run();
      return row;
    });
    return { id: row.id };
  }),

  route(gpsGatewayEndpoints.delete, ({ body, user, data }) => {
    const row = data.write((tx) => {
      const row = ownRecord<GatewayRow>(tx, user, gpsGateways, body.id);
      tx.delete(gpsGateways).where(eq(gpsGateways.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),
];
