import { ROLE } from '@console/contract/codes/roles';
import { confirmPopover, expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { dataRows } from '../devices/helpers.ts';

for (const lang of ['en', 'zh-cn'] as UiLang[]) {
  test.describe(`maintenance reminders (${lang})`, () => {
    test.use({
      locale: lang === 'en' ? 'en-US' : 'zh-CN',
      timezoneId: lang === 'en' ? 'Europe/London' : 'Asia/Shanghai',
    });

    test('an overdue reminder becomes a work order in one step', async ({ page, api }) => {
      await signInAs(page, api, ROLE.lessorAdmin);
      await page.goto('/warning/upkeep');
      await page.getByRole('tab', { name: new RegExp(text(lang, 'codes:upkeepDue.overdue')) }).click();
      await expect(page).toHaveURL(/due=overdue/);
      const raise = text(lang, 'upkeep:raise');
      const row = dataRows(page)
        .filter({ has: page.getByRole('button', { name: raise }) })
        .first();
      await expect(row).toContainText(text(lang, 'codes:upkeepDue.overdue'));
      const serial = (await row.getByRole('link').first().textContent())!;
      await row.getByRole('button', { name: raise }).click();
      await expect(page.getByRole('tooltip')).toContainText(serial);
      await confirmPopover(page);
      await expect(page.getByText(new RegExp(text(lang, 'upkeep:raised', { id: '\\d+' })))).toBeVisible();
      const raised = dataRows(page).filter({ hasText: serial });
      const link = raised.getByRole('link', { name: /^#\d+$/ });
      await expect(link).toHaveAttribute('href', /\/warning\/ticketDetail\?id=\d+/);
      await expect(raised.getByRole('button', { name: raise })).toHaveCount(0);
    });
  });
}
