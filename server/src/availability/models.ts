import { and, eq, gte, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { deviceModels, devices } from '@console/db/schema/devices';
import { storeDevices } from '@console/db/schema/lease';
import { reservations } from '@console/db/schema/quotes';
import type { ModelRow } from '@console/contract/http/availability';
import { nameInSql, type ReaderLang } from '../lib/org-brand.ts';
import { ruleHolds } from './calendar.ts';
import { daysFrom } from './days.ts';

/**
 * The model view (docs/decisions/072-availability-calendar.md): at one store, each model's count still free per day,
 * by the holding rule of decision 069 (server/src/quotes/holds.ts `modelDays`): the store's machines of the model,
 * less those a lease period, a held reservation or a contract in force names that day, less the counts model lines
 * hold that day; never below zero. Three reads for the whole store, whatever the number of models and days.
 */
export async function modelFreeDays(
  db: Db,
  store: { id: number; orgId: number },
  from: string,
  to: string,
  filter: SQL | undefined,
  lang: ReaderLang,
): Promise<{ days: string[]; list: ModelRow[] }> {
  const days = daysFrom(from, to);
  const fleet = await db
    .select({
      id: devices.id,
      modelId: devices.modelId,
      kind: deviceModels.category,
      modelName: nameInSql(deviceModels, lang),
    })
    .from(devices)
    .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(eq(storeDevices.storeId, store.id), eq(devices.orgId, store.orgId), filter))
    .all();
  const modelOf = new Map(fleet.map((m) => [m.id, m.modelId]));
  const busy = await ruleHolds(
    db,
    fleet.map((m) => m.id),
    from,
    to,
  );
  const counted = await db
    .select({
      modelId: reservations.modelId,
      count: reservations.count,
      startOn: reservations.startOn,
      endOn: reservations.endOn,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.storeId, store.id),
        eq(reservations.state, 'held'),
        isNull(reservations.deviceId),
        isNotNull(reservations.modelId),
        lte(reservations.startOn, to),
        gte(reservations.endOn, from),
      ),
    )
    .all();

  const index = new Map(days.map((d, i) => [d, i]));
  const spanOf = (start: string, end: string | null): [number, number] | null => {
    const first = start <= from ? 0 : index.get(start);
    const last = end === null || end >= to ? days.length - 1 : index.get(end);
    return first === undefined || last === undefined ? null : [first, last];
  };
  // Machines busy per model per day, each machine once a day whatever holds it.
  const busyDays = new Map<number, Set<number>[]>();
  for (const h of busy) {
    const modelId = modelOf.get(h.deviceId);
    const span = spanOf(h.from, h.to);
    if (modelId === undefined || !span) continue;
    let perDay = busyDays.get(modelId);
    if (!perDay) busyDays.set(modelId, (perDay = days.map(() => new Set<number>())));
    for (let i = span[0]; i <= span[1]; i++) perDay[i]!.add(h.deviceId);
  }
  const heldDays = new Map<number, number[]>();
  for (const c of counted) {
    const span = spanOf(c.startOn, c.endOn);
    if (c.modelId === null || !span) continue;
    let perDay = heldDays.get(c.modelId);
    if (!perDay) heldDays.set(c.modelId, (perDay = days.map(() => 0)));
    for (let i = span[0]; i <= span[1]; i++) perDay[i]! += c.count;
  }

  const models = new Map<number, { name: string; kind: ModelRow['kind']; total: number }>();
  for (const m of fleet) {
    const seen = models.get(m.modelId);
    if (seen) seen.total += 1;
    else models.set(m.modelId, { name: m.modelName, kind: m.kind, total: 1 });
  }
  const list = [...models.entries()]
    .map(([modelId, m]): ModelRow => {
      const held = heldDays.get(modelId) ?? days.map(() => 0);
      const out = busyDays.get(modelId);
      return {
        modelId,
        modelName: m.name,
        kind: m.kind,
        total: m.total,
        free: days.map((_, i) => Math.max(0, m.total - (out?.[i]!.size ?? 0) - held[i]!)),
        held,
      };
    })
    .sort((a, b) => a.modelName.localeCompare(b.modelName) || a.modelId - b.modelId);
  return { days, list };
}
