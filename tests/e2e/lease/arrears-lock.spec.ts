import { and, eq, inArray, notExists } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { demoAccount } from '@console/db/seed/accounts';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import {
  contractForNewRenter,
  handOver,
  runBilling,
  switchArrearsLockingOn,
  withLeaseDb,
} from '../../fixtures/e2e-lease.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

/**
 * An offline machine of the demo lessor standing by unlocked, never on lease, from the middle of the fleet (other
 * tests take theirs from the start and the end of the lists).
 */
async function offlineMachine(): Promise<string> {
  const candidates = await withLeaseDb((db) =>
    db
      .select({ serialNumber: devices.serialNumber })
      .from(devices)
      .innerJoin(users, and(eq(users.orgId, devices.orgId), eq(users.mobile, demoAccount(ROLE.lessorAdmin))))
      .where(
        and(
          eq(devices.online, false),
          eq(devices.status, 2),
          eq(devices.lockLevel, 'unlocked'),
          eq(devices.sleeping, false),
          notExists(db.select().from(leasePeriods).where(eq(leasePeriods.deviceId, devices.id))),
          notExists(
            db
              .select()
              .from(contractLines)
              .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
              .where(and(eq(contractLines.deviceId, devices.id), inArray(contracts.status, [1, 3, 5, 6, 7]))),
          ),
        ),
      )
      .orderBy(devices.id)
      .all(),
  );
  // How many stand by offline depends on the day the demo was seeded: one from the middle of however many there are.
  expect(candidates.length, 'offline machines standing by').toBeGreaterThan(0);
  const middle = Math.floor(candidates.length / 2);
  return candidates[(middle + (Date.now() % 10)) % candidates.length]!.serialNumber;
}

/**
 * A renter of the demo lessor with one offline machine on lease and a bill of 800.00 overdue for three weeks,
 * reached through the product's moves: its contract signed, the machine delivered eight days before a billing day
 * three weeks ago (the day of the month at most the 28th), that day's bill due the next day; and the lessor's
 * arrears locking switched on (seeded off, decision 039's addendum) with its default steps (15 days overdue: the
 * first-level lock), which apply at the server's next scheduler pass.
 */
async function arrearsRenter(api: Api, name: string) {
  let ago = 21;
  while (Number(iso(Date.now() - ago * DAY).slice(8)) > 28) ago += 1;
  const billingOn = iso(Date.now() - ago * DAY);
  const startOn = iso(Date.now() - (ago + 8) * DAY);
  const serial = await offlineMachine();
  const lease = await contractForNewRenter(api, {
    name,
    serials: [serial],
    startOn,
    endOn: iso(Date.now() + 300 * DAY),
    billingDay: Number(billingOn.slice(8)),
    dueDays: 1,
  });
  await handOver(api, lease, 'entry', startOn);
  await runBilling(api, lease);
  await switchArrearsLockingOn(api, lease.token);
  return { renterId: lease.renterId, contract: lease.number, serial, overdueDays: ago - 1 };
}

test('arrears lock a renter’s machine, and the receipt that clears them unlocks it', async ({ page, api }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Arrears Lock Works ${stamp}`;
  const { renterId, contract, serial, overdueDays } = await arrearsRenter(api, name);
  await signInAs(page, api, ROLE.lessorAdmin);
  const risk = (key: string, params?: Record<string, string | number>) => text('en', `risk:${key}`, params);
  const records = async (reason: string) => {
    // The scheduler's pass comes within seconds: search again until the record is there.
    await expect(async () => {
      await page.goto('/riskManagement/history');
      await page.getByLabel(risk('tasks.keyword'), { exact: true }).fill(serial);
      await page.getByRole('button', { name: text('en', 'common:search') }).click();
      await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 40_000 });
  };

  // The machine is sent the first-level lock, and the record says why.
  await records(`Arrears: contract ${contract}, ${overdueDays} days overdue`);
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(text('en', 'lease-billing:keyword'), { exact: true }).fill(contract);
  await page.getByRole('button', { name: text('en', 'common:search') }).click();
  await expect(page.getByRole('row').filter({ hasText: contract })).toContainText('800.00');

  // A receipt of what is overdue clears the arrears: the machine is unlocked at once, and the record says why.
  await page.goto(`/leaseCenter/receiptRecord?renterId=${renterId}`);
  await expect(page.getByTestId('renter-arrears')).toHaveText('800.00');
  await page.getByLabel(text('en', 'lease-billing:receipt.amount'), { exact: true }).fill('800');
  await page.getByRole('button', { name: text('en', 'lease-billing:receipt.submit') }).click();
  await expect(page.getByTestId('renter-arrears')).toHaveText('0.00');
  await records(`Arrears of contract ${contract} cleared by a receipt`);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
