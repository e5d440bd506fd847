import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { translate } from '@console/contract/messages/translate';
import { confirmPopover, expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { dataRows } from '../devices/helpers.ts';

for (const lang of ['en', 'zh-cn'] as UiLang[]) {
  test.describe(`customer feedback (${lang})`, () => {
    test.use({
      locale: lang === 'en' ? 'en-US' : 'zh-CN',
      timezoneId: lang === 'en' ? 'Europe/London' : 'Asia/Shanghai',
    });

    test('a customer sends feedback from the console; staff turn it into a work order and it follows it', async ({
      browser,
      page,
      api,
    }) => {
      // The customer, on a machine it leases: both fields are required, and only its own machines are taken.
      const customerPage = await browser.newPage({
        locale: lang === 'en' ? 'en-US' : 'zh-CN',
        timezoneId: lang === 'en' ? 'Europe/London' : 'Asia/Shanghai',
      });
      const customer = await signInAs(customerPage, api, ROLE.other);
      const leased = await api.call(deviceEndpoints.list, { token: customer.token, query: { pageSize: 1 } });
      const info = `E2E ${lang} the platform stops half way up ${Date.now()}`;
      const say = (key: string) => translate(lang === 'en' ? 'en_US' : 'zh_CN', key);
      await customerPage.goto('/warning/feedback');
      await customerPage.getByRole('button', { name: text(lang, 'feedback:add') }).click();
      const form = customerPage.getByRole('dialog', { name: text(lang, 'feedback:addTitle') });
      await form.locator('.ant-btn-primary').click();
      await expect(form.getByText(say('feedback.serialRequired'))).toBeVisible();
      await expect(form.getByText(say('feedback.infoRequired'))).toBeVisible();
      await form.getByLabel(text(lang, 'feedback:serialNumber')).fill('NOT-OURS-0001');
      await form.getByLabel(text(lang, 'feedback:info')).fill(info);
      await form.locator('.ant-btn-primary').click();
      await expect(customerPage.getByText(say('feedback.deviceNotFound')).first()).toBeVisible();
      await form.getByLabel(text(lang, 'feedback:serialNumber')).fill(leased.data.list[0].serialNumber);
      await form.locator('.ant-btn-primary').click();
      await expect(form).toBeHidden();
      const mine = dataRows(customerPage).filter({ hasText: info });
      await expect(mine).toContainText(text(lang, 'codes:feedbackStatus.pending'));
      const id = Number((await mine.getByRole('link', { name: /^#\d+$/ }).textContent())!.slice(1));
      const sent = { data: { id } };
      await customerPage.close();

      await signInAs(page, api, ROLE.lessorAdmin);
      await page.goto('/warning/feedback');
      await page.getByLabel(text(lang, 'feedback:keyword')).fill(info);
      await page.getByRole('button', { name: text(lang, 'common:search') }).click();
      const row = dataRows(page).filter({ hasText: info });
      await expect(row).toContainText(text(lang, 'codes:feedbackStatus.pending'));
      await row.getByRole('link', { name: `#${sent.data.id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/warning/feedbackDetail\\?id=${sent.data.id}$`));
      // The list stays shown until the detail is ready, with a button of the same name on each row.
      await expect(
        page.getByText(text(lang, 'feedback:detailTitle', { id: sent.data.id }), { exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: text(lang, 'feedback:raise') }).click();
      await confirmPopover(page);
      await expect(page.getByText(new RegExp(text(lang, 'feedback:raised', { id: '\\d+' })))).toBeVisible();
      const link = page.getByRole('link', { name: /^#\d+$/ });
      await expect(link).toHaveAttribute('href', /\/warning\/ticketDetail\?id=\d+/);
      // Handled by its work order now: no more ignore or resolve.
      await expect(page.getByRole('button', { name: text(lang, 'feedback:ignore') })).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(info)).toBeVisible();
      await expect(page.getByText(text(lang, 'codes:feedbackStatus.pending')).first()).toBeVisible();
    });
  });
}
