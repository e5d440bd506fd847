import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { organisations } from '@console/db/schema/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, detailOf, machinesOf, orderFor } from './helpers.ts';

describe("a new work order's contact and place", () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof machinesOf>>;
  const contactOf = async (deviceId: number, role: Parameters<TestApp['tokenFor']>[0] = ROLE.lessorAdmin) =>
    t.call(workOrderEndpoints.machineContact, { token: await t.tokenFor(role), query: { deviceId } });
  const place = (orgId: number, values: Partial<typeof organisations.$inferInsert>) =>
    t.dbh.db.update(organisations).set(values).where(eq(organisations.id, orgId)).run();

  beforeAll(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
  });
  afterAll(() => t.dbh.close());

  it("comes from the machine's customer: phone, province, city, district and address", async () => {
    await place(m.customer, {
      contactPhone: '13912345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      address: '文三路 90 号',
    });
    const res = await contactOf(m.shared.id);
    expect(res.status, res.message).toBe('200');
    expect(res.data).toEqual({
      areaCode: '86',
      phone: '13912345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      address: '文三路 90 号',
    });
  });

  it('leaves out a place that is not in the region list, and a phone that is not a mobile', async () => {
    await place(m.customer, { contactPhone: '021-555', province: '安京省', city: '安京市' });
    expect((await contactOf(m.shared.id)).data).toEqual({
      areaCode: '',
      phone: '',
      province: '',
      city: '',
      district: '',
      address: '',
    });
    // Another company's machine is not the user's to raise an order for.
    expect((await contactOf(m.foreign.id)).status).toBe('404');
  });

  it('takes province and city only as a pair of the region list, with a clear refusal in both languages', async () => {
    const unknown = await create(t, orderFor(m.own, { province: '安京省', city: '' }), ROLE.lessorAdmin, 'zh_CN');
    expect(unknown).toMatchObject({ status: '400', data: { field: 'province' } });
    expect(unknown.message).toContain('请从列表中选择省份');
    const wrongCity = await create(
      t,
      orderFor(m.own, { province: '浙江省', city: '南京市' }),
      ROLE.lessorAdmin,
      'en_US',
    );
    expect(wrongCity).toMatchObject({ status: '400', data: { field: 'city' } });
    expect(wrongCity.message).toContain('The city is not in the chosen province: pick it from the list');
    const ok = await create(t, orderFor(m.own, { province: '江苏省', city: '南京市' }));
    expect(ok.status, ok.message).toBe('200');
    expect(await detailOf(t, ok.data.id)).toMatchObject({ province: '江苏省', city: '南京市' });
  });
});
