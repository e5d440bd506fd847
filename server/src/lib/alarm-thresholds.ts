import type { Db, SyncDb } from '@console/db/client';
import { alarmRules } from '@console/db/schema/alarm-rules';
import { DEFAULT_THRESHOLDS, type AlarmThresholds } from '@console/contract/codes/alarms';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { heldEverywhere } from './forget-everywhere.ts';

type RuleRow = typeof alarmRules.$inferSelect;

/**
 * The configured alarm rules, held in memory per database: ingest asks for a machine's thresholds with every
 * message (thousands a second), so it must never query. The table is small (organisations x kinds); it is read
 * whole on first use and again after a save (`forgetThresholds`), on whichever thread asks.
 */
const cache = heldEverywhere<SyncDb | Db, Map<string, AlarmThresholds>>('alarm-thresholds');

const keyOf = (orgId: number, kind: MachineKind) => `${orgId}:${kind}`;

export function thresholdsOfRow(row: RuleRow): AlarmThresholds {
  const { load80, load90, load99, tiltDeg, overspeedKmh, lowBatteryPct, offline } = row;
  return { load80, load90, load99, tiltDeg, overspeedKmh, lowBatteryPct, offline };
}

const byKey = (rows: RuleRow[]) => new Map(rows.map((row) => [keyOf(row.orgId, row.kind), thresholdsOfRow(row)]));

const load = (db: SyncDb) => cache.read(db, () => byKey(db.select().from(alarmRules).all()));

/**
 * The same on the asynchronous `db` (ingest on PostgreSQL): the rules read before a batch (once, until forgotten),
 * and the lookup the batch then asks synchronously.
 */
export async function loadThresholds(db: Db): Promise<(ownerOrgId: number, kind: MachineKind) => AlarmThresholds> {
  const held =
    cache.held(db) ?? (await cache.readAsync(db, async () => byKey(await db.select().from(alarmRules).all())));
  return (ownerOrgId, kind) => held.get(keyOf(ownerOrgId, kind)) ?? DEFAULT_THRESHOLDS;
}

/** The thresholds of a machine: its owner's rule for its kind, or the spec's constants. */
export function thresholdsFor(db: SyncDb, ownerOrgId: number, kind: MachineKind): AlarmThresholds {
  const rules = cache.held(db) ?? load(db);
  return rules.get(keyOf(ownerOrgId, kind)) ?? DEFAULT_THRESHOLDS;
}

/** After a rule is saved or reset: the next message, on any thread, reads the table again. */
export const forgetThresholds = cache.forget;
