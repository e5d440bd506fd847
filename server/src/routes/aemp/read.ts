import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  AEMP_KIND_POINTS,
  AEMP_PAGE_SIZE,
  type AempDataPoint,
  type AempEquipment,
  type AempSeries,
} from '@console/contract/http/aemp';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { kindData } from '@console/contract/mqtt/payloads';
import { deviceModels, devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { KeyAccess } from '../../lib/api-key-auth.ts';
import { alarmTypeLabel } from '../../lib/alarm-text.ts';
import { nameIn } from '../../lib/org-brand.ts';
import { engineRunningOf, equipmentOf, fuelPctOf, hoursOf, isoInstant } from './mapping.ts';
import { keptPointCount, keptPoints, keptReportCount, keptReports, rawWindowStart } from '../../retention/read.ts';

/**
 * One page over two sources, oldest first: the kept records before the raw window (decision 075), then the raw rows.
 * Answers the total and the page's rows of each.
 */
async function twoSourcePage<K, R>(
  offset: number,
  kept: { count: () => Promise<number>; page: (offset: number, limit: number) => Promise<K[]> },
  raw: { count: () => Promise<number>; page: (offset: number, limit: number) => Promise<R[]> },
): Promise<{ total: number; kept: K[]; raw: R[] }> {
  const keptTotal = await kept.count();
  const total = keptTotal + (await raw.count());
  const keptRows = offset < keptTotal ? await kept.page(offset, AEMP_PAGE_SIZE) : [];
  const rest = AEMP_PAGE_SIZE - keptRows.length;
  const rawRows = rest > 0 ? await raw.page(Math.max(0, offset - keptTotal), rest) : [];
  return { total, kept: keptRows, raw: rawRows };
}

/** The reads of the ISO 15143-3 API, each within the key's machines (lib/api-key-auth.ts). */

const SNAPSHOT = {
  id: devices.id,
  kind: devices.kind,
  serialNumber: devices.serialNumber,
  hostSerial: devices.hostSerial,
  frameNumber: devices.frameNumber,
  deviceBrand: devices.brand,
  lat: devices.lat,
  lng: devices.lng,
  lastDeviceTime: devices.lastDeviceTime,
  latest: devices.latest,
  modelBrand: deviceModels.brand,
  name: deviceModels.name,
  nameZh: deviceModels.nameZh,
  nameEn: deviceModels.nameEn,
};

type SnapshotSelect = { [K in keyof typeof SNAPSHOT]: (typeof SNAPSHOT)[K]['_']['data'] };

const present = (access: KeyAccess, r: SnapshotSelect): AempEquipment =>
  equipmentOf({
    kind: r.kind,
    serialNumber: r.serialNumber,
    hostSerial: r.hostSerial,
    frameNumber: r.frameNumber,
    brand: r.deviceBrand || r.modelBrand || '',
    modelName:
      r.name === null ? '' : nameIn({ name: r.name, nameZh: r.nameZh ?? '', nameEn: r.nameEn ?? '' }, access.data.lang),
    lat: r.lat,
    lng: r.lng,
    lastDeviceTime: r.lastDeviceTime,
    latest: r.latest,
  });

const snapshotRows = (access: KeyAccess) =>
  access.data
    .select(SNAPSHOT)
    .from(devices, access.machines)
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId));

/** A page of the key's machines, by id, and how many there are. */
export async function fleetPage(access: KeyAccess, page: number) {
  const total = await access.data.count(access.data.select({ id: devices.id }).from(devices, access.machines));
  const rows = (await snapshotRows(access)
    .orderBy(asc(devices.id))
    .limit(AEMP_PAGE_SIZE)
    .offset((page - 1) * AEMP_PAGE_SIZE)
    .all()) as SnapshotSelect[];
  return { total, equipment: rows.map((r) => present(access, r)) };
}

/** One of the key's machines by its EquipmentID (its serial), or null. */
export async function findEquipment(access: KeyAccess, equipmentId: string) {
  const row = (await snapshotRows(access).where(eq(devices.serialNumber, equipmentId)).get()) as
    SnapshotSelect | undefined;
  return row ? { id: row.id, kind: row.kind, equipment: present(access, row) } : null;
}

export type SeriesRecords = Omit<AempSeries, 'version' | 'snapshotTime' | 'Links'>;

/**
 * One page of a machine's data point between two instants (from inclusive, to exclusive), oldest first, and how
 * many records the range holds; null when the machine's kind does not report the data point.
 */
