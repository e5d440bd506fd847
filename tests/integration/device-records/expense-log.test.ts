import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoMachines } from './helpers.ts';

/**
 * The operation log repeats what people did, expenses among it. Whoever may not read a machine's expenses (its
 * customer, its distributor) does not read them through the log either; the owner's expense readers still do.
 */
describe('operation log: expenses only for who reads expenses', () => {
  let t: TestApp;
  let machines: Awaited<ReturnType<typeof demoMachines>>;
  const AMOUNT = 4321.09;
  const month = () => new Date(t.deps.now()).toISOString().slice(0, 7);
  const log = async (roleId: RoleId, deviceId: number, category?: 'expense', lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(deviceRecordEndpoints.operationLog, {
      token: await t.tokenFor(roleId),
      lang,
      headers: { timeZone: 'UTC' },
      query: { deviceId, month: month(), ...(category ? { category } : {}) },
    });
  const expenseEntries = (data: { list: { category: string; detail: string }[] }) =>
    data.list.filter((e) => e.category === 'expense' || e.detail.includes(String(AMOUNT)));

  beforeEach(async () => {
    t = await createTestApp();
    machines = await demoMachines(t);
    for (const device of [machines.rented, machines.distributed]) {
      const created = await t.call(deviceRecordEndpoints.createExpense, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        body: { deviceId: device.id, type: 'maintenance', amountCents: Math.round(AMOUNT * 100), date: '2026-10-01' },
      });
      expect(created.status, created.message).toBe('200');
    }
  });
  afterEach(() => t.dbh.close());

  it('shows the expense entries to the owner and its finance and sales staff', async () => {
    for (const roleId of [ROLE.lessorAdmin, ROLE.lessorSales]) {
      const all = await log(roleId, machines.rented.id);
      expect(all.status).toBe('200');
      expect(expenseEntries(all.data).length, `role ${roleId}`).toBeGreaterThan(0);
      const only = await log(roleId, machines.rented.id, 'expense');
      expect(only.data.list.length).toBeGreaterThan(0);
    }
  });

  it('hides them from the customer and the distributor, and refuses the expense category clearly', async () => {
    const readers: [RoleId, number][] = [
      [ROLE.other, machines.rented.id],
      [ROLE.distributor, machines.distributed.id],
    ];
    for (const [roleId, deviceId] of readers) {
      const all = await log(roleId, deviceId);
      expect(all.status, `role ${roleId}: ${all.message}`).toBe('200');
      expect(expenseEntries(all.data), `role ${roleId}`).toEqual([]);
      expect(JSON.stringify(all.data)).not.toContain(String(AMOUNT));
      const only = await log(roleId, deviceId, 'expense');
      expect(only).toMatchObject({ status: '403', message: 'You have no permission for this operation', data: null });
      expect((await log(roleId, deviceId, 'expense', 'zh_CN')).message).toBe('无权进行此操作');
    }
  });
});
