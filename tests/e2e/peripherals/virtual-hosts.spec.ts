import { randomBytes } from 'node:crypto';
import { ROLE } from '@console/contract/codes/roles';
import { virtualHostEndpoints } from '@console/contract/http/virtual-hosts';
import { confirmPopover, expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows, pick } from '../devices/helpers.ts';

const en = (key: string, params?: Record<string, string | number>) => text('en', `peripherals:${key}`, params);
const fresh = () => `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;

test.describe('virtual hosts (English)', () => {
  test('creates a host after refusing a lease without customer, edits it, then deletes it', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/virtualHosts');
    await page.getByRole('button', { name: en('virtualHosts.add') }).click();
    const dialog = page.getByRole('dialog', { name: en('virtualHosts.addTitle') });
    const number = fresh();
    await dialog.getByLabel(en('virtualHosts.hostNumber')).fill(number);
    await pick(page, dialog.getByLabel(en('virtualHosts.installationType')), en('virtualHosts.types.aftermarket'));
    await dialog.getByLabel(en('virtualHosts.brand')).fill('Dingli');
    await dialog.getByLabel(en('virtualHosts.platformHeight')).fill('12.5');
    await pick(page, dialog.getByLabel(en('virtualHosts.powerSource')), en('virtualHosts.power.diesel'));
    await dialog.getByLabel(en('virtualHosts.equipmentHeight')).fill('14.5');
    await pick(page, dialog.getByLabel(en('virtualHosts.leaseStatus')), 'Under lease');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('A host under lease needs its customer name')).toBeVisible();
    await dialog.getByLabel(en('virtualHosts.customerName')).fill('Shanghai Build Co.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Saved')).toBeVisible();

    // The newest host is listed first.
    const row = dataRows(page).filter({ hasText: number });
    await expect(row).toContainText('Aftermarket');
    await expect(row).toContainText('Shanghai Build Co.');
    await expect(row).toContainText('Under lease');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: en('virtualHosts.editTitle', { number }) });
    await expect(edit.getByLabel(en('virtualHosts.brand'))).toHaveValue('Dingli');
    await edit.getByLabel(en('virtualHosts.brand')).fill('Sinoboom');
    await edit.getByRole('button', { name: 'OK' }).click();
    await expect(row).toContainText('Sinoboom');

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmPopover(page);
    await expect(page.getByText(en('virtualHosts.deleted'))).toBeVisible();
    const left = await api.call(virtualHostEndpoints.list, { token: login.token, query: { hostNumber: number } });
    expect(left.data.total).toBe(0);
  });

  test('imports nothing from a spreadsheet with a bad row and shows that row’s error', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/virtualHosts');
    await page.getByRole('button', { name: en('import.button') }).click();
    const dialog = page.getByRole('dialog', { name: en('import.title') });
    await expect(dialog.getByText(en('import.rule'))).toBeVisible();

    // The template the dialog offers holds the headers the server reads.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: en('import.template') }).click();
    const template = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const header = readFileSync(template, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!;
    expect(header).toContain('Virtual host number');

    const [good, bad] = [fresh(), fresh()];
    const csv = [
      header,
      `${good},Factory-fitted,Genie,10,Electric,12,,Stock`,
      `${bad},Factory-fitted,Genie,150,Electric,12,,Stock`,
    ];
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'hosts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv.join('\r\n')}\r\n`),
    });
    const report = dialog.getByRole('table');
    await expect(dialog.getByText(en('import.refused', { count: 1, total: 2 }))).toBeVisible();
    const errorRow = report.locator('tbody tr.ant-table-row');
    await expect(errorRow).toHaveCount(1);
    await expect(errorRow).toContainText('3');
    await expect(errorRow).toContainText('Platform height (m)');
    await expect(errorRow).toContainText('Heights are 0-100 m with at most one decimal');
    const errors = page.waitForEvent('download');
    await dialog.getByRole('button', { name: en('import.downloadErrors') }).click();
    expect(readFileSync(await (await errors).path(), 'utf8')).toContain('Heights are 0-100 m');
    // All or nothing: the good row was not imported either.
    const listed = await api.call(virtualHostEndpoints.list, { token: login.token, query: { hostNumber: good } });
    expect(listed.data.total).toBe(0);
  });
});

test.describe('virtual hosts (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('speaks Chinese in the list, the form and the import dialog', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/virtualHosts');
    await expect(page).toHaveTitle(new RegExp(`^${text('zh-cn', 'peripherals:virtualHosts.title')} - `));
    await expect(page.getByText(text('zh-cn', 'peripherals:virtualHosts.powerSource')).first()).toBeVisible();
    await page.getByRole('button', { name: text('zh-cn', 'peripherals:virtualHosts.add') }).click();
    const dialog = page.getByRole('dialog', { name: text('zh-cn', 'peripherals:virtualHosts.addTitle') });
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('请输入虚拟主机编号')).toBeVisible();
    await dialog.locator('.ant-modal-close').click();
    await page.getByRole('button', { name: text('zh-cn', 'peripherals:import.button') }).click();
    await expect(page.getByText(text('zh-cn', 'peripherals:import.rule'))).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});
