import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { virtualHosts } from '@console/db/schema/peripherals';
import { virtualHostEndpoints, type VirtualHost } from '@console/contract/http/virtual-hosts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames, visibleOrgIds } from '../../lib/scope.ts';
import { formatInZone } from '../../lib/time.ts';
import { ownerOrgIds } from '../device-access.ts';
import { importVirtualHosts, importTemplate } from './virtual-host-import.ts';
import { assertCreator, likeText, ownRecord } from './shared.ts';
import { sortColumn } from '../../lib/sorting.ts';

type HostRow = typeof virtualHosts.$inferSelect;

/** Host numbers are unique within their owner (two companies may both number from VH-0001). */
export function assertNumberFree(db: Db, orgId: number, hostNumber: string, exceptId?: number) {
  const taken = db
    .select({ id: virtualHosts.id })
    .from(virtualHosts)
    .where(
      and(
        eq(virtualHosts.orgId, orgId),
        eq(virtualHosts.hostNumber, hostNumber),
        exceptId ? ne(virtualHosts.id, exceptId) : undefined,
      ),
    )
    .get();
  if (taken) throw invalidField('hostNumber', 'virtualHosts.numberTaken');
}

const SORTABLE = {
  hostNumber: virtualHosts.hostNumber,
  platformHeight: virtualHosts.platformHeight,
  equipmentHeight: virtualHosts.equipmentHeight,
  createdAt: virtualHosts.createdAt,
} as const;

export const virtualHostRoutes: RouteDef[] = [
  route(virtualHostEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      inArray(virtualHosts.orgId, visibleOrgIds(db, user)),
      query.hostNumber ? likeText(virtualHosts.hostNumber, query.hostNumber) : undefined,
      query.brand ? likeText(virtualHosts.brand, query.brand) : undefined,
      query.customerName ? likeText(virtualHosts.customerName, query.customerName) : undefined,
      query.installationType ? eq(virtualHosts.installationType, query.installationType) : undefined,
      query.powerSource ? eq(virtualHosts.powerSource, query.powerSource) : undefined,
      query.leaseStatus ? eq(virtualHosts.leaseStatus, query.leaseStatus) : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(virtualHosts)
      .where(where)
      .get()!.n;
    const column = sortColumn(SORTABLE, query.sortField);
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(virtualHosts)
      .where(where)
      .orderBy(...(column ? [order(column), order(virtualHosts.id)] : [desc(virtualHosts.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const owners = orgNames(
      db,
      rows.map((r) => r.orgId),
    );
    const owned = ownerOrgIds(db, user);
    const list: VirtualHost[] = rows.map((r) => ({
      id: r.id,
      hostNumber: r.hostNumber,
      installationType: r.installationType,
      brand: r.brand,
      platformHeight: r.platformHeight,
      powerSource: r.powerSource,
      equipmentHeight: r.equipmentHeight,
      customerName: r.customerName,
      leaseStatus: r.leaseStatus === 2 ? 2 : 1,
      ownerName: owners.get(r.orgId) ?? '',
      createdAt: formatInZone(r.createdAt, timeZone),
      editable: owned.includes(r.orgId),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(virtualHostEndpoints.create, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const orgId = assertCreator(db, user);
    assertNumberFree(db, orgId, body.hostNumber);
    const created = db
      .insert(virtualHosts)
      .values({ ...body, orgId, createdAt: new Date(deps.now()) })
      .returning({ id: virtualHosts.id })
      .get();
    return { id: created.id };
  }),

  route(virtualHostEndpoints.update, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<HostRow>(db, user, virtualHosts, body.id);
    assertNumberFree(db, row.orgId, body.hostNumber, row.id);
    const { id: _id, ...values } = body;
    db.update(virtualHosts).set(values).where(eq(virtualHosts.id, row.id)).run();
    return { id: row.id };
  }),

  route(virtualHostEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<HostRow>(db, user, virtualHosts, body.id);
    db.delete(virtualHosts).where(eq(virtualHosts.id, row.id)).run();
    return { id: row.id };
  }),

  route(virtualHostEndpoints.importTemplate, ({ lang }) => importTemplate(lang)),

  route(virtualHostEndpoints.import, async ({ body, user, deps, lang, setMessage }) => {
    const orgId = assertCreator(deps.dbh.db, user);
    const result = await importVirtualHosts(deps.dbh.db, orgId, body.file, lang, deps.now());
    if (result.errors.length) setMessage('virtualHosts.importRefused', { count: result.errors.length });
    else setMessage('virtualHosts.imported', { count: result.imported });
    return result;
  }),
];
