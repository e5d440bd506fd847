import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows } from '../devices/helpers.ts';

const FIRST_LOAD = { timeout: 30_000 };

test.describe('work orders: each outside party sees only its part', () => {
  for (const [who, roleId] of [
    ['a distributor', ROLE.distributor],
    ['a customer', ROLE.other],
  ] as [string, RoleId][]) {
    test(`${who} reads the orders of its own machines only, and cannot create or assign`, async ({ page, api }) => {
      const admin = await api.signIn(ROLE.lessorAdmin);
      const everyOrder = (
        await api.call(workOrderEndpoints.list, { token: admin.token, query: { pageSize: 100 } })
      ).data.list.map((o: { number: string }) => o.number) as string[];

      const login = await signInAs(page, api, roleId);
      const ours = (await api.call(workOrderEndpoints.list, { token: login.token, query: { pageSize: 100 } })).data
        .list as { number: string; serialNumber: string }[];
      // The seed gives each of them orders, and fewer than the company that keeps the machines.
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.length).toBeLessThan(everyOrder.length);
      for (const order of ours) {
        const machine = await api.call(deviceEndpoints.list, {
          token: login.token,
          query: { serialNumber: order.serialNumber },
        });
        expect(machine.data.total, `${order.number} is on a machine ${who} sees`).toBe(1);
      }

      await page.goto('/warning/ticket');
      await expect(dataRows(page).first()).toBeVisible(FIRST_LOAD);
      // Flows running beside this one may raise orders on these machines meanwhile: the page shows what the
      // server answers at the moment the page asks, so compare with a fresh answer after a reload (which can take
      // several seconds on a slow host: the rows are awaited before they are counted).
      await expect(async () => {
        await page.reload();
        await expect(dataRows(page).first()).toBeVisible();
        const now = await api.call(workOrderEndpoints.list, { token: login.token, query: { pageSize: 100 } });
        await expect(dataRows(page)).toHaveCount(Math.min(now.data.list.length, 20));
      }).toPass({ timeout: 45_000 });
      await expect(page.getByRole('button', { name: text('en', 'work-orders:list.new') })).toHaveCount(0);
      await expect(page.getByRole('button', { name: text('en', 'work-orders:list.batchAssign') })).toHaveCount(0);

      // An order of another machine of the company is not there, even asked for by its number.
      const foreign = everyOrder.find((n) => !ours.some((o) => o.number === n))!;
      await page.goto(`/warning/ticket?keyword=${foreign}`);
      await expect(page.getByText('No data').or(page.locator('.ant-empty')).first()).toBeVisible(FIRST_LOAD);
      await expect(dataRows(page)).toHaveCount(0);
    });
  }
});
