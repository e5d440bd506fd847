import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Choose in an antd select: open it, enter the text to bring the option into view when it can search (its list is
 * virtual), click the visible item, and check the select shows it (a click during the opening animation can
 * miss, so it is tried again). The listbox antd adds for screen readers is not clickable.
 */
export async function pick(page: Page, select: Locator, option: string, search = false) {
  const shown = select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    // A try that clicked the option but timed out checking must not click it again: in a multiple select
    // that would take it off again.
    if ((await shown.textContent())?.includes(option)) return;
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    // fill, not type: a second try must not append to what the first one left in the search box.
    if (search) await select.fill(option);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 5000 });
    await expect(shown).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
}

/** The data rows of the list's table (antd adds a hidden measuring row first). */
export const dataRows = (page: Page) => page.locator('tbody tr.ant-table-row');
