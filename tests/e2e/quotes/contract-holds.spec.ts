import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints, type ChangeDetail } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints, type ContractOptions } from '@console/contract/http/lease-contracts';
import { translate } from '@console/contract/messages/translate';
import { dayInZone } from '@console/server/src/lib/time';
import { contractForNewRenter, machinesNeverLeased } from '../../fixtures/e2e-lease.ts';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

/**
 * A contract written directly holds its machines like a quote (docs/decisions/069): the contract form shows the
 * refusal that names the record holding a machine and the days; and a change's lines carry an hours allowance and an
 * overtime price (decision 070).
 */

const TODAY = () => dayInZone(Date.now(), 'Asia/Shanghai');

test('the contract form shows which record holds the machine on which days', async ({ page, api }) => {
  const [serial] = (await machinesNeverLeased(api, 1)) as [string];
  const { token } = await api.signIn(ROLE.lessorAdmin);
  const options = (await api.call(leaseContractEndpoints.options, { token })).data as ContractOptions;
  const machine = options.machines.find((m) => m.serialNumber === serial)!;
  const draft = async (from: number, to: number) => {
    const made = await api.call(leaseContractEndpoints.create, {
      token,
      body: {
        renterId: options.renters[0]!.id,
        storeId: options.stores[0]!.id,
        startOn: addDays(TODAY(), from),
        endOn: addDays(TODAY(), to),
        siteAddress: 'Century Avenue 88',
        lines: [{ deviceId: machine.id, businessModel: 23, dayCents: 10_000 }],
      } as never,
    });
    expect(made.status, made.message).toBe('200');
    return made.data as { id: number; number: string };
  };
  const first = await draft(600, 605);
  const second = await draft(610, 615);

  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/addContract?id=${second.id}`);
  const form = page.locator('form#contract-form');
  const startOn = form.getByLabel(text('en', 'lease-contracts:fields.startOn'), { exact: true });
  await expect(startOn).toHaveValue(addDays(TODAY(), 610));
  await startOn.fill(addDays(TODAY(), 603));
  await startOn.press('Enter');
  await page.getByRole('button', { name: text('en', 'lease-contracts:form.saveDraft') }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `Machine ${serial} is held by ${first.number} from ${addDays(TODAY(), 603)} to ${addDays(TODAY(), 605)}`,
  );
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/addContract\\?id=${second.id}$`));
});

test('a change reprices a line with an hours allowance and an overtime price', async ({ page, api }) => {
  const [serial] = (await machinesNeverLeased(api, 1)) as [string];
  const lease = await contractForNewRenter(api, {
    name: `Overtime Change ${Date.now()}`,
    serials: [serial],
    startOn: addDays(TODAY(), 1),
    endOn: addDays(TODAY(), 90),
    billingDay: 1,
    dueDays: 30,
  });
  const t = (key: string, given: Record<string, string | number> = {}) => text('en', key, given);

  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/addChangeContract?contractId=${lease.contractId}`);
  const form = page.locator('form#change-form');
  const effectiveOn = form.getByLabel(t('lease-changes:form.effectiveOn'), { exact: true });
  await effectiveOn.fill(addDays(TODAY(), 10));
  await effectiveOn.press('Enter');
  await form.getByRole('button', { name: t('lease-changes:form.addLine') }).click();
  const line = form.getByTestId('change-line');
  const op = line.getByRole('combobox', { name: t('lease-changes:fields.op'), exact: true });
  await op.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: t('codes:changeOp.reprice') })
    .click();
  const target = line.getByRole('combobox', { name: t('lease-changes:form.line'), exact: true });
  await target.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: serial }).click();
  await line.getByLabel(t('lease-changes:form.dayPrice'), { exact: true }).fill('120');
  await line.getByLabel(t('lease-contracts:form.allowancePerDay'), { exact: true }).fill('8');
  await page.getByRole('button', { name: t('lease-changes:form.save'), exact: true }).click();
  // An allowance without a price is refused on its field, as the server refuses it.
  await expect(line).toContainText(translate('en_US', 'lease.overtimePriceRequired'));
  await line.getByLabel(t('lease-contracts:form.overtimePrice'), { exact: true }).fill('40');
  await page.getByRole('button', { name: t('lease-changes:form.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/contractChangeDetail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const detail = (await api.call(leaseChangeEndpoints.detail, { token: lease.token, query: { id } }))
    .data as ChangeDetail;
  expect(detail.lines.map((l) => [l.op, l.dayCents, l.allowanceTenths, l.overtimeCents])).toEqual([
    ['reprice', 12_000, 80, 4_000],
  ]);
});
