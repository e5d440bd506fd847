import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { gpsGateways } from '@console/db/schema/peripherals';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { visibleOrgIds } from '../../lib/scope.ts';
import { assertCreator, bindingValues, boundToSerial, describeBindings, likeText, ownRecord } from './shared.ts';

type GatewayRow = typeof gpsGateways.$inferSelect;

/** An IMEI identifies one unit in the world, so it is unique across companies. */
function assertImeiFree(db: Db, imei: string, exceptId?: number) {
  const taken = db
    .select({ id: gpsGateways.id })
    .from(gpsGateways)
    .where(and(eq(gpsGateways.imei, imei), exceptId ? ne(gpsGateways.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('imei', 'gpsGateways.imeiTaken');
}

export const gpsGatewayRoutes: RouteDef[] = [
  route(gpsGatewayEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      inArray(gpsGateways.orgId, visibleOrgIds(db, user)),
      query.imei ? likeText(gpsGateways.imei, query.imei) : undefined,
      query.plate ? likeText(gpsGateways.plate, query.plate) : undefined,
      query.deviceSerial ? boundToSerial(gpsGateways.deviceId, query.deviceSerial) : undefined,
      query.positioning ? eq(gpsGateways.positioning, query.positioning) : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(gpsGateways)
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(gpsGateways)
      .where(where)
      .orderBy(
        ...(query.sortField === 'installedAt'
          ? [order(gpsGateways.installedAt), order(gpsGateways.id)]
          : [desc(gpsGateways.id)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const bound = describeBindings(db, user, rows, timeZone);
    const list: GpsGateway[] = rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      plate: r.plate,
      positioning: r.positioning,
      ...bound(r),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(gpsGatewayEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const orgId = assertCreator(db, user);
    assertImeiFree(db, body.imei);
    const created = db
      .insert(gpsGateways)
      .values({
        orgId,
        imei: body.imei,
        plate: body.plate,
        positioning: body.positioning,
        ...bindingValues(db, orgId, body, timeZone),
        createdAt: new Date(deps.now()),
      })
      .returning({ id: gpsGateways.id })
      .get();
    return { id: created.id };
  }),

  route(gpsGatewayEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const row = ownRecord<GatewayRow>(db, user, gpsGateways, body.id);
    assertImeiFree(db, body.imei, row.id);
    db.update(gpsGateways)
      .set({
        imei: body.imei,
        plate: body.plate,
        positioning: body.positioning,
        ...bindingValues(db, row.orgId, body, timeZone, { table: 'gpsGateways', id: row.id }),
      })
      .where(eq(gpsGateways.id, row.id))
      .run();
    return { id: row.id };
  }),

  route(gpsGatewayEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<GatewayRow>(db, user, gpsGateways, body.id);
    db.delete(gpsGateways).where(eq(gpsGateways.id, row.id)).run();
    return { id: row.id };
  }),
];
