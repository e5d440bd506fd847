import { and, asc, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { nameInSql } from '../lib/org-brand.ts';
import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarmActions, alarms } from '@console/db/schema/warning';
import { primaryStatus } from '@console/contract/codes/device-state';
import { warningEndpoints } from '@console/contract/http/warning';
import { listPage } from '../lib/list-page.ts';
import type { AppDeps } from '../lib/deps.ts';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { keptPointBefore, keptReportNear, rawWindowStart } from '../retention/read.ts';
import { openAlarmsInScope } from '../lib/open-alarms.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { formatInZone } from '../lib/time.ts';
import { alarmFilter, alarmOrder, alarmsInScope, selectAlarmRows, toAlarmRow } from './warning-query.ts';
import { mapInOrder } from '@console/db/in-order';

const BELL_SIZE = 50;

type Device = typeof devices.$inferSelect;

/**
 * After people handled alarms: each machine's alarm flag and status follow (as ingest settles them), and the
 * consoles that see the machine hear of it (the bell, the alarm centre, the map).
 */
async function settleDevices(
  deps: AppDeps,
  tx: ScopedWrite,
  touched: Map<number, Device>,
  wids: { id: number; deviceId: number }[],
) {
  const at = deps.now();
  for (const device of touched.values()) {
    const open = await tx
      .select({ id: alarms.id })
      .from(alarms, tx.viaDevice(alarms.deviceId))
      .where(and(eq(alarms.deviceId, device.id), isNull(alarms.endedAt), isNull(alarms.handledAt)))
      .limit(1)
      .get();
    const alarmOpen = open !== undefined;
    const status = primaryStatus({ ...device, alarmOpen });
    await tx.update(devices).set({ alarmOpen, status }).where(eq(devices.id, device.id)).run();
    const { id: deviceId, online, lat, lng, speed, lockLevel } = device;
    const orgIds = [device.orgId, device.customerOrgId, device.distributorOrgId];
    deps.live.publish({ type: 'device', deviceId, status, online, lat, lng, speed, lockLevel, at }, { orgIds });
  }
  for (const { id, deviceId } of wids) {
    const d = touched.get(deviceId)!;
    const orgIds = [d.orgId, d.customerOrgId, d.distributorOrgId];
    deps.live.publish({ type: 'alarm', wid: id, deviceId, state: 'handled', at }, { orgIds });
  }
}

/** The alarms of `ids` the user may act on; one outside their machines refuses the whole request. */
async function actionable(data: ScopedData, ids: number[]) {
  const { rows, complete } = await alarmsInScope(data, ids);
  if (!complete) throw notFound();
  return rows;
}

