import { and, eq, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { appendLedger, refreshArrears } from '@console/db/billing/ledger';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { lockDaySettings } from '@console/db/schema/risk';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { leaseToNewRenter, withLeaseDb } from '../../fixtures/e2e-lease.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

/**
 * A renter of the demo lessor with one offline machine on lease and a bill of 800.00 due 20 days ago, written into
 * the e2e server's database, and the lessor's arrears locking switched on (seeded off, decision 039's addendum) with
 * its default steps (15 days overdue: the first-level lock), which apply at the server's next scheduler pass.
 */
function arrearsRenter(name: string) {
  return withLeaseDb((db) => {
    // An offline machine standing by, on no lease, from the middle of the fleet (other tests take theirs from the
    // start and the end of the lists).
    let serial = '';
    const machineId = (db: Db, lessorOrgId: number) => {
      const machine = db
        .select({ id: devices.id, serialNumber: devices.serialNumber })
        .from(devices)
        .leftJoin(leasePeriods, and(eq(leasePeriods.deviceId, devices.id), isNull(leasePeriods.endOn)))
        .where(
          and(
            eq(devices.orgId, lessorOrgId),
            eq(devices.online, false),
            eq(devices.status, 2),
            isNull(leasePeriods.id),
          ),
        )
        .orderBy(devices.id)
        .limit(1)
        .offset(40 + (Date.now() % 20))
        .get()!;
      db.update(devices).set({ lockLevel: 'unlocked', sleeping: false }).where(eq(devices.id, machine.id)).run();
      serial = machine.serialNumber;
      return machine.id;
    };
    // On lease for 25 days under a contract whose billing day has not come since (billing issues nothing of it
    // meanwhile): the bill below stands for what the renter owes.
    const startOn = iso(Date.now() - 25 * DAY);
    const tomorrow = Number(iso(Date.now() + DAY).slice(8));
    const { lessorOrgId, renterId, contract } = leaseToNewRenter(db, {
      name,
      number: (renterId) => `HT-E2E-A${renterId}`,
      machineId,
      startOn,
      endOn: iso(Date.now() + 300 * DAY),
      billingDay: tomorrow <= 28 ? tomorrow : 1,
      dueDays: 1,
    });
    const dueOn = iso(Date.now() - 20 * DAY);
    const bill = db
      .insert(bills)
      .values({
        number: `${contract.number}-1`,
        lessorOrgId,
        renterOrgId: renterId,
        contractId: contract.id,
        kind: 'cycle',
        periodStart: startOn,
        periodEnd: iso(Date.now() - 22 * DAY),
        issuedOn: iso(Date.now() - 21 * DAY),
        dueOn,
        amountCents: 80_000,
      })
      .returning()
      .get();
    appendLedger(db, [
      {
        lessorOrgId,
        renterOrgId: renterId,
        type: 'bill',
        billId: bill.id,
        subject: bill.number,
        amountCents: 80_000,
        day: dueOn,
      },
    ]);
    refreshArrears(db, lessorOrgId, iso(Date.now()), renterId);
    // As its administrator would on the lock day settings page.
    db.update(lockDaySettings).set({ arrearsEnabled: true }).where(eq(lockDaySettings.orgId, lessorOrgId)).run();
    return { renterId, contract: contract.number, serial };
  });
}

test('arrears lock a renter’s machine, and the receipt that clears them unlocks it', async ({ page, api }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Arrears Lock Works ${stamp}`;
  const { renterId, contract, serial } = arrearsRenter(name);
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
  await records(`Arrears: contract ${contract}, 20 days overdue`);
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
