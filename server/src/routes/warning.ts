import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarmActions, alarms } from '@console/db/schema/warning';
import { primaryStatus } from '@console/contract/codes/device-state';
import { warningEndpoints } from '@console/contract/http/warning';
import type { AppDeps } from '../lib/deps.ts';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { openAlarmsInScope } from '../lib/open-alarms.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';
import { alarmFilter, alarmOrder, alarmsInScope, selectAlarmRows, toAlarmRow } from './warning-query.ts';

const BELL_SIZE = 50;

type Device = typeof devices.$inferSelect;

/**
 * After people handled alarms: each machine's alarm flag and status follow (as ingest settles them), and the
 * consoles that see the machine hear of it (the bell, the alarm centre, the map).
 */
function settleDevices(deps: AppDeps, touched: Map<number, Device>, wids: { id: number; deviceId: number }[]) {
  const { db } = deps.dbh;
  const at = deps.now();
  for (const device of touched.values()) {
    const open = db
      .select({ id: alarms.id })
      .from(alarms)
      .where(and(eq(alarms.deviceId, device.id), isNull(alarms.endedAt), isNull(alarms.handledAt)))
      .limit(1)
      .get();
    const alarmOpen = open !== undefined;
    const status = primaryStatus({ ...device, alarmOpen });
    db.update(devices).set({ alarmOpen, status }).where(eq(devices.id, device.id)).run();
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
function actionable(db: Db, user: SessionUser, ids: number[]) {
  const { rows, complete } = alarmsInScope(db, user, ids);
  if (!complete) throw notFound();
  return rows;
}

function nameOf(db: Db, userId: number): string {
  const u = db.select({ name: users.name, nickname: users.nickname }).from(users).where(eq(users.id, userId)).get();
  return u?.name || u?.nickname || '';
}

export const warningRoutes: RouteDef[] = [
  route(warningEndpoints.bell, ({ user, deps, timeZone, lang }) => {
    const { db } = deps.dbh;
    const { count, rows: list } = openAlarmsInScope(db, user, BELL_SIZE);
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

  route(warningEndpoints.list, ({ query, user, deps, lang, timeZone }) => {
    const { db } = deps.dbh;
    const where = alarmFilter(db, user, query, timeZone);
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(where)
      .get()!.n;
    const rows = selectAlarmRows(db)
      .where(where)
      .orderBy(...alarmOrder(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return {
      list: rows.map((r) => toAlarmRow(r, user, lang, timeZone)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(warningEndpoints.detail, ({ query, user, deps, lang, timeZone }) => {
    const { db } = deps.dbh;
    const record = selectAlarmRows(db)
      .where(and(eq(alarms.id, query.id), alarmFilter(db, user, {}, timeZone)))
      .get();
    if (!record) throw notFound();
    const { alarm } = record;
    // The machine's last word before the alarm: its report and its position at or before the start.
    const report = db
      .select({ deviceTime: telemetry.deviceTime, data: telemetry.data })
      .from(telemetry)
      .where(and(eq(telemetry.deviceId, alarm.deviceId), lte(telemetry.deviceTime, alarm.startedAt)))
      .orderBy(desc(telemetry.deviceTime))
      .limit(1)
      .get();
    const point = db
      .select()
      .from(trackPoints)
      .where(and(eq(trackPoints.deviceId, alarm.deviceId), lte(trackPoints.gpsTime, alarm.startedAt)))
      .orderBy(desc(trackPoints.gpsTime))
      .limit(1)
      .get();
    const history = db
      .select({
        action: alarmActions.action,
        userId: alarmActions.userId,
        remark: alarmActions.remark,
        at: alarmActions.at,
      })
      .from(alarmActions)
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
      history: history.map((h) => ({
        action: h.action,
        by: nameOf(db, h.userId),
        remark: h.remark,
        at: formatInZone(h.at, timeZone),
      })),
    };
  }),

  route(warningEndpoints.options, ({ user, deps }) => {
    const { db } = deps.dbh;
    const orgs = db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(inArray(organisations.id, visibleOrgIds(db, user)))
      .orderBy(asc(organisations.id))
      .all();
    return { orgs };
  }),

  route(warningEndpoints.acknowledge, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const rows = actionable(db, user, body.ids).filter((r) => !r.alarm.acknowledgedAt && !r.alarm.handledAt);
    if (rows.length === 0) throw conflict('warning.alreadyAcknowledged');
    const at = new Date(deps.now());
    db.transaction((tx) => {
      for (const { alarm } of rows) {
        tx.update(alarms).set({ acknowledgedAt: at, acknowledgedBy: user.id }).where(eq(alarms.id, alarm.id)).run();
        tx.insert(alarmActions).values({ alarmId: alarm.id, action: 'acknowledge', userId: user.id, at }).run();
      }
    });
    setMessage('warning.acknowledged', { count: rows.length });
    return { count: rows.length };
  }),

  route(warningEndpoints.handle, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const rows = actionable(db, user, body.ids).filter((r) => !r.alarm.handledAt);
    if (rows.length === 0) throw conflict('warning.alreadyHandled');
    const at = new Date(deps.now());
    const touched = new Map(rows.map((r) => [r.device.id, r.device]));
    db.transaction((tx) => {
      for (const { alarm } of rows) {
        tx.update(alarms)
          .set({ handledAt: at, handledBy: user.id, remark: body.remark })
          .where(eq(alarms.id, alarm.id))
          .run();
        tx.insert(alarmActions)
          .values({ alarmId: alarm.id, action: 'handle', userId: user.id, remark: body.remark, at })
          .run();
      }
      // Same connection, so inside the transaction: the machines' flags change with their alarms.
      settleDevices(
        deps,
        touched,
        rows.map((r) => ({ id: r.alarm.id, deviceId: r.device.id })),
      );
    });
    setMessage('warning.handled', { count: rows.length });
    return { count: rows.length };
  }),
];
