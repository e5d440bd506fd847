import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { FIRST_LOAD } from '../warning/helpers.ts';

test('a technician lands on their work orders and is told at once of an order assigned to them', async ({
  page,
  api,
}) => {
  const login = await signInAs(page, api, ROLE.technician);
  await page.goto('/');
  await expect(page).toHaveURL(/\/warning\/ticket$/);
  await expect(page.getByText(text('en', 'work-orders:list.mine')).first()).toBeVisible(FIRST_LOAD);

  // The rental company assigns a new order to them while they are on another page.
  await page.goto('/warning/all');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(FIRST_LOAD);
  const admin = await api.signIn(ROLE.lessorAdmin);
  const devices = await api.call(deviceEndpoints.list, { token: admin.token, query: { pageSize: 5 } });
  const machine = devices.data.list.find((d: { editable: boolean }) => d.editable);
  const title = `Hydraulic leak at the boom ${Date.now()}`;
  const created = await api.call(workOrderEndpoints.create, {
    token: admin.token,
    body: { title, deviceId: machine.id, deviceKind: machine.kind, phone: '13912345678' },
  });
  const assigned = await api.call(workOrderEndpoints.assign, {
    token: admin.token,
    body: { ids: [created.data.id], assigneeId: login.uid },
  });
  expect(assigned.status).toBe('200');

  const notice = page.locator('.ant-notification-notice').filter({ hasText: text('en', 'shell:assignment.title') });
  await expect(notice).toContainText(`${created.data.number}: ${title}`);
  await notice.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/warning/ticketDetail\\?id=${created.data.id}$`));
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});
