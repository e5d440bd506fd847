import type { Locator, Page } from '@playwright/test';
import { expect, text, type UiLang } from '../../fixtures/e2e.ts';
import { pick } from '../devices/helpers.ts';

/** antd puts a space between the two characters of a two-character Chinese button. */
export const named = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s*')}$`);
export const button = (scope: Page | Locator, lang: UiLang, key: string) =>
  scope.getByRole('button', { name: named(text(lang, key)) });
export const events = (page: Page) => page.getByTestId('timeline-event');

/**
 * On a new work order's page: assign it to a technician, record the repair (a hydraulic fault with `cause`) and
 * resolve it, each step offered only where the state machine allows it; then every step is on the timeline, in
 * order, with who did it.
 */
export async function assignRepairResolve(page: Page, lang: UiLang, technician: string, cause: string) {
  const status = (key: string) =>
    page
      .locator('.ant-card-head')
      .first()
      .getByText(text(lang, `codes:workOrderStatus.${key}`));
  await expect(status('pending')).toBeVisible();
  // What the state machine does not allow from "pending" is not offered.
  await expect(button(page, lang, 'work-orders:actions.repair')).toHaveCount(0);
  await expect(button(page, lang, 'work-orders:actions.resolve')).toHaveCount(0);
  await expect(button(page, lang, 'work-orders:actions.pay')).toHaveCount(0);

  await button(page, lang, 'work-orders:actions.assign').first().click();
  const assign = page.getByRole('dialog', { name: text(lang, 'work-orders:dialogs.assignTitle', { count: 1 }) });
  await pick(page, assign.getByLabel(text(lang, 'work-orders:dialogs.technician')), technician);
  await button(assign, lang, 'work-orders:actions.assign').click();
  await expect(status('assigned')).toBeVisible();
  await expect(button(page, lang, 'work-orders:actions.resolve')).toHaveCount(0);

  await button(page, lang, 'work-orders:actions.repair').click();
  const repair = page.getByRole('dialog', { name: text(lang, 'work-orders:dialogs.repairTitle') });
  await button(repair, lang, 'work-orders:actions.repair').click();
  await expect(repair.getByText(text(lang, 'work-orders:fields.faultTypes')).first()).toBeVisible();
  await expect(repair.getByText(lang === 'en' ? 'Select the fault types' : '请选择故障类型')).toBeVisible();
  await pick(
    page,
    repair.getByLabel(text(lang, 'work-orders:fields.faultTypes')),
    text(lang, 'codes:faultType.hydraulic'),
  );
  await repair.getByLabel(text(lang, 'work-orders:fields.faultCause')).fill(cause);
  await repair
    .getByLabel(text(lang, 'work-orders:fields.repairMethod'))
    .fill(lang === 'en' ? 'Replaced the seals' : '更换密封圈');
  await button(repair, lang, 'work-orders:actions.repair').click();
  await expect(status('repaired')).toBeVisible();

  await button(page, lang, 'work-orders:actions.resolve').click();
  const resolve = page.getByRole('dialog', { name: text(lang, 'work-orders:dialogs.resolveTitle') });
  // A click while the dialog is still zooming open can press the button and release beside it: clicked until done.
  await expect(async () => {
    await button(resolve, lang, 'work-orders:actions.resolve').click({ timeout: 5000 });
    await expect(status('resolved')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });

  await expect(events(page)).toHaveCount(4);
  for (const [i, key] of ['create', 'assign', 'repair', 'resolve'].entries()) {
    await expect(events(page).nth(i)).toContainText(text(lang, `work-orders:events.${key}`));
  }
  await expect(events(page).nth(1)).toContainText(technician);
  await expect(events(page).nth(2)).toContainText(cause);
}