export async function seriesPage(
  access: KeyAccess,
  device: { id: number; kind: MachineKind },
  point: AempDataPoint,
  from: number,
  to: number,
  page: number,
  now: number,
): Promise<{ total: number; records: SeriesRecords } | null> {
  if (!AEMP_KIND_POINTS[device.kind].includes(point)) return null;
  const { data } = access;
  const offset = (page - 1) * AEMP_PAGE_SIZE;
  // Before the machine's raw window a 5-minute bucket is one record (its last report or position), decision 075: the
  // same answer before and after the raw rows there are pruned.
  const cutoff = await rawWindowStart(data, device.id, now);
  const old = { from, to: Math.min(to, cutoff), toExclusive: true };
  const recent = Math.max(from, cutoff);
  if (point === 'Locations') {
    const rows = data
      .select({ at: trackPoints.gpsTime, lat: trackPoints.lat, lng: trackPoints.lng })
      .from(trackPoints, data.viaDevice(trackPoints.deviceId))
      .where(
        and(
          eq(trackPoints.deviceId, device.id),
          gte(trackPoints.gpsTime, new Date(recent)),
          lt(trackPoints.gpsTime, new Date(to)),
        ),
      );
    const found = await twoSourcePage(
      offset,
      {
        count: async () => (from < cutoff ? keptPointCount(data, device.id, old, cutoff) : 0),
        page: (o, n) => keptPoints(data, device.id, old, cutoff, 'asc', n, o),
      },
      {
        count: async () => (to > cutoff ? data.count(rows) : 0),
        page: (o, n) => rows.orderBy(asc(trackPoints.gpsTime), asc(trackPoints.id)).limit(n).offset(o).all(),
      },
    );
    const list = [...found.kept.map((p) => ({ at: p.gpsTime, lat: p.lat, lng: p.lng })), ...found.raw];
    return {
      total: found.total,
      records: { Location: list.map((r) => ({ datetime: isoInstant(r.at), Latitude: r.lat, Longitude: r.lng })) },
    };
  }
  if (point === 'CautionCodes' || point === 'FaultCodes') {
    const level = point === 'FaultCodes' ? sql`${alarms.level} >= 3` : sql`${alarms.level} < 3`;
    const rows = data
      .select({ at: alarms.startedAt, type: alarms.type, level: alarms.level, detail: alarms.detail })
      .from(alarms, data.viaDevice(alarms.deviceId))
      .where(
        and(
          eq(alarms.deviceId, device.id),
          gte(alarms.startedAt, new Date(from)),
          lt(alarms.startedAt, new Date(to)),
          level,
        ),
      );
    const total = await data.count(rows);
    const list = await rows.orderBy(asc(alarms.startedAt), asc(alarms.id)).limit(AEMP_PAGE_SIZE).offset(offset).all();
    const lang = data.lang === 'zh' ? 'zh_CN' : 'en_US';
    const codes = list.map((r) => ({
      datetime: isoInstant(r.at),
      CodeIdentifier: r.type,
      CodeDescription: r.detail || alarmTypeLabel(lang, r.type),
      CodeSeverity: r.level,
      CodeSource: 'telematics',
    }));
    return { total, records: point === 'FaultCodes' ? { FaultCode: codes } : { CautionCode: codes } };
  }
  // The rest are read from the machine's reports: each report is one record.
  const rows = data
    .select({ at: telemetry.deviceTime, data: telemetry.data })
    .from(telemetry, data.viaDevice(telemetry.deviceId))
    .where(
      and(
        eq(telemetry.deviceId, device.id),
        gte(telemetry.deviceTime, new Date(recent)),
        lt(telemetry.deviceTime, new Date(to)),
      ),
    );
  const found = await twoSourcePage(
    offset,
    {
      count: async () => (from < cutoff ? keptReportCount(data, device.id, old, cutoff) : 0),
      page: (o, n) => keptReports(data, device.id, old, cutoff, 'asc', n, o),
    },
    {
      count: async () => (to > cutoff ? data.count(rows) : 0),
      page: (o, n) => rows.orderBy(asc(telemetry.deviceTime), asc(telemetry.id)).limit(n).offset(o).all(),
    },
  );
  const total = found.total;
  const list = [...found.kept.map((r) => ({ at: r.deviceTime, data: r.data })), ...found.raw];
  const reports = list.flatMap((r) => {
    const parsed = kindData.safeParse(r.data);
    return parsed.success ? [{ datetime: isoInstant(r.at), data: parsed.data }] : [];
  });
  if (point === 'OperatingHours')
    return {
      total,
      records: {
        CumulativeOperatingHours: reports.flatMap(({ datetime, data: d }) => {
          const hours = hoursOf(d);
          return hours === null ? [] : [{ datetime, Hour: hours }];
        }),
      },
    };
  if (point === 'EngineCondition')
    return {
      total,
      records: {
        EngineStatus: reports.flatMap(({ datetime, data: d }) => {
          const running = engineRunningOf(d);
          return running === null ? [] : [{ datetime, Running: running }];
        }),
      },
    };
  return {
    total,
    records: {
      FuelRemaining: reports.flatMap(({ datetime, data: d }) => {
        const fuel = fuelPctOf(d);
        return fuel === null ? [] : [{ datetime, Percent: fuel }];
      }),
    },
  };
}
