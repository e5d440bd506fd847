import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import type { ScopedData } from '../lib/data.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { type AlarmRow, type warningEndpoints } from '@console/contract/http/warning';
import { ALARM_HANDLERS } from '@console/contract/access/warning';
import type { ParsedQueryOf } from '@console/contract/http/endpoint';
import type { Lang } from '@console/contract/messages/translate';
import { textContains } from '../lib/search.ts';
import { alarmInfo } from '../lib/alarm-text.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone, startOfDayInZone } from '../lib/time.ts';
import { sortColumn } from '../lib/sorting.ts';

type ListQuery = ParsedQueryOf<typeof warningEndpoints.list>;

const DAY_MS = 24 * 3600 * 1000;

/** The alarm centre's filters, over alarms joined with their machines (selectAlarmRows keeps the user's machines). */
export function alarmFilter(dialect: Dialect, q: Partial<ListQuery>, timeZone: string): SQL | undefined {
  return and(
    q.state === 'open' ? isNull(alarms.endedAt) : q.state === 'ended' ? isNotNull(alarms.endedAt) : undefined,
    q.handled === '1' ? isNotNull(alarms.handledAt) : q.handled === '0' ? isNull(alarms.handledAt) : undefined,
    textContains(dialect, devices.serialNumber, q.serialNumber),
    q.deviceId ? eq(alarms.deviceId, q.deviceId) : undefined,
    q.kind ? eq(devices.kind, q.kind) : undefined,
    q.type ? eq(alarms.type, q.type) : undefined,
    q.level ? eq(alarms.level, q.level) : undefined,
    q.from ? gte(alarms.startedAt, new Date(startOfDayInZone(q.from, timeZone))) : undefined,
    q.to ? lt(alarms.startedAt, new Date(startOfDayInZone(q.to, timeZone) + DAY_MS)) : undefined,
    q.orgId
      ? or(eq(devices.orgId, q.orgId), eq(devices.customerOrgId, q.orgId), eq(devices.distributorOrgId, q.orgId))
      : undefined,
  );
}

const SORTS = { startedAt: alarms.startedAt, endedAt: alarms.endedAt, level: alarms.level } as const;

export function alarmOrder(q: Pick<ListQuery, 'sortField' | 'sortOrder'>) {
  const column = sortColumn(SORTS, q.sortField);
  if (!column) return [desc(alarms.startedAt), desc(alarms.id)];
  const order = q.sortOrder === 'ascend' ? asc : desc;
  return [order(column), order(alarms.id)];
}

const acknowledger = aliasedTable(users, 'acknowledger');
const handler = aliasedTable(users, 'handler');
const owner = aliasedTable(organisations, 'owner');

/**
 * Alarms of the machines the user sees, with what a row shows of their machine, owner and the people who acted
 * on them.
 */
export function selectAlarmRows(data: ScopedData) {
  return (
    data
      .select({
        alarm: alarms,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        kind: devices.kind,
        ownerName: sql<string>`coalesce(${owner.name}, '')`,
        acknowledgedBy: sql<string>`coalesce(nullif(${acknowledger.name}, ''), ${acknowledger.nickname}, '')`,
        handledBy: sql<string>`coalesce(nullif(${handler.name}, ''), ${handler.nickname}, '')`,
      })
      // The scope names the joined machine's columns: alarms of machines in scope.
      .from(alarms, data.deviceScope())
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .leftJoin(owner, eq(owner.id, devices.orgId))
      .leftJoin(acknowledger, eq(acknowledger.id, alarms.acknowledgedBy))
      .leftJoin(handler, eq(handler.id, alarms.handledBy))
  );
}

export type AlarmRecord = Awaited<ReturnType<ReturnType<typeof selectAlarmRows>['all']>>[number];

export function toAlarmRow(r: AlarmRecord, user: SessionUser, lang: Lang, timeZone: string): AlarmRow {
  const a = r.alarm;
  const at = (date: Date | null) => (date ? formatInZone(date, timeZone) : null);
  return {
    id: a.id,
    deviceId: a.deviceId,
    serialNumber: r.serialNumber,
    deviceName: r.deviceName,
    kind: r.kind,
    type: a.type,
    level: a.level,
    value: a.value,
    threshold: a.threshold,
    info: alarmInfo(lang, a.type, a.value, r.serialNumber, a.threshold),
    detail: a.detail,
    projectName: a.projectName || r.deviceName,
    zoneName: a.zoneName,
    ownerName: r.ownerName,
    startedAt: formatInZone(a.startedAt, timeZone),
    endedAt: at(a.endedAt),
    acknowledgedAt: at(a.acknowledgedAt),
    acknowledgedBy: r.acknowledgedBy,
    handledAt: at(a.handledAt),
    handledBy: r.handledBy,
    remark: a.remark,
    actionable: a.handledAt === null && (ALARM_HANDLERS as readonly number[]).includes(user.roleId),
  };
}

/** The alarms of these ids the user may see; any id outside their machines makes it "not found". */
export async function alarmsInScope(data: ScopedData, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await data
    .select({ alarm: alarms, device: devices })
    .from(alarms, data.deviceScope())
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(inArray(alarms.id, unique))
    .all();
  return { rows, complete: rows.length === unique.length };
}
