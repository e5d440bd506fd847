import type { Page } from '@playwright/test';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { processEndpoints } from '@console/contract/http/processes';
import { confirmPopover, expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const t = (key: string, params?: Record<string, string | number>) => text('en', `processes:${key}`, params);

/** Pick an option of the antd select under this label. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

test('the maintainer designs and deploys a two-node approval, an employee starts it, both approvers approve, and the starter sees it approved', async ({
  page,
  browser,
  api,
}) => {
  const run = Date.now().toString(36);
  const name = `Tyre purchase ${run}`;
  // The form template the model binds (the designer of forms is another page; the API makes it here).
  const maintainer = await api.signIn(ROLE.processMaintainer);
  const orgId = (await api.call(processEndpoints.orgs, { token: maintainer.token })).data.list[0].id as number;
  const formName = `Tyre request ${run}`;
  const form = await api.call(processEndpoints.formCreate, {
    token: maintainer.token,
    body: {
      orgId,
      name: formName,
      description: '',
      fields: [
        { key: 'amount', label: 'Amount', type: 'money', required: true, help: '', options: [] },
        { key: 'reason', label: 'Reason', type: 'textarea', required: true, help: '', options: [] },
      ],
    },
  });
  expect(form.status, form.message).toBe('200');

  // The maintainer adds the model and opens its designer.
  await signInAs(page, api, ROLE.processMaintainer);
  await page.goto('/processMng/model');
  await page.getByRole('button', { name: t('model.add') }).click();
  const dialog = page.getByRole('dialog', { name: t('model.add') });
  await dialog.getByLabel(t('field.modelName')).fill(name);
  await dialog.getByLabel(t('field.key')).fill(`tyres-${run}`);
  await choose(page, dialog, t('field.category'), t('category.purchase'));
  await choose(page, dialog, t('field.form'), formName);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(t('modelState.draft'));
  await row.getByRole('button', { name: t('model.design') }).click();

  // Two nodes: the finance staff, then the organisation's administrators; the diagram follows.
  const first = page
    .locator('.ant-card')
    .filter({ hasText: t('design.nodeNo', { n: 1 }) })
    .last();
  await first.getByLabel(t('design.nodeName')).fill('Finance review');
  await choose(page, first, t('design.assignee'), t('assigneeKind.role'));
  await choose(page, first, t('design.role'), text('en', 'codes:role.finance'));
  await page.getByRole('button', { name: t('design.addNode') }).click();
  const second = page
    .locator('.ant-card')
    .filter({ hasText: t('design.nodeNo', { n: 2 }) })
    .last();
  await second.getByLabel(t('design.nodeName')).fill('Director');
  const diagram = page.locator('.ant-steps-horizontal');
  await expect(diagram).toContainText('Finance review');
  await expect(diagram).toContainText(t('summary.orgAdmin'));
  await page.getByRole('button', { name: t('design.save') }).click();
  await expect(page.getByText(t('design.saved'))).toBeVisible();
  await page.getByRole('button', { name: t('model.deploy') }).click();
  await confirmPopover(page);
  await expect(page.getByText(t('model.deployed', { version: 1 }))).toBeVisible();

  // An employee starts it from "New process", fills its form and lands on the process.
  const starter = await browser.newPage();
  await signInAs(starter, api, ROLE.companyEmployee);
  await starter.goto('/processMng/create');
  await starter.getByText(name).click();
  await starter.getByLabel('Amount').fill('1280.50');
  await starter.getByLabel('Reason').fill('Winter tyres for the yard forklifts');
  await starter.getByRole('button', { name: t('create.submit') }).click();
  await expect(starter).toHaveURL(/\/processMng\/flowDetail\?id=\d+/);
  const title = starter.locator('.ant-card-head-title').first();
  await expect(title).toHaveText(/^LC\d{6} /);
  const number = (await title.textContent())!.split(' ')[0]!;
  await expect(starter.locator('.ant-steps-horizontal')).toContainText(t('nodeStatus.current'));

  // Each approver finds it among their tasks and approves it.
  for (const role of [ROLE.finance, ROLE.companyAdmin] as RoleId[]) {
    const approver = await browser.newPage();
    await signInAs(approver, api, role);
    await approver.goto('/processMng/todoTask');
    const task = approver.getByRole('row').filter({ hasText: number });
    await task.getByRole('button', { name: t('task.approve') }).click();
    const approve = approver.getByRole('dialog', {
      name: t('task.approveTitle', { title: (await task.locator('td').nth(1).textContent())! }),
    });
    await approve.getByLabel(t('task.comment')).fill('Fine');
    await approve.getByRole('button', { name: t('task.approve') }).click();
    await expect(approver.getByText(t('task.approved'))).toBeVisible();
    await expect(approver.getByRole('row').filter({ hasText: number })).toHaveCount(0);
  }

  // The starter sees it approved, with both approvals in its history.
  await starter.reload();
  await expect(starter.getByText(t('event.finish'))).toBeVisible();
  await expect(starter.locator('.ant-descriptions').first()).toContainText(t('instanceState.approved'));
  await expect(starter.locator('.ant-timeline').getByText(t('event.approve'), { exact: true })).toHaveCount(2);
});
