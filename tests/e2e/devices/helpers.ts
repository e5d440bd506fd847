import type { Locator, Page } from '@playwright/test';

/**
 * Choose in an antd select: open it, type to bring the option into view when it can search (its list is
 * virtual), and click the visible item. The listbox antd adds for screen readers is not clickable.
 */
export async function pick(page: Page, select: Locator, option: string, search = false) {
  await select.click();
  if (search) await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** The data rows of the list's table (antd adds a hidden measuring row first). */
export const dataRows = (page: Page) => page.locator('tbody tr.ant-table-row');
