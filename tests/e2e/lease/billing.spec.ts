import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { issueLessorBills } from '@console/db/billing/issue';
import { openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { createOrganisation, demoAccount } from '@console/db/seed/accounts';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A renter of the demo lessor with a machine returned two months ago and its bills overdue, written into the e2e
 * server's database as entries, exits and the scheduler would have left them: ten days of a model-23 line at
 * 100.00 a day (1,000.00 in all), billed on the 1st, due ten days later.
 */
function overdueRenter(name: string): { renterId: number } {
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
    const contract = db
      .insert(contracts)
      .values({
        number: `HT-E2E-${renterId}`,
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
    return { renterId };
  } finally {
    dbh.close();
  }
}

async function recordAndClear(page: Page, api: Api, lang: UiLang) {
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `lease-billing:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `${lang === 'en' ? 'Overdue Works' : '欠款测试工程'} ${stamp}`;
  const reference = `E2E-${stamp}`;
  overdueRenter(name);
  await signInAs(page, api, ROLE.lessorStaff);

  // The arrears list shows the renter with its 1,000.00 overdue.
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(t('keyword'), { exact: true }).fill(name);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1000.00');

  // From its row to the receipt form, the renter chosen and its open bills listed.
  await row.getByRole('link', { name: t('arrears.record') }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/receiptRecord\?renterId=\d+/);
  await expect(page.getByTestId('renter-arrears')).toHaveText('1000.00');
  await page.getByLabel(t('receipt.amount'), { exact: true }).fill('1000');
  await page.getByLabel(t('receipt.reference'), { exact: true }).fill(reference);
  await page.getByRole('button', { name: t('receipt.submit') }).click();

  // Allocated to its bills, the open bills are gone and so are the arrears.
  await expect(page.getByTestId('receipt-allocations')).toContainText('HT-E2E-');
  await expect(page.getByText(t('receipt.noOpenBills'))).toBeVisible();
  await expect(page.getByTestId('renter-arrears')).toHaveText('0.00');
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(t('keyword'), { exact: true }).fill(name);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // The bill record shows the bills and the receipt that paid them, the balance back to nothing.
  await page.goto('/financeCenter/billRecord');
  const receipt = page.getByRole('row').filter({ hasText: reference });
  await expect(receipt).toContainText(text(lang, 'lease-billing:ledgerType.receipt'));
  await expect(receipt).toContainText('-1000.00');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

test('finance records a receipt for a renter with an overdue bill: the bill is paid and the arrears are gone', async ({
  page,
  api,
}) => {
  await recordAndClear(page, api, 'en');
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('收款登记后账单付清、欠款消失', async ({ page, api }) => {
    await recordAndClear(page, api, 'zh-cn');
  });
});
