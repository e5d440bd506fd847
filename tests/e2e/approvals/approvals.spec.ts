import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { ROLE } from '@console/contract/codes/roles';
import { organisations, users } from '@console/db/schema/accounts';
import { bindRequests, verifications } from '@console/db/schema/approvals';
import { devices } from '@console/db/schema/devices';
import { withLeaseDb } from '../../fixtures/e2e-lease.ts';
import { expect, openDialogWith, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { mapInOrder } from '@console/db/in-order';

const lang = 'en';
const t = (key: string, params?: Record<string, string | number>) => text(lang, `approvals:${key}`, params);
/** Digits unique to this run, so a repeated run finds its own rows only. */
const runDigits = () => String(Date.now()).slice(-6);

/** Two people of the demo customer who submitted their real names, under review. */
async function twoSubmissions(digits: string): Promise<string[]> {
  return withLeaseDb(async (db) => {
    const customer = (await db
      .select()
      .from(organisations)
      .where(eq(organisations.name, '上海浦江建设工程有限公司'))
      .get())!;
    return await mapInOrder(['甲', '乙'], async (last, i) => {
      const mobile = `137${digits}${i}0`;
      const idNumber = completeIdNumber(1, `330106199001${10 + i}${digits.slice(-3)}`);
      const user = await db
        .insert(users)
        .values({ orgId: customer.id, mobile, passwordHash: 'x', roleId: ROLE.other, name: `测试${last}`, idNumber })
        .returning()
        .get();
      await db
        .insert(verifications)
        .values({
          kind: 'realName',
          orgId: customer.id,
          userId: user.id,
          name: user.name,
          idNumber,
          submittedBy: user.id,
        })
        .run();
      return mobile;
    });
  });
}

/** A registered person asking to join the demo rental company, and a customer asking for one of its machines. */
async function twoRequests(tag: string): Promise<void> {
  await withLeaseDb(async (db) => {
    const lessor = (await db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Huadong Aerial Leasing'))
      .get())!;
    const customer = (await db
      .select()
      .from(organisations)
      .where(eq(organisations.name, '上海浦江建设工程有限公司'))
      .get())!;
    const own = await db
      .insert(organisations)
      .values({ name: `${tag} own`, kind: 'customer' })
      .returning()
      .get();
    const joiner = await db
      .insert(users)
      .values({
        orgId: own.id,
        mobile: `136${tag.slice(-6)}01`,
        passwordHash: 'x',
        roleId: ROLE.registeredUser,
        nickname: `${tag} joiner`,
      })
      .returning()
      .get();
    const asker = await db
      .insert(users)
      .values({
        orgId: customer.id,
        mobile: `136${tag.slice(-6)}02`,
        passwordHash: 'x',
        roleId: ROLE.other,
        nickname: `${tag} asker`,
      })
      .returning()
      .get();
    const machine = (await db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, lessor.id), isNull(devices.customerOrgId)))
      .orderBy(asc(devices.id))
      .limit(1)
      .offset(10 + (Date.now() % 50))
      .get())!;
    await db
      .insert(bindRequests)
      .values([
        { kind: 'join', orgId: lessor.id, requesterId: joiner.id, requesterOrgId: own.id, note: `${tag} join` },
        {
          kind: 'machine',
          orgId: lessor.id,
          requesterId: asker.id,
          requesterOrgId: customer.id,
          deviceId: machine.id,
          serialNumber: machine.serialNumber,
          note: `${tag} machine`,
        },
      ])
      .run();
  });
}

async function search(page: Page, keyword: string) {
  await page.getByLabel(t('field.keyword'), { exact: true }).fill(keyword);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
}

test('the operator approves one real-name verification and rejects another', async ({ page, api }) => {
  const digits = runDigits();
  const [first, second] = await twoSubmissions(digits);
  await signInAs(page, api, ROLE.companyAdmin);
  await page.goto('/approvalManagement/bind?tab=verification');
  await search(page, `137${digits}`);
  const row = (mobile: string) => page.getByRole('row').filter({ hasText: mobile });
  await expect(row(first!)).toContainText('测*甲');
  await expect(row(second!)).toContainText(t('state.pending'));

  const approveDialog = page.getByRole('dialog', { name: t('decide.approveTitle', { count: 1 }) });
  await openDialogWith(row(first!).getByRole('button', { name: t('decide.approve') }), approveDialog);
  await approveDialog.getByRole('button', { name: t('decide.approve') }).click();
  await expect(row(first!)).toContainText(t('state.approved'));

  const rejectDialog = page.getByRole('dialog', { name: t('decide.rejectTitle', { count: 1 }) });
  await openDialogWith(row(second!).getByRole('button', { name: t('decide.reject') }), rejectDialog);
  await rejectDialog.getByLabel(t('decide.reason')).fill('ID photo unreadable');
  await rejectDialog.getByRole('button', { name: t('decide.reject') }).click();
  await expect(row(second!)).toContainText(t('state.rejected'));
  await expect(row(second!)).toContainText('ID photo unreadable');

  // The reviewer's unmasked view of the approved one, through the recorded reveal.
  await row(first!)
    .getByRole('button', { name: t('detail') })
    .click();
  const drawer = page.getByRole('dialog', { name: t('verification.detailTitle') });
  await drawer.getByRole('button', { name: t('verification.reveal') }).click();
  await expect(drawer).toContainText('测试甲');
  await expect(drawer).toContainText(t('verification.revealed'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

test('a rental company approves a person joining as its salesperson and rejects a machine binding', async ({
  page,
  api,
}) => {
  const tag = `E2E${runDigits()}`;
  await twoRequests(tag);
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/approvalManagement/bind');
  await search(page, tag);
  const join = page.getByRole('row').filter({ hasText: `${tag} joiner` });
  const machine = page.getByRole('row').filter({ hasText: `${tag} asker` });
  await expect(join).toContainText(t('bindKind.join'));
  await expect(machine).toContainText(t('bindKind.machine'));

  const approveDialog = page.getByRole('dialog', { name: t('decide.approveTitle', { count: 1 }) });
  await openDialogWith(join.getByRole('button', { name: t('decide.approve') }), approveDialog);
  await approveDialog.getByLabel(t('decide.role')).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text(lang, 'codes:role.lessorSales') })
    .click();
  await approveDialog.getByRole('button', { name: t('decide.approve') }).click();
  await expect(join).toContainText(t('state.approved'));
  await expect(join).toContainText(text(lang, 'codes:role.lessorSales'));

  // The machine binding, rejected from the batch bar.
  await machine.getByRole('checkbox').check();
  const rejectDialog = page.getByRole('dialog', { name: t('decide.rejectTitle', { count: 1 }) });
  await openDialogWith(page.getByRole('button', { name: t('decide.rejectSelected', { count: 1 }) }), rejectDialog);
  await rejectDialog.getByLabel(t('decide.reason')).fill('Not on a hire contract');
  await rejectDialog.getByRole('button', { name: t('decide.reject') }).click();
  await expect(machine).toContainText(t('state.rejected'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
