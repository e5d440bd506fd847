import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { customerEndpoints } from '@console/contract/http/customers';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const company = {
  name: '皖江工程机械销售有限公司',
  contactName: '刘洋',
  areaCode: '86',
  contactPhone: '13611112222',
  province: '安徽省',
  city: '合肥市',
  district: '蜀山区',
  address: '长江西路 200 号',
};

describe('distributors', () => {
  let t: TestApp;
  let own: number;
  beforeEach(async () => {
    t = await createTestApp();
    own = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.distributor)))
      .get())!.orgId;
  });
  afterEach(() => t.dbh.close());

  it('the operator adds, finds and edits a distributor under itself', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const made = await t.call(customerEndpoints.distributorCreate, { token, body: company });
    expect(made.status).toBe('200');
    const row = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, made.data.id)).get())!;
    const operator = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.companyAdmin)))
      .get())!.orgId;
    expect(row).toMatchObject({ kind: 'distributor', parentId: operator });
    const list = await t.call(customerEndpoints.distributorList, { token, query: { keyword: '皖江' } });
    expect(list.data.list[0]).toMatchObject({ id: made.data.id, customerCount: 0, deviceCount: 0 });
    const edited = await t.call(customerEndpoints.distributorUpdate, {
      token,
      body: { ...company, id: made.data.id, contactName: '刘洋洋' },
    });
    expect(edited.status).toBe('200');
    const empty = await t.call(customerEndpoints.distributorCreate, { token, loose: { body: { contactPhone: 'x' } } });
    expect(empty.data.issues!.map((i) => `${i.path}:${i.message}`)).toEqual(
      expect.arrayContaining(['name:customers.nameRequired', 'address:customers.addressRequired']),
    );
    expect((await t.call(customerEndpoints.distributorDelete, { token, body: { id: made.data.id } })).status).toBe(
      '200',
    );
  });

  it('lists a distributor with its customers and machines; it reads its own page and no other', async () => {
    const operator = await t.tokenFor(ROLE.companyEmployee);
    const list = await t.call(customerEndpoints.distributorList, { token: operator, query: { pageSize: 50 } });
    const mine = list.data.list.find((d) => d.id === own)!;
    const customers = await t.dbh.db.select().from(organisations).where(eq(organisations.distributorOrgId, own)).all();
    const machines = await t.dbh.db.select().from(devices).where(eq(devices.distributorOrgId, own)).all();
    expect(mine).toMatchObject({ customerCount: customers.length, deviceCount: machines.length });
    expect(customers.length).toBeGreaterThan(0);

    const token = await t.tokenFor(ROLE.distributor);
    const page = await t.call(customerEndpoints.distributorDetail, { token, query: { id: own } });
    expect(page.data.customers.map((c) => c.id).sort()).toEqual(customers.map((c) => c.id).sort());
    expect(page.data.machines).toHaveLength(Math.min(machines.length, 1000));
    const other = list.data.list.find((d) => d.id !== own)!;
    expect((await t.call(customerEndpoints.distributorDetail, { token, query: { id: other.id } })).status).toBe('404');
    expect((await t.call(customerEndpoints.distributorList, { token })).status).toBe('403');
    // In use: customers and machines name it; refused in both languages.
    const zh = await t.call(customerEndpoints.distributorDelete, { token: operator, lang: 'zh_CN', body: { id: own } });
    expect(zh.status).toBe('409');
    expect(zh.message).toBe('该经销商有客户、设备或用户账号，不能删除');
  });
});
