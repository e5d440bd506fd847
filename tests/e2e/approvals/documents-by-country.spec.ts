import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { knownAddresses, users } from '@console/db/schema/accounts';
import { createUser, demoAccount, globalDemoAccount } from '@console/db/seed/accounts';
import { withLeaseDb } from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string) => text('en', key);
const PASSWORD = 'E2e-Pass2026';

/** A new salesperson of a demo account's rental company, at an area code, who signed in from here before. */
async function salespersonOf(colleague: string, areaCode: string, mobile: string) {
  await withLeaseDb(async (db) => {
    const orgId = (await db.select().from(users).where(eq(users.mobile, colleague)).get())!.orgId;
    const user = await createUser(db, { orgId, mobile, areaCode, roleId: ROLE.lessorSales, password: PASSWORD });
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      await db.insert(knownAddresses).values({ userId: user.id, ip }).onConflictDoNothing().run();
    }
  });
  return { account: mobile, password: PASSWORD, areaCode };
}

/** On /setUp the number is asked for under the document's name; submitted, it goes under review. */
async function submitRealName(page: Page, document: string, name: string, idNumber: string) {
  await page.goto('/setUp?active=first');
  const card = page.locator('.ant-card', { hasText: say('settings:realName.title') });
  await expect(card.getByText(say('settings:realName.hint.none'))).toBeVisible();
  await card.getByLabel(say('settings:realName.name')).fill(name);
  await card.getByLabel(say(`settings:realName.${document}`), { exact: true }).fill(idNumber);
  await expect(card.getByText(say(`settings:realName.${document}Hint`))).toBeVisible();
  await card.getByRole('button', { name: say('settings:realName.submit') }).click();
  await expect(card.getByText(say('settings:realName.hint.pending'))).toBeVisible();
  await expect(card.getByText(say(`settings:realName.${document}`), { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

/** The reviewer's drawer of a person's verification, found by their mobile. */
async function drawerOf(page: Page, mobile: string) {
  await page.goto('/approvalManagement/bind?tab=verification');
  await page.getByLabel(say('approvals:field.keyword'), { exact: true }).fill(mobile);
  await page.getByRole('button', { name: say('common:search') }).click();
  const row = page.getByRole('row').filter({ hasText: mobile });
  await row.getByRole('button', { name: say('approvals:detail') }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: say('approvals:verification.detailTitle') });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * A person's real-name document is the one of their own country, by their mobile's area code, whatever their brand
 * (decision 064): a mainland mobile under the Australian brand is asked for an ID card and checked as one; an
 * Australian mobile under a Chinese brand for a driver licence; the reviewer's drawer names each so.
 */
test('the real-name card and the reviewer’s drawer name the document of the person’s country', async ({
  page,
  browser,
  api,
}) => {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mainland = await salespersonOf(globalDemoAccount(ROLE.lessorAdmin).account, '86', `137${digits}88`);
  await signInAs(page, api, mainland);
  await submitRealName(page, 'idCard', '王小明', completeIdNumber(1, `33010619900101${digits.slice(-3)}`));
  await expect(page.getByText(say('settings:realName.driverLicence'), { exact: true })).toHaveCount(0);

  const australian = await salespersonOf(demoAccount(ROLE.lessorAdmin), '61', `4${digits}77`);
  // Each person in a browser of their own, as each signs in on their own machine.
  const ofSydney = await browser.newPage();
  await signInAs(ofSydney, api, australian);
  await submitRealName(ofSydney, 'driverLicence', 'Megan Edwards', `NSW${digits}`);
  await expect(ofSydney.getByText(say('settings:realName.idCard'), { exact: true })).toHaveCount(0);

  const operator = await browser.newPage();
  await signInAs(operator, api, ROLE.companyAdmin);
  const ofMainland = await drawerOf(operator, mainland.account);
  await expect(ofMainland.getByText(say('lease-parties:renter.idCard'), { exact: true })).toBeVisible();
  await expect(ofMainland.getByText(say('lease-parties:renter.driverLicence'), { exact: true })).toHaveCount(0);

  const ofAustralian = await drawerOf(operator, australian.account);
  await expect(ofAustralian.getByText(say('lease-parties:renter.driverLicence'), { exact: true })).toBeVisible();
  await expect(ofAustralian.getByText(say('lease-parties:renter.idCard'), { exact: true })).toHaveCount(0);
  await expect(operator.locator('body')).not.toContainText(RAW_KEY);
  await Promise.all([ofSydney.close(), operator.close()]);
});
