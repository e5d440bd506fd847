import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { ScopedData } from '../../lib/data.ts';
import { devices } from '@console/db/schema/devices';
import { controllers, gpsGateways } from '@console/db/schema/peripherals';
import { simCards } from '@console/db/schema/sim-cards';
import { textContains } from '../../lib/search.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { ownerOrgIds } from '../../lib/device-access.ts';

interface OrgOwned {
  id: SQLiteColumn;
  orgId: SQLiteColumn;
}

/**
 * A record of an organisation in the user's scope that the user may change: one the user cannot see answers
 * "not found" (ids cannot be probed), one the user sees but does not keep (operator data for a reader) "forbidden".
 */
export async function ownRecord<T extends { orgId: number }>(
  data: ScopedData,
  user: SessionUser,
  table: SQLiteTable & OrgOwned,
  id: number,
): Promise<T> {
  const row = (await data.select().from(table, data.orgScope(table.orgId)).where(eq(table.id, id)).get()) as
    T | undefined;
  if (!row) throw notFound();
  if (!(await ownerOrgIds(data, user)).includes(row.orgId)) throw forbidden();
  return row;
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
export async function bindingValues(
  data: ScopedData,
  orgId: number,
  body: Bindings,
  self?: { table: 'controllers' | 'gpsGateways'; id: number },
) {
  if (body.deviceId) {
    const device = await data
      .select({ orgId: devices.orgId })
      .from(devices, data.deviceScope())
      .where(eq(devices.id, body.deviceId))
      .get();
    if (device?.orgId !== orgId) throw invalidField('deviceId', 'peripherals.invalidDevice');
  }
  if (body.simCardId) {
    const card = await data
      .select({ orgId: simCards.orgId })
      .from(simCards, data.orgScope(simCards.orgId))
      .where(eq(simCards.id, body.simCardId))
      .get();
    if (card?.orgId !== orgId) throw invalidField('simCardId', 'peripherals.invalidSimCard');
    // A card sits in one unit, whoever keeps that unit.
    const db = data.unscoped('uniqueness');
    const inController = await db
      .select({ id: controllers.id })
      .from(controllers)
      .where(
        and(
          eq(controllers.simCardId, body.simCardId),
          self?.table === 'controllers' ? ne(controllers.id, self.id) : undefined,
        ),
      )
      .get();
    const inGateway = await db
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
    // A calendar day, kept as entered (decision 026).
    installedAt: body.installedAt || null,
  };
}

/** Rows bound to a host the user sees whose serial number holds the text. */
export const boundToSerial = (data: ScopedData, column: SQLiteColumn, serial: string): SQL =>
  data.within(
    column,
    data
      .select({ id: devices.id })
      .from(devices, data.deviceScope())
      .where(textContains(data.dialect, devices.serialNumber, serial)),
  ).sql;

interface BoundRow {
  orgId: number;
  deviceId: number | null;
  simCardId: number | null;
  installedAt: string | null;
}

/** The labels of a page of rows' bindings: host serial, SIM card numbers, owner, install day, editable. */
export async function describeBindings(data: ScopedData, user: SessionUser, rows: BoundRow[]) {
  // The host and card a row in scope names (they are its owner's).
  const db = data.unscoped('referencedNames');
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const simIds = rows.flatMap((r) => (r.simCardId ? [r.simCardId] : []));
  const serials = new Map(
    (deviceIds.length
      ? await db
          .select({ id: devices.id, serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all()
      : []
    ).map((d) => [d.id, d.serial]),
  );
  const sims = new Map(
    (simIds.length
      ? await db
          .select({ id: simCards.id, iccid: simCards.iccid, imei: simCards.imei })
          .from(simCards)
          .where(inArray(simCards.id, simIds))
          .all()
      : []
    ).map((s) => [s.id, s]),
  );
  const owners = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const owned = await ownerOrgIds(data, user);
  return (r: BoundRow) => ({
    deviceId: r.deviceId,
    deviceSerial: r.deviceId ? (serials.get(r.deviceId) ?? '') : '',
    simCardId: r.simCardId,
    iccid: r.simCardId ? (sims.get(r.simCardId)?.iccid ?? '') : '',
    simImei: r.simCardId ? (sims.get(r.simCardId)?.imei ?? '') : '',
    installedAt: r.installedAt ?? '',
    ownerName: owners.get(r.orgId) ?? '',
    editable: owned.includes(r.orgId),
  });
}
