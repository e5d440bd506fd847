import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { controllers, gpsGateways } from '@console/db/schema/peripherals';
import { simCards } from '@console/db/schema/sim-cards';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { orgNames, visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, startOfDayInZone } from '../../lib/time.ts';
import { ownerOrgIds } from '../device-access.ts';

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export const likeText = (column: SQLiteColumn, text: string): SQL =>
  sql`${column} like ${`%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`;

interface OrgOwned {
  id: SQLiteColumn;
  orgId: SQLiteColumn;
}

/**
 * A record of an organisation in the user's scope that the user may change: one the user cannot see answers
 * "not found" (ids cannot be probed), one the user sees but does not keep (operator data for a reader) "forbidden".
 */
export function ownRecord<T extends { orgId: number }>(
  db: Db,
  user: SessionUser,
  table: SQLiteTable & OrgOwned,
  id: number,
): T {
  const row = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), inArray(table.orgId, visibleOrgIds(db, user))))
    .get() as T | undefined;
  if (!row) throw notFound();
  if (!ownerOrgIds(db, user).includes(row.orgId)) throw forbidden();
  return row;
}

/** New records belong to the user's own organisation, which must be one that keeps machines. */
export function assertCreator(db: Db, user: SessionUser): number {
  if (!ownerOrgIds(db, user).includes(user.orgId)) throw forbidden();
  return user.orgId;
}

interface Bindings {
  deviceId?: number | null;
  simCardId?: number | null;
  installedAt: string;
}

/**
 * The host and SIM card a controller or gateway is bound to must be the owner's; a SIM card sits in one unit only
 * (a controller or a gateway). Answers the columns to store.
 */
export function bindingValues(
  db: Db,
  orgId: number,
  body: Bindings,
  timeZone: string,
  self?: { table: 'controllers' | 'gpsGateways'; id: number },
) {
  if (body.deviceId) {
    const device = db.select({ orgId: devices.orgId }).from(devices).where(eq(devices.id, body.deviceId)).get();
    if (device?.orgId !== orgId) throw invalidField('deviceId', 'peripherals.invalidDevice');
  }
  if (body.simCardId) {
    const card = db.select({ orgId: simCards.orgId }).from(simCards).where(eq(simCards.id, body.simCardId)).get();
    if (card?.orgId !== orgId) throw invalidField('simCardId', 'peripherals.invalidSimCard');
    const inController = db
      .select({ id: controllers.id })
      .from(controllers)
      .where(
        and(
          eq(controllers.simCardId, body.simCardId),
          self?.table === 'controllers' ? ne(controllers.id, self.id) : undefined,
        ),
      )
      .get();
    const inGateway = db
      .select({ id: gpsGateways.id })
      .from(gpsGateways)
      .where(
        and(
          eq(gpsGateways.simCardId, body.simCardId),
          self?.table === 'gpsGateways' ? ne(gpsGateways.id, self.id) : undefined,
        ),
      )
      .get();
    if (inController || inGateway) throw invalidField('simCardId', 'peripherals.simCardInUse');
  }
  return {
    deviceId: body.deviceId ?? null,
    simCardId: body.simCardId ?? null,
    installedAt: body.installedAt ? new Date(startOfDayInZone(body.installedAt, timeZone)) : null,
  };
}

/** Rows bound to a host whose serial number holds the text. */
export const boundToSerial = (column: SQLiteColumn, serial: string): SQL =>
  sql`${column} in (select ${devices.id} from ${devices} where ${likeText(devices.serialNumber, serial)})`;

interface BoundRow {
  orgId: number;
  deviceId: number | null;
  simCardId: number | null;
  installedAt: Date | null;
}

/** The labels of a page of rows' bindings: host serial, SIM card numbers, owner, install day, editable. */
export function describeBindings(db: Db, user: SessionUser, rows: BoundRow[], timeZone: string) {
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const simIds = rows.flatMap((r) => (r.simCardId ? [r.simCardId] : []));
  const serials = new Map(
    (deviceIds.length
      ? db
          .select({ id: devices.id, serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all()
      : []
    ).map((d) => [d.id, d.serial]),
  );
  const sims = new Map(
    (simIds.length
      ? db
          .select({ id: simCards.id, iccid: simCards.iccid, imei: simCards.imei })
          .from(simCards)
          .where(inArray(simCards.id, simIds))
          .all()
      : []
    ).map((s) => [s.id, s]),
  );
  const owners = orgNames(
    db,
    rows.map((r) => r.orgId),
  );
  const owned = ownerOrgIds(db, user);
  return (r: BoundRow) => ({
    deviceId: r.deviceId,
    deviceSerial: r.deviceId ? (serials.get(r.deviceId) ?? '') : '',
    simCardId: r.simCardId,
    iccid: r.simCardId ? (sims.get(r.simCardId)?.iccid ?? '') : '',
    simImei: r.simCardId ? (sims.get(r.simCardId)?.imei ?? '') : '',
    installedAt: r.installedAt ? dayInZone(r.installedAt, timeZone) : '',
    ownerName: owners.get(r.orgId) ?? '',
    editable: owned.includes(r.orgId),
  });
}
