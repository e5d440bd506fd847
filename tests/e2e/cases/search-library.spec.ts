import { ROLE } from '@console/contract/codes/roles';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

const flows: { lang: UiLang; locale: string; search: string; title: string; solution: string }[] = [
  {
    lang: 'en',
    locale: 'en-US',
    search: 'rectifier',
    title: 'Charger trips the breaker',
    solution: 'Replace the rectifier module and check the input fuse.',
  },
  { lang: 'zh-cn', locale: 'zh-CN', search: '平衡阀', title: '臂架自然下沉', solution: '更换平衡阀密封件' },
];

for (const flow of flows) {
  test.describe(`expert library (${flow.lang})`, () => {
    test.use({ locale: flow.locale, timezoneId: flow.lang === 'en' ? 'Europe/London' : 'Asia/Shanghai' });

    test('a technician searches the library and opens a case from its link', async ({ page, api }) => {
      await signInAs(page, api, ROLE.technician);
      await page.goto('/approvalManagement/caselibrary');
      await expect(page.getByText(text(flow.lang, 'cases:title')).first()).toBeVisible();
      await page.getByLabel(text(flow.lang, 'cases:keyword')).fill(flow.search);
      await page.getByRole('button', { name: text(flow.lang, 'common:search') }).click();
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(flow.search)}`));
      const link = page.getByRole('link', { name: flow.title, exact: true });
      await expect(link).toHaveAttribute('href', /\/approvalManagement\/caselibraryDetail\?id=\d+/);
      // A technician reads, writes nothing.
      await expect(page.getByRole('button', { name: text(flow.lang, 'cases:add') })).toHaveCount(0);
      await link.click();
      await expect(page).toHaveURL(/caselibraryDetail\?id=\d+/);
      await expect(page.getByText(flow.solution, { exact: false })).toBeVisible();
      // The detail loads on its own from a bookmark.
      await page.reload();
      await expect(page.getByText(flow.title).first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText(RAW_KEY);
    });
  });
}
