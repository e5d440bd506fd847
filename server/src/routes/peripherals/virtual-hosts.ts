import { and, desc, eq, ne } from 'drizzle-orm';
import type { ScopedData } from '../../lib/data.ts';
import { virtualHosts } from '@console/db/schema/peripherals';
import { virtualHostEndpoints, type VirtualHost } from '@console/contract/http/virtual-hosts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { textContains } from '../../lib/search.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { formatInZone } from '../../lib/time.ts';
import { ownerOrgIds } from '../../lib/device-access.ts';
import { importVirtualHosts, importTemplate } from './virtual-host-import.ts';
import { assertCreator } from '../../lib/device-access.ts';
import { ownRecord } from './shared.ts';

type HostRow = typeof virtualHosts.$inferSelect;

/** Host numbers are unique within their owner (two companies may both number from VH-0001). */
export async function assertNumberFree(data: ScopedData, orgId: number, hostNumber: string, exceptId?: number) {
  const taken = await data
    .select({ id: virtualHosts.id })
    .from(virtualHosts, data.orgScope(virtualHosts.orgId))
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
  route(virtualHostEndpoints.list, async ({ query, user, data, timeZone }) => {
    const where = and(
      textContains(data.dialect, virtualHosts.hostNumber, query.hostNumber),
      textContains(data.dialect, virtualHosts.brand, query.brand),
      textContains(data.dialect, virtualHosts.customerName, query.customerName),
      query.installationType ? eq(virtualHosts.installationType, query.installationType) : undefined,
      query.powerSource ? eq(virtualHosts.powerSource, query.powerSource) : undefined,
      query.leaseStatus ? eq(virtualHosts.leaseStatus, query.leaseStatus) : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(virtualHosts, data.orgScope(virtualHosts.orgId)).where(where),
      listOrder(query, SORTABLE, virtualHosts.id, [desc(virtualHosts.id)]),
    );
    const owners = await orgNames(
      data,
      rows.map((r) => r.orgId),
    );
    const owned = await ownerOrgIds(data, user);
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
    return { list, ...paging };
  }),

  route(virtualHostEndpoints.create, async ({ body, user, data, deps }) => {
    const orgId = await assertCreator(data, user);
    const created = await data.write(async (tx) => {
      await assertNumberFree(tx, orgId, body.hostNumber);
      return tx
        .insert(virtualHosts)
        .values({ ...body, orgId, createdAt: new Date(deps.now()) })
        .returning({ id: virtualHosts.id })
        .get();
    });
    return { id: created.id };
  }),

  route(virtualHostEndpoints.update, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<HostRow>(tx, user, virtualHosts, body.id);
      await assertNumberFree(tx, row.orgId, body.hostNumber, row.id);
      const { id: _id, ...values } = body;
      await tx.update(virtualHosts).set(values).where(eq(virtualHosts.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),

  route(virtualHostEndpoints.delete, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<HostRow>(tx, user, virtualHosts, body.id);
      await tx.delete(virtualHosts).where(eq(virtualHosts.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),

  route(virtualHostEndpoints.importTemplate, ({ lang }) => importTemplate(lang)),

  route(virtualHostEndpoints.import, async ({ body, user, data, deps, lang, setMessage }) => {
    const orgId = await assertCreator(data, user);
    const result = await importVirtualHosts(data, orgId, body.file, lang, deps.now());
    if (result.errors.length) setMessage('virtualHosts.importRefused', { count: result.errors.length });
    else setMessage('virtualHosts.imported', { count: result.imported });
    return result;
  }),
];