async function nameOf(data: ScopedData, userId: number): Promise<string> {
  const u = await data
    .unscoped('referencedNames')
    .select({ name: users.name, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return u?.name || u?.nickname || '';
}

export const warningRoutes: RouteDef[] = [
  route(warningEndpoints.bell, async ({ data, timeZone, lang }) => {
    const { count, rows: list } = await openAlarmsInScope(data, BELL_SIZE);
    return {
      count,
      list: list.map(({ alarm, device }) => ({
        wid: alarm.id,
        nid: alarm.deviceId,
        pname: alarm.projectName || device.deviceName,
        zoneName: alarm.zoneName || device.location,
        alarmType: alarmTypeLabel(lang, alarm.type),
        alarmInfo: alarmInfo(lang, alarm.type, alarm.value, device.serialNumber, alarm.threshold),
        alarmTime: formatInZone(alarm.startedAt, timeZone),
      })),
    };
  }),

  route(warningEndpoints.list, async ({ query, user, data, lang, timeZone }) => {
    const where = alarmFilter(data.dialect, query, timeZone);
    const { rows, ...paging } = await listPage(data, query, selectAlarmRows(data).where(where), alarmOrder(query));
    return {
      list: rows.map((r) => toAlarmRow(r, user, lang, timeZone)),
      ...paging,
    };
  }),

  route(warningEndpoints.detail, async ({ query, user, data, lang, timeZone, deps }) => {
    const record = await selectAlarmRows(data).where(eq(alarms.id, query.id)).get();
    if (!record) throw notFound();
    const { alarm } = record;
    // The machine's last word before the alarm: its report and its position at or before the start.
    // Raw rows from the machine's raw window's start on, the 5-minute buckets before it (decision 075).
    const cutoff = await rawWindowStart(data, alarm.deviceId, deps.now());
    const report =
      (alarm.startedAt.getTime() >= cutoff
        ? await data
            .select({ deviceTime: telemetry.deviceTime, data: telemetry.data })
            .from(telemetry, data.viaDevice(telemetry.deviceId))
            .where(
              and(
                eq(telemetry.deviceId, alarm.deviceId),
                gte(telemetry.deviceTime, new Date(cutoff)),
                lte(telemetry.deviceTime, alarm.startedAt),
              ),
            )
            .orderBy(desc(telemetry.deviceTime))
            .limit(1)
            .get()
        : undefined) ??
      (await keptReportNear(data, alarm.deviceId, alarm.startedAt.getTime(), cutoff)) ??
      undefined;
    const point =
      (alarm.startedAt.getTime() >= cutoff
        ? await data
            .select()
            .from(trackPoints, data.viaDevice(trackPoints.deviceId))
            .where(
              and(
                eq(trackPoints.deviceId, alarm.deviceId),
                gte(trackPoints.gpsTime, new Date(cutoff)),
                lte(trackPoints.gpsTime, alarm.startedAt),
              ),
            )
            .orderBy(desc(trackPoints.gpsTime))
            .limit(1)
            .get()
        : undefined) ??
      (await keptPointBefore(data, alarm.deviceId, alarm.startedAt.getTime(), cutoff)) ??
      undefined;
    const history = await data
      .select({
        action: alarmActions.action,
        userId: alarmActions.userId,
        remark: alarmActions.remark,
        at: alarmActions.at,
      })
      .from(
        alarmActions,
        data.within(alarmActions.alarmId, data.select({ id: alarms.id }).from(alarms, data.viaDevice(alarms.deviceId))),
      )
      .where(eq(alarmActions.alarmId, alarm.id))
      .orderBy(asc(alarmActions.at), asc(alarmActions.id))
      .all();
    return {
      ...toAlarmRow(record, user, lang, timeZone),
      snapshot: report
        ? { at: formatInZone(report.deviceTime, timeZone), data: report.data as Record<string, never> }
        : null,
      position: point
        ? { lat: point.lat, lng: point.lng, speed: point.speed, at: formatInZone(point.gpsTime, timeZone) }
        : null,
      history: await mapInOrder(history, async (h) => ({
        action: h.action,
        by: await nameOf(data, h.userId),
        remark: h.remark,
        at: formatInZone(h.at, timeZone),
      })),
    };
  }),

  route(warningEndpoints.options, async ({ data }) => {
    const orgs = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.id))
      .orderBy(asc(organisations.id))
      .all();
    return { orgs };
  }),

  route(warningEndpoints.acknowledge, async ({ body, user, data, deps, setMessage }) => {
    const rows = (await actionable(data, body.ids)).filter((r) => !r.alarm.acknowledgedAt && !r.alarm.handledAt);
    if (rows.length === 0) throw conflict('warning.alreadyAcknowledged');
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      for (const { alarm } of rows) {
        await tx
          .update(alarms)
          .set({ acknowledgedAt: at, acknowledgedBy: user.id })
          .where(eq(alarms.id, alarm.id))
          .run();
        await tx.insert(alarmActions).values({ alarmId: alarm.id, action: 'acknowledge', userId: user.id, at }).run();
      }
    });
    setMessage('warning.acknowledged', { count: rows.length });
    return { count: rows.length };
  }),

  route(warningEndpoints.handle, async ({ body, user, data, deps, setMessage }) => {
    const rows = (await actionable(data, body.ids)).filter((r) => !r.alarm.handledAt);
    if (rows.length === 0) throw conflict('warning.alreadyHandled');
    const at = new Date(deps.now());
    const touched = new Map(rows.map((r) => [r.device.id, r.device]));
    await data.write(async (tx) => {
      for (const { alarm } of rows) {
        await tx
          .update(alarms)
          .set({ handledAt: at, handledBy: user.id, remark: body.remark })
          .where(eq(alarms.id, alarm.id))
          .run();
        await tx
          .insert(alarmActions)
          .values({ alarmId: alarm.id, action: 'handle', userId: user.id, remark: body.remark, at })
          .run();
      }
      // Inside the unit of work: the machines' flags change with their alarms.
      await settleDevices(
        deps,
        tx,
        touched,
        rows.map((r) => ({ id: r.alarm.id, deviceId: r.device.id })),
      );
    });
    setMessage('warning.handled', { count: rows.length });
    return { count: rows.length };
  }),
];
