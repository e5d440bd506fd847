import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { customerEndpoints } from '@console/contract/http/customers';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { dailyWork } from '@console/db/schema/analysis';
import { dayInZone } from '@console/server/src/lib/time';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { findInOrder } from '@console/db/in-order';

const customer = {
  name: '钱塘测试路桥工程有限公司',
  contactName: '陈静',
  areaCode: '86',
  contactPhone: '13987654321',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 88 号',
};

describe('customers', () => {
  let t: TestApp;
  const orgOf = async (roleId: number) =>
    (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(roleId as never)))
      .get())!.orgId;
  const create = async (roleId: number = ROLE.lessorStaff, body: object = customer) => {
    const made = await t.call(customerEndpoints.customerCreate, {
      token: await t.tokenFor(roleId as never),
      loose: { body },
    });
    expect(made.status).toBe('200');
    return made.data.id;
  };

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it("a rental company's staff creates and edits its customer; the operator sees it with its company", async () => {
    const id = await create();
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, id)).get())!;
    expect(org).toMatchObject({ kind: 'customer', parentId: await orgOf(ROLE.lessorStaff), district: '西湖区' });
    const token = await t.tokenFor(ROLE.lessorStaff);
    const list = await t.call(customerEndpoints.customerList, { token, query: { keyword: '钱塘测试' } });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      id,
      areaCode: '86',
      deviceCount: 0,
      attendanceCount: 0,
      verifiedUserCount: 0,
      esignCount: 0,
      distributorId: null,
      editable: true,
    });
    const edited = await t.call(customerEndpoints.customerUpdate, {
      token,
      body: { ...customer, id, name: '钱塘测试路桥（集团）', address: '文一路 1 号' },
    });
    expect(edited.status).toBe('200');
    const seen = await t.call(customerEndpoints.customerDetail, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { id },
    });
    expect(seen.data.customer).toMatchObject({ name: '钱塘测试路桥（集团）', address: '文一路 1 号', editable: true });
    const lessor = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, await orgOf(ROLE.lessorStaff)))
      .get())!;
    // Named as an English reader reads it (decision 064).
    expect(seen.data.customer.lessorName).toBe(lessor.nameEn || lessor.name);
  });

  it('refuses a customer without name, phone or address, and a malformed phone (spec section 5)', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const empty = await t.call(customerEndpoints.customerCreate, { token, loose: { body: {} } });
    expect(empty.status).toBe('400');
    expect(empty.data.issues!.map((i) => `${i.path}:${i.message}`)).toEqual(
      expect.arrayContaining([
        'name:customers.nameRequired',
        'contactPhone:validation.phoneRequired',
        'address:customers.addressRequired',
      ]),
    );
    const phone = await t.call(customerEndpoints.customerCreate, {
      token,
      body: { ...customer, contactPhone: '1234' },
    });
    expect(phone.data.issues).toContainEqual({ path: 'contactPhone', message: 'validation.phone' });
    const en = await t.call(customerEndpoints.customerCreate, { token, lang: 'en_US', loose: { body: {} } });
    expect(en.message).toContain('Enter the name');
  });

  it('counts machines, attendance, verified users and e-signatures from the data', async () => {
    const id = await orgOf(ROLE.other);
    const token = await t.tokenFor(ROLE.companyAdmin);
    const read = async () => (await t.call(customerEndpoints.customerDetail, { token, query: { id } })).data.customer;
    const before = await read();
    const machines = await t.dbh.db.select().from(devices).where(eq(devices.customerOrgId, id)).all();
    expect(before.deviceCount).toBe(machines.length);
    expect(machines.length).toBeGreaterThan(0);
    // A user passes real-name verification, and a machine works today: both counts follow.
    await t.dbh.db
      .update(users)
      .set({ realNameVerified: true })
      .where(eq(users.id, await t.userId(ROLE.other)))
      .run();
    const today = dayInZone(Date.now(), 'Asia/Shanghai');
    const idle = await findInOrder(
      machines,
      async (m) =>
        !(await t.dbh.db
          .select()
          .from(dailyWork)
          .where(and(eq(dailyWork.deviceId, m.id), eq(dailyWork.customerOrgId, id)))
          .get()),
    );
    if (idle) {
      await t.dbh.db
        .insert(dailyWork)
        .values({
          deviceId: idle.id,
          day: today,
          timeZone: 'Asia/Shanghai',
          kind: 'aerialPlatform',
          ownerOrgId: idle.orgId,
          customerOrgId: id,
          hoursWorked: 3.5,
        })
        .onConflictDoNothing()
        .run();
    }
    const after = await read();
    expect(after.verifiedUserCount).toBe(before.verifiedUserCount + 1);
    expect(after.attendanceCount).toBe(before.attendanceCount + (idle ? 1 : 0));
    const signed = (await rowOf<{ n: number }>(
      t.dbh.db,
      `select count(*) as n from signing_flows f join contracts c on c.id = f.contract_id
       where c.renter_org_id = ? and f.state = 'completed'`,
      id,
    ))!;
    expect(after.esignCount).toBe(signed.n);
  });

  it('assigns a distributor, who then reads the customer; a selected host is required when it has machines', async () => {
    const distributor = await orgOf(ROLE.distributor);
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const dist = await t.tokenFor(ROLE.distributor);
    const id = await create();
    expect((await t.call(customerEndpoints.customerDetail, { token: dist, query: { id } })).status).toBe('404');
    const assigned = await t.call(customerEndpoints.assignDistributor, {
      token: operator,
      body: { id, distributorId: distributor, deviceIds: [] },
    });
    expect(assigned.data).toEqual({ id, devices: 0 });
    const seen = await t.call(customerEndpoints.customerList, { token: dist, query: { keyword: '钱塘测试' } });
    expect(seen.data.list[0]).toMatchObject({ id, distributorId: distributor, editable: false });
    const all = await t.call(customerEndpoints.customerList, { token: dist, query: { pageSize: 200 } });
    expect(all.data.list.every((c) => c.distributorId === distributor)).toBe(true);
    // The distributor reads, never writes (the declared roles refuse it).
    const write = await t.call(customerEndpoints.customerUpdate, { token: dist, body: { ...customer, id } });
    expect(write.status).toBe('403');

    // A customer with machines: the hosts the distributor serves are chosen among them.
    const rented = await t.dbh.db
      .select()
      .from(devices)
      .where(and(isNotNull(devices.customerOrgId), eq(devices.customerOrgId, await orgOf(ROLE.other))))
      .all();
    const other = await t.dbh.db.select().from(devices).where(isNotNull(devices.customerOrgId)).all();
    const foreign = (await findInOrder(other, async (d) => d.customerOrgId !== (await orgOf(ROLE.other))))!;
    const target = await orgOf(ROLE.other);
    const none = await t.call(customerEndpoints.assignDistributor, {
      token: operator,
      body: { id: target, distributorId: distributor, deviceIds: [] },
    });
    expect(none.status).toBe('400');
    expect(none.data.issues).toContainEqual({ path: 'deviceIds', message: 'customers.selectHost' });
    const wrong = await t.call(customerEndpoints.assignDistributor, {
      token: operator,
      lang: 'en_US',
      body: { id: target, distributorId: distributor, deviceIds: [foreign.id] },
    });
    expect(wrong.data.issues).toContainEqual({ path: 'deviceIds', message: 'customers.hostNotOfCustomer' });
    const host = rented[0]!;
    const ok = await t.call(customerEndpoints.assignDistributor, {
      token: operator,
      body: { id: target, distributorId: distributor, deviceIds: [host.id] },
    });
    expect(ok.data.devices).toBe(1);
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, host.id)).get())!.distributorOrgId).toBe(
      distributor,
    );
    const detail = await t.call(customerEndpoints.customerDetail, { token: dist, query: { id: target } });
    expect(detail.data.machines.map((m) => m.id)).toContain(host.id);

    // Taken away: the distributor no longer reads the customer.
    await t.call(customerEndpoints.assignDistributor, { token: operator, body: { id, distributorId: null } });
    expect((await t.call(customerEndpoints.customerDetail, { token: dist, query: { id } })).status).toBe('404');
  });

  it('keeps each rental company to its own customers, and assignment to the operator', async () => {
    const id = await create();
    const northwind = (await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).all())[2]!;
    const foreignAdmin = (await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.orgId, northwind.id), eq(users.roleId, ROLE.lessorAdmin)))
      .get())!;
    const { createSession } = await import('@console/server/src/lib/session');
    const token = await createSession(t.dbh.db, foreignAdmin.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    expect((await t.call(customerEndpoints.customerDetail, { token, query: { id } })).status).toBe('404');
    expect((await t.call(customerEndpoints.customerUpdate, { token, body: { ...customer, id } })).status).toBe('404');
    expect((await t.call(customerEndpoints.customerDelete, { token, body: { id } })).status).toBe('404');
    const list = await t.call(customerEndpoints.customerList, { token, query: { pageSize: 200 } });
    expect(list.data.list.map((c) => c.id)).not.toContain(id);
    const sales = await t.call(customerEndpoints.customerList, { token: await t.tokenFor(ROLE.lessorSales) });
    expect(sales.status).toBe('403');
    const assign = await t.call(customerEndpoints.assignDistributor, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id, distributorId: await orgOf(ROLE.distributor), deviceIds: [] },
    });
    expect(assign.status).toBe('403');
  });

  it('the operator files a customer under a rental company it names, and checks the name', async () => {
    const token = await t.tokenFor(ROLE.companyEmployee);
    const options = await t.call(customerEndpoints.formOptions, { token });
    expect(options.data.distributors.length).toBeGreaterThan(1);
    const lessor = options.data.lessors[0]!;
    const id = await create(ROLE.companyEmployee, { ...customer, lessorId: lessor.id });
    expect((await t.dbh.db.select().from(organisations).where(eq(organisations.id, id)).get())!.parentId).toBe(
      lessor.id,
    );
    const bad = await t.call(customerEndpoints.customerCreate, {
      token,
      body: { ...customer, lessorId: options.data.distributors[0]!.id },
    });
    expect(bad.data.issues).toContainEqual({ path: 'lessorId', message: 'customers.lessorInvalid' });
  });

  it('refuses to delete a customer in use, in both languages, and deletes an unused one', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const used = await orgOf(ROLE.other);
    const zh = await t.call(customerEndpoints.customerDelete, { token, lang: 'zh_CN', body: { id: used } });
    expect(zh.status).toBe('409');
    expect(zh.message).toBe('该客户有在租设备、用户账号、合同或承租方记录，不能删除');
    const en = await t.call(customerEndpoints.customerDelete, { token, lang: 'en_US', body: { id: used } });
    expect(en.message).toMatch(/^The customer has machines on lease/);
    const id = await create(ROLE.lessorAdmin);
    expect((await t.call(customerEndpoints.customerDelete, { token, body: { id } })).status).toBe('200');
    expect(await t.dbh.db.select().from(organisations).where(eq(organisations.id, id)).get()).toBeUndefined();
  });
});
