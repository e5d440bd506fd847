import { and, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commands, devices } from '@console/db/schema/devices';
import { renewalOrders } from '@console/db/schema/renewals';
import { dayInZone } from '@console/server/src/lib/time';
import type { TestApp } from '../../fixtures/test-app.ts';
import { fleetOf } from '../risk/helpers.ts';

export const DAY = 24 * 3600_000;

/**
 * The demo lessor's (role 5) machines for a renewal test: the seed's renewal orders gone, the company's services
 * far away except those the test sets, `day(offset)` a day in the company's calendar (Shanghai, the default).
 */
export async function renewalFixture(t: TestApp) {
  const fleet = await fleetOf(t.dbh);
  const { db } = t.dbh;
  await db.delete(renewalOrders).run();
  const day = (offset: number) => dayInZone(t.deps.now() + offset * DAY, 'Asia/Shanghai');
  await db
    .update(devices)
    .set({ serviceExpiresAt: day(400) })
    .where(eq(devices.orgId, fleet.own))
    .run();
  /** A machine by id order, its service's last day set (a registry entry; its state comes only from its moves). */
  const machine = async (
    orgId: number,
    skip: number,
    fields: Pick<Partial<typeof devices.$inferInsert>, 'serviceExpiresAt'>,
  ) => {
    const found = await fleet.machine(orgId, false, skip);
    if (Object.keys(fields).length > 0) await db.update(devices).set(fields).where(eq(devices.id, found.id)).run();
    return found.id;
  };
  const expiryOf = async (id: number) =>
    (await db.select({ e: devices.serviceExpiresAt }).from(devices).where(eq(devices.id, id)).get())!.e;
  const commandsOf = (ids: number[], type: 'lock' | 'unlock') =>
    db
      .select()
      .from(commands)
      .where(and(inArray(commands.deviceId, ids), eq(commands.type, type)))
      .all();
  return {
    fleet,
    day,
    machine,
    expiryOf,
    commandsOf,
    admin: await t.tokenFor(ROLE.lessorAdmin),
    staff: await t.tokenFor(ROLE.lessorStaff),
    finance: await t.tokenFor(ROLE.finance),
  };
}
