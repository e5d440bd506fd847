import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import type { DemoOrganisations } from './accounts.ts';

/** The demo calendar is Shanghai's (UTC+8): the day of a moment there, `YYYY-MM-DD`. */
export const dayOf = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 10);
export const minDay = (a: string, b: string) => (a < b ? a : b);

type Machine = typeof devices.$inferSelect;

/**
 * Machines of a rental company for the maintenance seeds, picked by id so every fresh database picks the same:
 * some leased to its first customer, some its first distributor sells, and others, so each demo role (customer,
 * distributor, technician) finds records of its own.
 */
export async function maintenanceFleet(
  db: Db,
  orgs: DemoOrganisations,
  lessorIndex: number,
  each = 3,
): Promise<Machine[]> {
  const lessor = orgs.lessors[lessorIndex]!;
  const customer = orgs.customers[lessorIndex * 3]!;
  const pick = (extra: ReturnType<typeof and>, limit: number) =>
    db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, lessor), extra))
      .orderBy(asc(devices.id))
      .limit(limit)
      .all();
  const chosen = [
    ...(await pick(eq(devices.customerOrgId, customer), each)),
    ...(await pick(eq(devices.distributorOrgId, orgs.distributors[0]!), each)),
    ...(await pick(isNotNull(devices.id), each * 2)),
  ];
  return [...new Map(chosen.map((m) => [m.id, m])).values()];
}
