import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { employeeEndpoints } from '@console/contract/http/employees';
import { settingsEndpoints } from '@console/contract/http/settings';
import { organisations, users } from '@console/db/schema/accounts';
import { sealGrants } from '@console/db/schema/lease-esign';
import { contracts } from '@console/db/schema/lease';
import { riskTasks } from '@console/db/schema/risk';
import { workOrders } from '@console/db/schema/work-orders';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { authEndpoints } from '@console/contract/http/auth';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('unbinding an employee', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const openWork = async (uid: number) => {
    const res = await t.call(employeeEndpoints.openWork, { token: admin, query: { uid } });
    expect(res.status).toBe('200');
    return res.data;
  };

  it('lists the salesperson’s open work and says what becomes of it; unbinding releases it and ends their session', async () => {
    const uid = await t.userId(ROLE.lessorSales);
    const session = await t.signIn(ROLE.lessorSales);
    const work = await openWork(uid);
    const grants = work.filter((w) => w.kind === 'sealGrant');
    const sold = work.filter((w) => w.kind === 'contract');
    expect(grants.length).toBeGreaterThan(0);
    expect(sold.length).toBeGreaterThan(0);
    expect(grants.every((w) => w.outcome === 'revoked')).toBe(true);
    expect(sold.every((w) => w.outcome === 'unassigned')).toBe(true);

    const res = await t.call(employeeEndpoints.unbind, { token: admin, body: { uid } });
    expect(res).toMatchObject({
      status: '200',
      message: 'Unbound: the person keeps their account and no longer sees your data',
      data: { uid, roleId: ROLE.lessorSales, released: { sealGrant: grants.length, contract: sold.length } },
    });
    // Their open session has lost access at once.
    expect((await t.call(settingsEndpoints.profile, { token: session })).status).toBe('401');
    // They keep their account: a registered user in an organisation of their own.
    const row = (await t.dbh.db.select().from(users).where(eq(users.id, uid)).get())!;
    expect(row.roleId).toBe(ROLE.registeredUser);
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, row.orgId)).get())!;
    expect(org).toMatchObject({ kind: 'customer', parentId: null });
    const login = await t.call(authEndpoints.login, {
      query: { account: demoAccount(ROLE.lessorSales), password: DEMO_PASSWORD },
    });
    expect(login).toMatchObject({ status: '200', data: { roleId: ROLE.registeredUser } });
    // The work is released as the confirmation said.
    for (const grant of grants) {
      expect((await t.dbh.db.select().from(sealGrants).where(eq(sealGrants.id, grant.id)).get())!.state).toBe(
        'revoked',
      );
    }
    for (const contract of sold) {
      expect(
        (await t.dbh.db.select().from(contracts).where(eq(contracts.id, contract.id)).get())!.salespersonId,
      ).toBeNull();
    }
    // The organisation keeps a record of who left; the person is no longer among its employees.
    const former = await t.call(employeeEndpoints.former, {
      token: admin,
      query: { phone: demoAccount(ROLE.lessorSales) },
    });
    expect(former.data.list.map((f) => f.uid)).toEqual([uid]);
    const employees = await t.call(employeeEndpoints.list, {
      token: admin,
      query: { phone: demoAccount(ROLE.lessorSales) },
    });
    expect(employees.data.total).toBe(0);
  });

  it('returns the technician’s assigned work orders to the pool and keeps the lock tasks they scheduled', async () => {
    const uid = await t.userId(ROLE.technician);
    const orgId = (await t.dbh.db.select().from(users).where(eq(users.id, uid)).get())!.orgId;
    const task = await t.dbh.db
      .insert(riskTasks)
      .values({
        orgId,
        kind: 'lock',
        taskType: 2,
        level: 1,
        mode: 1,
        dueAt: new Date(Date.now() + 86_400_000),
        createdBy: uid,
      })
      .returning()
      .get();
    const work = await openWork(uid);
    const orders = work.filter((w) => w.kind === 'workOrder');
    expect(orders.length).toBeGreaterThan(0);
    expect(work.find((w) => w.kind === 'lockTask')).toMatchObject({ id: task.id, outcome: 'kept' });

    const res = await t.call(employeeEndpoints.unbind, { token: admin, body: { uid } });
    expect(res.data.released).toMatchObject({ workOrder: orders.length, lockTask: 1 });
    for (const order of orders) {
      const row = (await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, order.id)).get())!;
      expect(row).toMatchObject({ status: WO_STATUS.pending, assigneeId: null });
    }
    expect((await t.dbh.db.select().from(riskTasks).where(eq(riskTasks.id, task.id)).get())!.createdBy).toBe(uid);
  });

  it('refuses unbinding oneself, anyone outside the organisation, and every role but the administrators', async () => {
    const self = await t.call(employeeEndpoints.unbind, {
      token: admin,
      body: { uid: await t.userId(ROLE.lessorAdmin) },
    });
    expect(self).toMatchObject({ status: '403', message: 'You cannot unbind yourself' });
    const selfZh = await t.call(employeeEndpoints.unbind, {
      token: admin,
      lang: 'zh_CN',
      body: { uid: await t.userId(ROLE.lessorAdmin) },
    });
    expect(selfZh.message).toBe('不能解绑自己');
    const outside = await t.call(employeeEndpoints.unbind, {
      token: admin,
      body: { uid: await t.userId(ROLE.finance) },
    });
    expect(outside.status).toBe('403');
    expect(
      (await t.call(employeeEndpoints.openWork, { token: admin, query: { uid: await t.userId(ROLE.finance) } })).status,
    ).toBe('403');
    expect((await t.call(employeeEndpoints.unbind, { token: admin, body: { uid: 999999 } })).status).toBe('404');
    for (const roleId of [ROLE.lessorSales, ROLE.lessorStaff, ROLE.technician, ROLE.companyEmployee]) {
      const res = await t.call(employeeEndpoints.unbind, {
        token: await t.tokenFor(roleId),
        body: { uid: await t.userId(ROLE.technician) },
      });
      expect(res.status, `role ${roleId}`).toBe('403');
    }
    expect(
      (await t.dbh.db
        .select()
        .from(users)
        .where(eq(users.id, await t.userId(ROLE.technician)))
        .get())!.roleId,
    ).toBe(ROLE.technician);
  });

  it('an unbound person can be invited back', async () => {
    const uid = await t.userId(ROLE.technician);
    await t.call(employeeEndpoints.unbind, { token: admin, body: { uid } });
    const again = await t.call(employeeEndpoints.invite, {
      token: admin,
      body: { mobile: demoAccount(ROLE.technician), name: 'Back again', roleId: ROLE.technician },
    });
    expect(again).toMatchObject({ status: '200', data: { state: 'pending' } });
  });
});
