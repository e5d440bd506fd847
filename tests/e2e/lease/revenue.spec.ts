import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { issueLessorBills } from '@console/db/billing/issue';
import { openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { createOrganisation, demoAccount } from '@console/db/seed/accounts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A renter of the demo lessor with ten days of a model-23 line at 100.00 a day (1,000.00), returned 81 days ago and
 * billed, written into the e2e server's database as the entries, exits and the scheduler would have left them.
 */
function billedRenter(name: string): { number: string; toOn: string } {
  const dbh = openDb(process.env.E2E_DB_FILE!, { migrate: false });
  try {
    const { db } = dbh;
    const admin = db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get()!;
    const lessorOrgId = admin.orgId;
    const renterId = createOrganisation(db, { name, kind: 'customer', parentId: lessorOrgId }).id;
    db.insert(renters).values({ orgId: renterId, lessorOrgId, identityType: 2 }).run();
    const store = db.select().from(stores).where(eq(stores.orgId, lessorOrgId)).get()!;
    const machine = db.select().from(devices).where(eq(devices.orgId, lessorOrgId)).get()!;
    const startOn = iso(Date.now() - 90 * DAY);
    const endOn = iso(Date.now() - 81 * DAY);
    const number = `HT-REV-${renterId}-${Date.now().toString(36).toUpperCase()}`;
    const contract = db
      .insert(contracts)
      .values({
        number,
        lessorOrgId,
        renterOrgId: renterId,
        storeId: store.id,
        createdBy: admin.id,
        status: 7,
        startOn,
        endOn,
        billingDay: 1,
        dueDays: 10,
      })
      .returning()
      .get();
    const line = db
      .insert(contractLines)
      .values({ contractId: contract.id, deviceId: machine.id, businessModel: 23, dayCents: 10_000 })
      .returning()
      .get();
    db.insert(leasePeriods)
      .values({
        lessorOrgId,
        contractId: contract.id,
        lineId: line.id,
        deviceId: machine.id,
        renterOrgId: renterId,
        startOn,
        plannedEndOn: endOn,
        endOn,
      })
      .run();
    issueLessorBills(db, lessorOrgId, iso(Date.now()));
    return { number, toOn: endOn };
  } finally {
    dbh.close();
  }
}

test('the revenue analysis drills down to the income lines of its filter', async ({ page, api }) => {
  const t = (key: string, params?: Record<string, string | number>) => text('en', `lease-revenue:${key}`, params);
  const name = `Revenue Works ${Date.now().toString(36).toUpperCase()}`;
  const { number, toOn } = billedRenter(name);
  const from = iso(Date.now() - 120 * DAY);
  const to = iso(Date.now());
  await signInAs(page, api, ROLE.lessorAdmin);

  await page.goto(`/leaseCenter/dashboard?from=${from}&to=${to}`);
  await expect(page.getByText(t('kpi.billed'))).toBeVisible();
  await expect(page.getByRole('img', { name: t('charts.byRenter') })).toHaveAttribute('aria-label', /Revenue Works/);

  // The drill-down keeps the dashboard's range; the renter's line is there with its amount and days.
  await page.getByRole('link', { name: t('charts.allLines') }).click();
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/incomeDetail\\?from=${from}&to=${to}`));
  await page.getByLabel(t('income.keyword'), { exact: true }).fill(number);
  await page.getByRole('button', { name: text('en', 'common:search') }).click();
  // Its ten days (one line, or two when they straddle a billing day) and their total over the list.
  const rows = page.getByRole('row').filter({ hasText: number });
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText(toOn);
  await expect(page.locator('.ant-statistic:visible').filter({ hasText: t('kpi.billed') })).toContainText('1,000.00');
  await expect(page.locator('.ant-statistic:visible').filter({ hasText: t('kpi.daysBilled') })).toContainText('10');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
