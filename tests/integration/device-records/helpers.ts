import { and, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { RoleId } from '@console/contract/codes/roles';
import { ROLE } from '@console/contract/codes/roles';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { demoAccount } from '@console/db/seed/accounts';
import type { TestApp } from '../../fixtures/test-app.ts';

/** The organisation of a demo account. */
export const orgOfRole = async (t: TestApp, roleId: RoleId) =>
  (await t.dbh.db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.mobile, demoAccount(roleId)))
    .get())!.orgId;

const machineWhere = async (t: TestApp, where: SQL | undefined) => {
  const row = await t.dbh.db.select().from(devices).where(where).orderBy(devices.id).limit(1).get();
  if (!row) throw new Error('no such machine in the demo fleet');
  return row;
};

/**
 * The machines the tests need, by who may see them: the lessor admin's own machine rented to the customer of
 * role 11 and distributed by the distributor of role 8 where the fleet has one, another lessor's machine.
 */
export async function demoMachines(t: TestApp) {
  const lessor = await orgOfRole(t, ROLE.lessorAdmin);
  const customer = await orgOfRole(t, ROLE.other);
  const distributor = await orgOfRole(t, ROLE.distributor);
  return {
    lessor,
    rented: await machineWhere(t, and(eq(devices.orgId, lessor), eq(devices.customerOrgId, customer))),
    distributed: await machineWhere(t, and(eq(devices.orgId, lessor), eq(devices.distributorOrgId, distributor))),
    /** Of the lessor, neither rented by the customer nor distributed by the distributor. */
    ownOnly: await machineWhere(
      t,
      and(
        eq(devices.orgId, lessor),
        sql`coalesce(${devices.customerOrgId}, 0) <> ${customer}`,
        sql`coalesce(${devices.distributorOrgId}, 0) <> ${distributor}`,
      ),
    ),
    asleep: await machineWhere(t, and(eq(devices.orgId, lessor), eq(devices.sleeping, true))),
    online: await machineWhere(
      t,
      and(eq(devices.orgId, lessor), eq(devices.online, true), eq(devices.sleeping, false)),
    ),
    foreign: await machineWhere(t, and(ne(devices.orgId, lessor), isNotNull(devices.orgId))),
  };
}
