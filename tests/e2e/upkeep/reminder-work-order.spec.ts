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
      const first = dataRows(page)
        .filter({ has: page.getByRole('button', { name: raise }) })
        .first();
      await expect(first).toContainText(text(lang, 'codes:upkeepDue.overdue'));
      // The plan itself from here on: other tests add overdue plans meanwhile, and the first row changes with them.
      const row = page.locator(`tbody tr[data-row-key="${await first.getAttribute('data-row-key')}"]`);
      const serial = (await row.getByRole('link').first().textContent())!;
      await row.getByRole('button', { name: raise }).click();
      await expect(page.getByRole('tooltip')).toContainText(serial);
      await confirmPopover(page);
      await expect(page.getByText(new RegExp(text(lang, 'upkeep:raised', { id: '\\d+' })))).toBeVisible();
      const link = row.getByRole('link', { name: /^#\d+$/ });
      await expect(link).toHaveAttribute('href', /\/warning\/ticketDetail\?id=\d+/);
      await expect(row.getByRole('button', { name: raise })).toHaveCount(0);
    });
  });
}
