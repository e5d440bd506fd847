import type { Locator } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { warningEndpoints, type AlarmRow } from '@console/contract/http/warning';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { placeCustomerOf } from '../../fixtures/e2e-db.ts';
import { FIRST_LOAD, quietPlatform, reportAs } from '../warning/helpers.ts';

test('a work order raised from an alarm is filled with the customer’s phone and place, picked from the region list', async ({
  page,
  api,
  baseURL,
}) => {
  const login = await signInAs(page, api, ROLE.lessorAdmin);
  const machine = await quietPlatform(api, 7);
  await placeCustomerOf(machine.id, {
    contactPhone: '13912345678',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路 90 号',
  });
  await reportAs(baseURL!, machine.serial, { loadPct: 104 });
  let alarmId = 0;
  await expect
    .poll(async () => {
      const open = await api.call(warningEndpoints.list, {
        token: login.token,
        query: { state: 'open', serialNumber: machine.serial },
      });
      alarmId = (open.data.list as AlarmRow[])[0]?.id ?? 0;
      return alarmId;
    })
    .toBeGreaterThan(0);

  await page.goto(`/warning/ticket?fromAlarm=${alarmId}`);
  const dialog = page.getByRole('dialog', { name: text('en', 'work-orders:dialogs.createTitle') });
  await expect(dialog).toBeVisible(FIRST_LOAD);
  await expect(dialog.getByLabel(text('en', 'work-orders:fields.phone'), { exact: true })).toHaveValue('13912345678');
  const province = dialog.getByRole('combobox', { name: text('en', 'work-orders:fields.province') });
  const city = dialog.getByRole('combobox', { name: text('en', 'work-orders:fields.city') });
  const item = (label: string) =>
    dialog.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(item(text('en', 'work-orders:fields.province'))).toContainText('Zhejiang · 浙江省');
  await expect(item(text('en', 'work-orders:fields.city'))).toContainText('Hangzhou · 杭州市');
  await expect(dialog.getByLabel(text('en', 'work-orders:fields.district'))).toHaveValue('西湖区');

  const option = (label: string) => page.locator('.ant-select-item-option').filter({ hasText: label });
  // Typed and chosen as a user does; a click while the list is still opening can miss, so it is tried again.
  const choose = async (select: Locator, field: string, typed: string, label: string) => {
    await expect(async () => {
      if ((await item(field).textContent())?.includes(label)) return;
      await select.fill(typed);
      await option(label).click({ timeout: 5000 });
      await expect(item(field)).toContainText(label, { timeout: 2000 });
    }).toPass({ timeout: 45_000 });
  };
  // Another province clears the city and the district, and the city's choices are then that province's.
  await choose(province, text('en', 'work-orders:fields.province'), 'Jiangsu', 'Jiangsu · 江苏省');
  await expect(item(text('en', 'work-orders:fields.city'))).not.toContainText('Hangzhou');
  await expect(dialog.getByLabel(text('en', 'work-orders:fields.district'))).toHaveValue('');
  await city.click();
  await expect(option('Hangzhou · 杭州市')).toHaveCount(0);
  await choose(city, text('en', 'work-orders:fields.city'), 'Suzhou', 'Suzhou · 苏州市');
  await dialog.getByLabel(text('en', 'work-orders:fields.district')).fill('姑苏区');
  // Another city clears the district again: a district belongs to its city.
  await choose(city, text('en', 'work-orders:fields.city'), 'Wuxi', 'Wuxi · 无锡市');
  await expect(dialog.getByLabel(text('en', 'work-orders:fields.district'))).toHaveValue('');
  await dialog.getByLabel(text('en', 'work-orders:fields.district')).fill('梁溪区');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/warning\/ticketDetail\?id=\d+$/);
  const place = page.locator('.ant-descriptions').first();
  await expect(place).toContainText('江苏省');
  await expect(place).toContainText('无锡市');
  await expect(place).toContainText('梁溪区');
  await expect(place).not.toContainText('西湖区');

  // Leave the alarm centre as it was for other tests: the order closed, the overload over.
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const closed = await api.call(workOrderEndpoints.close, {
    token: login.token,
    body: { id, remark: 'Raised by a test' },
  });
  expect(closed.status).toBe('200');
  await reportAs(baseURL!, machine.serial, { loadPct: 30 });
});
