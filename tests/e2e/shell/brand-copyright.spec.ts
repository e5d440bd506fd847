import { brandOrigin, CHINESE, expect, test } from '../../fixtures/e2e.ts';

/**
 * The sign-in pages' copyright names the brand's company as it is called in the page's language: a Chinese page of a
 * Chinese brand reads no English company name (issue 32, point 11); a brand whose company keeps an English name only
 * reads it in both.
 */
test.describe('the brand copyright', () => {
  test("is written in the page's language", async ({ browser }) => {
    const zh = await browser.newPage({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
    await zh.goto('/login');
    const zhFooter = zh.getByRole('contentinfo');
    await expect(zhFooter).toContainText('© 2026 中机云科技有限公司');
    await expect(zhFooter).not.toContainText('Co., Ltd.');
    await zh.goto(`${brandOrigin('jd')}/login`);
    await expect(zhFooter).toContainText(CHINESE);
    await expect(zhFooter).not.toContainText('Co., Ltd.');

    const en = await browser.newPage({ timezoneId: 'Europe/Berlin' });
    await en.goto('/login');
    const enFooter = en.getByRole('contentinfo');
    await expect(enFooter).toContainText('© 2026 Zhongji Machinery Cloud Co., Ltd.');
    await expect(enFooter).not.toContainText(CHINESE);
  });
});
