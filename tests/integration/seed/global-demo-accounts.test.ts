import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { deviceEndpoints } from '@console/contract/http/devices';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { ROLE } from '@console/contract/codes/roles';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { DEMO_PASSWORD, GLOBAL_DEMO_ROLES, globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CJK = /[\u4e00-\u9fff]/;

/** The English company's own demo accounts (README): they sign in under +61 and see Northwind's English business. */
describe('the English rental company has its own demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it.each(GLOBAL_DEMO_ROLES)('role %i signs in with +61 and sees only Northwind, in English', async (roleId) => {
    const login = await t.call(authEndpoints.login, {
      query: { ...globalDemoAccount(roleId), password: DEMO_PASSWORD },
    });
    expect(login.status).toBe('200');
    expect(login.data.roleId).toBe(roleId);
    const token = login.data.token as string;
    const machines = await t.call(deviceEndpoints.list, { query: { page: 1, pageSize: 100 }, token });
    expect(machines.status).toBe('200');
    expect(machines.data.total).toBeGreaterThan(0);
    expectEvery(
      machines.data.list,
      (row) => row.ownerName === 'Northwind Equipment Hire' && !CJK.test(row.hostName + row.deviceName),
      'the machines the account sees',
    );
  });

  it("gives the English company's technician work orders of its own, in English", async () => {
    const login = await t.call(authEndpoints.login, {
      query: { ...globalDemoAccount(ROLE.technician), password: DEMO_PASSWORD },
    });
    const mine = await t.call(workOrderEndpoints.list, {
      query: { page: 1, pageSize: 100 },
      token: login.data.token as string,
    });
    expect(mine.data.total).toBeGreaterThan(0);
    expectEvery(mine.data.list, (o) => !CJK.test(`${o.title}${o.orgName}`), 'the orders the technician sees');
    expect(mine.data.list.some((o) => o.status !== WO_STATUS.pending)).toBe(true);
  });

  it('is not reached as a mainland number', async () => {
    const { account } = globalDemoAccount(GLOBAL_DEMO_ROLES[0]);
    const login = await t.call(authEndpoints.login, { query: { account, password: DEMO_PASSWORD, areaCode: '86' } });
    expect(login.status).not.toBe('200');
  });
});
