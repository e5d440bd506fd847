import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { controllers } from '@console/db/schema/peripherals';
import { controllerEndpoints, type Controller } from '@console/contract/http/peripherals';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { visibleOrgIds } from '../../lib/scope.ts';
import { assertCreator, bindingValues, boundToSerial, describeBindings, likeText, ownRecord } from './shared.ts';

type ControllerRow = typeof controllers.$inferSelect;

export const controllerRoutes: RouteDef[] = [
  route(controllerEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      inArray(controllers.orgId, visibleOrgIds(db, user)),
      query.serialNumber ? likeText(controllers.serialNumber, query.serialNumber) : undefined,
      query.model ? likeText(controllers.model, query.model) : undefined,
      query.deviceSerial ? boundToSerial(controllers.deviceId, query.deviceSerial) : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(controllers)
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const sortColumn = query.sortField === 'installedAt' ? controllers.installedAt : null;
    const rows = db
      .select()
      .from(controllers)
      .where(where)
      .orderBy(...(sortColumn ? [order(sortColumn), order(controllers.id)] : [desc(controllers.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const bound = describeBindings(db, user, rows, timeZone);
    const list: Controller[] = rows.map((r) => ({
      id: r.id,
      serialNumber: r.serialNumber,
      model: r.model,
      firmwareVersion: r.firmwareVersion,
      remark: r.remark,
      ...bound(r),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(controllerEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const orgId = assertCreator(db, user);
    assertSerialFree(db, body.serialNumber);
    const created = db
      .insert(controllers)
      .values({
        orgId,
        serialNumber: body.serialNumber,
        model: body.model,
        firmwareVersion: body.firmwareVersion,
        remark: body.remark,
        ...bindingValues(db, orgId, body, timeZone),
        createdAt: new Date(deps.now()),
      })
      .returning({ id: controllers.id })
      .get();
    return { id: created.id };
  }),

  route(controllerEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const row = ownRecord<ControllerRow>(db, user, controllers, body.id);
    assertSerialFree(db, body.serialNumber, row.id);
    db.update(controllers)
      .set({
        serialNumber: body.serialNumber,
        model: body.model,
        firmwareVersion: body.firmwareVersion,
        remark: body.remark,
        ...bindingValues(db, row.orgId, body, timeZone, { table: 'controllers', id: row.id }),
      })
      .where(eq(controllers.id, row.id))
      .run();
    return { id: row.id };
  }),

  route(controllerEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<ControllerRow>(db, user, controllers, body.id);
    db.delete(controllers).where(eq(controllers.id, row.id)).run();
    return { id: row.id };
  }),
];

/** A controller's serial number is unique across companies: it is printed on the unit. */
function assertSerialFree(db: Db, serialNumber: string, exceptId?: number) {
  const taken = db
    .select({ id: controllers.id })
    .from(controllers)
    .where(and(eq(controllers.serialNumber, serialNumber), exceptId ? ne(controllers.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('serialNumber', 'controllers.serialTaken');
}
