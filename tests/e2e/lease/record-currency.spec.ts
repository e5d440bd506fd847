import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { SUBLESSOR } from '@console/db/seed/business';
import { dayInZone } from '@console/server/src/lib/time';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Issue 32: a record is in its company's currency wherever it is read (decision 064). Northwind (the global brand,
 * Australian dollars) and Huadong (the default brand, yuan) each rent a machine in; the operator's administrator, on
 * the Chinese brand's console, reads Northwind's in AUD beside Huadong's in yuan, in both languages, and Northwind's
 * administrator on that console rents in and prices a product in its own currency, not the console's.
 */

const NORTHWIND = { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD };
const AUD = { currency: 'AUD', currencyUnit: '澳元' };

/** A machine rented in by the signed-in lessor from one of its sub-lessors, on its own today, at a day price. */
async function rentIn(
  api: Api,
  token: string,
  { sublessorId, serial, today, dayCents }: { sublessorId: number; serial: string; today: string; dayCents: number },
): Promise<number> {
  const options = await api.call(deviceEndpoints.options, { token });
  const modelId = (options.data as { models: { id: number }[] }).models[0]!.id;
  const rented = await api.call(subleaseEndpoints.subleaseCreate, {
    token,
    body: {
      sublessorId,
      startOn: today,
      endOn: today,
      businessModel: 23,
      dayCents,
      machines: [{ serialNumber: serial, deviceName: `Rented ${serial}`, modelId }],
    },
  });
  expect(rented.status, rented.message).toBe('200');
  const list = await api.call(subleaseEndpoints.subleaseList, { token, query: { keyword: serial } });
  return (list.data as { list: { id: number }[] }).list[0]!.id;
}

test('the operator reads a Northwind machine rented in at A$ beside Huadong’s in yuan; Northwind’s forms name AUD on the Chinese brand', async ({
  page,
  browser,
  api,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const northwindSerial = `NWCUR${stamp}`;
  const huadongSerial = `HDCUR${stamp}`;

  // Northwind rents a machine in from a sub-lessor of its own, at A$88.00 a day (Sydney's today).
  const northwind = await api.signIn(NORTHWIND);
  const sublessor = await api.call(subleaseEndpoints.sublessorCreate, {
    token: northwind.token,
    body: {
      name: `Harbour Plant Hire ${stamp}`,
      identityType: 2,
      areaCode: '61',
      contactPhone: '412345678',
      address: '12 George Street, Sydney NSW 2000',
    },
  });
  expect(sublessor.status, sublessor.message).toBe('200');
  const northwindId = await rentIn(api, northwind.token, {
    sublessorId: (sublessor.data as { id: number }).id,
    serial: northwindSerial,
    today: dayInZone(Date.now(), 'Australia/Sydney'),
    dayCents: 8800,
  });
  // Huadong rents one in from the demo's sub-lessor, at ¥66.00 a day (Beijing's today).
  const huadong = await api.signIn(ROLE.lessorAdmin);
  const sublessors = await api.call(subleaseEndpoints.sublessorList, {
    token: huadong.token,
    query: { keyword: SUBLESSOR.names.zh },
  });
  const huadongId = await rentIn(api, huadong.token, {
    sublessorId: (sublessors.data as { list: { id: number }[] }).list[0]!.id,
    serial: huadongSerial,
    today: dayInZone(Date.now(), 'Asia/Shanghai'),
    dayCents: 6600,
  });

  // One of Northwind's contracts, as its administrator lists them.
  const contracts = await api.call(leaseContractEndpoints.list, { token: northwind.token, query: { pageSize: 1 } });
  const northwindContract = (contracts.data as { list: { id: number }[] }).list[0]!.id;

  for (const lang of ['en', 'zh-cn'] as UiLang[]) {
    await test.step(`the operator’s administrator reads both in their currencies (${lang})`, async () => {
      const s = (key: string, params?: Record<string, string | number>) => text(lang, `lease-sublease:${key}`, params);
      const operator = await browser.newPage(lang === 'en' ? {} : { locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      await signInAs(operator, api, ROLE.companyAdmin);
      await operator.goto(`/leaseCenter/subleaseRecord?keyword=${stamp}`);
      const northwindRow = operator.getByRole('row').filter({ hasText: northwindSerial });
      const huadongRow = operator.getByRole('row').filter({ hasText: huadongSerial });
      await expect(northwindRow).toContainText('AUD');
      await expect(northwindRow).toContainText('88.00');
      await expect(huadongRow).toContainText('CNY');
      await expect(huadongRow).toContainText('66.00');

      // Each detail names its own currency over its prices.
      await operator.goto(`/leaseCenter/subleaseDetail?id=${northwindId}`);
      const northwindPrice = operator.locator('.ant-descriptions-item').filter({
        hasText: s('subleases.dayPrice', AUD),
      });
      await expect(northwindPrice).toContainText('88.00');
      await expect(operator.getByText(s('subleases.dayPrice'), { exact: true })).toHaveCount(0);
      await operator.goto(`/leaseCenter/subleaseDetail?id=${huadongId}`);
      const huadongPrice = operator.locator('.ant-descriptions-item').filter({ hasText: s('subleases.dayPrice') });
      await expect(huadongPrice).toContainText('66.00');
      await expect(operator.getByText(s('subleases.dayPrice', AUD), { exact: true })).toHaveCount(0);
      await expect(operator.locator('body')).not.toContainText(RAW_KEY);

      // Northwind's contract totals its lines in AUD, under the lines as above them.
      await operator.goto(`/leaseCenter/contractDetail?id=${northwindContract}`);
      const total = operator.getByRole('row').filter({ has: operator.getByTestId('contract-total') });
      await expect(total).toContainText(text(lang, 'lease-contracts:fields.total', AUD));
      await expect(operator.getByText(text(lang, 'lease-contracts:fields.total'), { exact: true })).toHaveCount(0);

      // The shop's products read in the reader's language where they keep one (the operator's service, kept in both).
      await operator.goto(`/productCenter/productSet?keyword=${encodeURIComponent('上门保养服务')}`);
      const service = operator
        .getByRole('row')
        .filter({ hasText: lang === 'en' ? 'On-site servicing' : '上门保养服务' });
      await expect(service).toBeVisible();
      if (lang === 'en') await expect(operator.getByRole('main')).not.toContainText('上门保养服务');
      await operator.close();
    });
  }

  await test.step('Northwind’s administrator on the Chinese brand’s console rents in and prices in AUD', async () => {
    const lang: UiLang = 'en';
    await signInAs(page, api, NORTHWIND);
    await page.goto('/leaseCenter/addSubDevice');
    await expect(page.getByLabel(text(lang, 'lease-sublease:subleases.dayPrice', AUD), { exact: true })).toBeVisible();
    await expect(page.getByText(text(lang, 'lease-sublease:subleases.dayPrice'), { exact: true })).toHaveCount(0);

    await page.goto('/productCenter/productSet');
    await page.getByRole('button', { name: text(lang, 'products:product.add') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'products:product.addTitle') });
    await expect(dialog.getByLabel(text(lang, 'products:product.amount', AUD), { exact: true })).toBeVisible();
    await expect(dialog).not.toContainText(text(lang, 'products:product.amount'));
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
