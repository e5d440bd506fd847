import { asc, eq, inArray, sql } from 'drizzle-orm';
import { FINISHED_STATES, isAutomatic, judge } from '@console/contract/codes/quality';
import { type InspectionRow } from '@console/contract/http/quality';
import { INSPECTORS } from '@console/contract/access/quality';
import type { KindData } from '@console/contract/mqtt/payloads';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { qualityInspectionItems, qualityInspections } from '@console/db/schema/quality';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { notFound } from '../../lib/errors.ts';
import { userNames } from '../../lib/maintenance.ts';
import { formatInZone } from '../../lib/time.ts';
import { nameInSql } from '../../lib/org-brand.ts';

/** Whether the user runs inspections (the platform's staff); the others read their machines' finished ones. */
export const isInspector = (roleId: number) => (INSPECTORS as readonly number[]).includes(roleId);

/** The inspections the user reads: every one in scope for an inspector, the finished ones for a rental company. */
export function inspectionScope(data: ScopedData, roleId: number) {
  const scope = data.orgScope(qualityInspections.orgId);
  return isInspector(roleId) ? scope : data.narrow(scope, inArray(qualityInspections.state, [...FINISHED_STATES]));
}

/** One inspection the user reads, or not found. */
export async function inspectionOf(data: ScopedData, roleId: number, id: number) {
  const row = await data
    .select()
    .from(qualityInspections, inspectionScope(data, roleId))
    .where(eq(qualityInspections.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Judge the automatic items of an inspection in progress from its machine's latest report (ingest's row). */
export async function evaluate(
  tx: ScopedWrite,
  inspection: typeof qualityInspections.$inferSelect,
  now: number,
): Promise<void> {
  const machine = await tx
    .unscoped('alreadyScoped')
    .select({
      online: devices.online,
      lastReportAt: devices.lastReportAt,
      lat: devices.lat,
      lng: devices.lng,
      lockLevel: devices.lockLevel,
      latest: devices.latest,
    })
    .from(devices)
    .where(eq(devices.id, inspection.deviceId))
    .get();
  if (!machine) return;
  const report = {
    ...machine,
    lastReportAt: machine.lastReportAt?.getTime() ?? null,
    latest: (machine.latest ?? null) as KindData | null,
  };
  const items = (
    await tx
      .select()
      .from(qualityInspectionItems, tx.within(qualityInspectionItems.inspectionId, idsOf(tx, inspection.id)))
      .all()
  ).filter((i) => isAutomatic(i.check));
  for (const item of items) {
    const { result, value } = judge(item, report, inspection.startedAt.getTime(), now);
    await tx
      .update(qualityInspectionItems)
      .set({ result, value, judgedBy: null, judgedAt: result === null ? null : new Date(now) })
      .where(eq(qualityInspectionItems.id, item.id))
      .run();
  }
}

/** The inspection's id as a scoped read, for `within`. */
function idsOf(data: ScopedData, id: number) {
  return data
    .select({ id: qualityInspections.id })
    .from(qualityInspections, data.orgScope(qualityInspections.orgId))
    .where(eq(qualityInspections.id, id));
}

/** The list's columns: the inspection with its machine, model and owner, named in the reader's language. */
const inspectionColumns = (data: ScopedData) => ({
  id: qualityInspections.id,
  number: qualityInspections.number,
  deviceId: qualityInspections.deviceId,
  serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
  kind: qualityInspections.kind,
  modelId: qualityInspections.modelId,
  modelName: nameInSql(deviceModels, data.lang),
  ownerName: nameInSql(organisations, data.lang),
  reason: qualityInspections.reason,
  state: qualityInspections.state,
  inspectorId: qualityInspections.inspectorId,
  previousId: qualityInspections.previousId,
  startedAt: qualityInspections.startedAt,
  finishedAt: qualityInspections.finishedAt,
  finishedBy: qualityInspections.finishedBy,
  retestedBy: qualityInspections.retestedBy,
  retestedAt: qualityInspections.retestedAt,
  remark: qualityInspections.remark,
});

/** The inspections with their machine, model and owner, in the user's scope. */
export function inspectionsWith(data: ScopedData, roleId: number) {
  return data
    .select(inspectionColumns(data))
    .from(qualityInspections, inspectionScope(data, roleId))
    .leftJoin(devices, eq(devices.id, qualityInspections.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, qualityInspections.modelId))
    .leftJoin(organisations, eq(organisations.id, qualityInspections.orgId));
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof inspectionsWith>['all']>>[number];

/** Rows as the lists and the detail show them: names, counts of items judged and failed. */
export async function presentInspections(
  data: ScopedData,
  rows: ListedRow[],
  timeZone: string,
): Promise<InspectionRow[]> {
  const ids = rows.map((r) => r.id);
  const counts = new Map(
    (ids.length === 0
      ? []
      : await data
          .unscoped('alreadyScoped')
          .select({
            id: qualityInspectionItems.inspectionId,
            items: sql<number>`count(*)`,
            judged: data.dialect.sumTrue(sql`${qualityInspectionItems.result} is not null`),
            failed: data.dialect.sumTrue(sql`${qualityInspectionItems.result} = 'fail'`),
          })
          .from(qualityInspectionItems)
          .where(inArray(qualityInspectionItems.inspectionId, ids))
          .groupBy(qualityInspectionItems.inspectionId)
          .all()
    ).map((c) => [c.id, c]),
  );
  const names = await userNames(
    data,
    rows.flatMap((r) => [r.inspectorId, r.finishedBy, r.retestedBy]),
  );
  return rows.map(({ finishedBy, retestedBy, retestedAt, ...r }) => {
    const c = counts.get(r.id);
    return {
      ...r,
      inspectorName: names.get(r.inspectorId) ?? '',
      finishedByName: (finishedBy && names.get(finishedBy)) || '',
      retestedByName: (retestedBy && names.get(retestedBy)) || '',
      retestedAt: retestedAt ? formatInZone(retestedAt, timeZone) : '',
      items: c?.items ?? 0,
      judged: c?.judged ?? 0,
      failedItems: c?.failed ?? 0,
      firstPass: r.previousId === null,
      startedAt: r.startedAt ? formatInZone(r.startedAt, timeZone) : '',
      finishedAt: r.finishedAt ? formatInZone(r.finishedAt, timeZone) : '',
    };
  });
}

/** An inspection's items in order. */
export function itemsOf(data: ScopedData, inspectionId: number) {
  return data
    .unscoped('alreadyScoped')
    .select()
    .from(qualityInspectionItems)
    .where(eq(qualityInspectionItems.inspectionId, inspectionId))
    .orderBy(asc(qualityInspectionItems.position))
    .all();
}

/** The inspection that retests this one, if any. */
export async function retestOf(data: ScopedData, id: number): Promise<number | null> {
  return (
    (
      await data
        .unscoped('alreadyScoped')
        .select({ id: qualityInspections.id })
        .from(qualityInspections)
        .where(eq(qualityInspections.previousId, id))
        .get()
    )?.id ?? null
  );
}
