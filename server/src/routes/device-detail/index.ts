import { and, desc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import { hasRiskPermission } from '@console/contract/codes/device-status';
import { COMMAND_ROLES } from '@console/contract/access/commands';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { kindData } from '@console/contract/mqtt/payloads';
import { alarms } from '@console/db/schema/warning';
import { listPage } from '../../lib/list-page.ts';
import { alarmInfo, alarmTypeLabel } from '../../lib/alarm-text.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone } from '../../lib/time.ts';
import { visibleDevice } from '../../lib/device-access.ts';
import { presentedDevice } from '../device-list.ts';
import { assertHistoryRange, chartPeriodMinutes } from './history-rules.ts';
import { hasHourMeter, telemetryRecords, telemetrySeries, trackOf, workingDays } from './history.ts';

const timeOrEmpty = (at: Date | null, timeZone: string) => (at ? formatInZone(at, timeZone) : '');

/**
 * The device detail page's calls. Every one starts from the machine the user sees (visibleDevice; presentedDevice
 * for the detail itself): a machine outside the user's scope is "not found", so serial numbers cannot be probed.
 * History answers keep to the rules of spec section 5.
 */
export const deviceDetailRoutes: RouteDef[] = [
  route(deviceDetailEndpoints.detail, async ({ query, user, data, timeZone, today }) => {
    const { device, row } = await presentedDevice(data, user, query.id, timeZone, today());
    const latest = kindData.safeParse(device.latest);
    return {
      device: row,
      latest: latest.success ? latest.data : null,
      // One "last report" for the whole page: the latest reading's time, with the signal it gave (decision 062).
      lastDeviceTime: timeOrEmpty(device.lastDeviceTime, timeZone),
      lastSignal: device.signal,
      // The last word from an off-line machine: the status message that took it off line, if later than the report.
      offlineSince: device.online ? '' : timeOrEmpty(device.lastReportAt, timeZone),
      lat: device.lat,
      lng: device.lng,
      speed: device.speed,
      machineOnline: device.machineOnline,
      activity: device.activity,
      reportIntervalS: device.reportIntervalS,
      overspeedKmh: device.overspeedKmh,
      riskPermission: hasRiskPermission(device.status),
      // Commanding is the owner's (decision 010): a command role of an organisation that owns the machine.
      commandable: (COMMAND_ROLES as readonly number[]).includes(user.roleId) && data.sees(device.orgId),
      conditions: row.conditions,
    };
  }),

  route(deviceDetailEndpoints.series, async ({ query, data, timeZone, setMessage, deps }) => {
    const device = await visibleDevice(data, query.id);
    assertHistoryRange(device.kind, query.from, query.to, timeZone);
    const period = chartPeriodMinutes(query.period, query.from, query.to);
    const series = await telemetrySeries(data, device, query.from, query.to, period, timeZone, deps.now());
    if (series.times.length === 0) setMessage('deviceDetail.noData');
    return series;
  }),

  route(deviceDetailEndpoints.records, async ({ query, data, timeZone, setMessage, deps }) => {
    const device = await visibleDevice(data, query.id);
    assertHistoryRange(device.kind, query.from, query.to, timeZone);
    const records = await telemetryRecords(data, device.id, query.from, query.to, timeZone, deps.now());
    if (records.list.length === 0) setMessage('deviceDetail.noData');
    return records;
  }),

  route(deviceDetailEndpoints.track, async ({ query, data, timeZone, setMessage, deps }) => {
    const device = await visibleDevice(data, query.id);
    assertHistoryRange(device.kind, query.from, query.to, timeZone);
    const track = await trackOf(data, device.id, query.from, query.to, timeZone, deps.now());
    if (track.list.length === 0) setMessage('deviceDetail.noData');
    return track;
  }),

  route(deviceDetailEndpoints.workingHours, async ({ query, data, timeZone, deps }) => {
    const device = await visibleDevice(data, query.id);
    assertHistoryRange(device.kind, query.from, query.to, timeZone);
    if (!hasHourMeter(device.kind)) return { days: [], totalHours: 0, hourMeter: false };
    return { ...(await workingDays(data, device.id, query.from, query.to, timeZone, deps.now())), hourMeter: true };
  }),

  route(deviceDetailEndpoints.alarms, async ({ query, data, timeZone, lang }) => {
    const device = await visibleDevice(data, query.id);
    const where = and(
      eq(alarms.deviceId, device.id),
      query.state === 'open' ? isNull(alarms.endedAt) : query.state === 'ended' ? isNotNull(alarms.endedAt) : undefined,
      query.from === undefined ? undefined : gte(alarms.startedAt, new Date(query.from)),
      query.to === undefined ? undefined : lte(alarms.startedAt, new Date(query.to)),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(alarms, data.viaDevice(alarms.deviceId)).where(where),
      [desc(alarms.startedAt), desc(alarms.id)],
    );
    return {
      list: rows.map((a) => ({
        id: a.id,
        type: a.type,
        typeLabel: alarmTypeLabel(lang, a.type),
        info: alarmInfo(lang, a.type, a.value, device.serialNumber),
        level: a.level,
        value: a.value,
        startedAt: formatInZone(a.startedAt, timeZone),
        endedAt: timeOrEmpty(a.endedAt, timeZone),
        handledAt: timeOrEmpty(a.handledAt, timeZone),
      })),
      ...paging,
    };
  }),
];
