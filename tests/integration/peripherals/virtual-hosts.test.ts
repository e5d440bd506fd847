import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { virtualHostEndpoints, type VirtualHost } from '@console/contract/http/virtual-hosts';
import { virtualHosts } from '@console/db/schema/peripherals';
import { organisations } from '@console/db/schema/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const HOST = {
  hostNumber: 'QA-0001',
  installationType: 'aftermarket',
  brand: 'Dingli',
  platformHeight: 12.5,
  powerSource: 'diesel',
  equipmentHeight: 14.5,
  customerName: '',
  leaseStatus: 1,
} as const;

describe('virtual hosts', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call(virtualHostEndpoints.list, { token, query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: VirtualHost[]; total: number };
  };

  it('shows each role its own company’s hosts, filtered and paged on the server', async () => {
    const all = await t.dbh.db.select().from(virtualHosts).all();
    const lessorA = await orgIdOf(t, LESSOR_A);
    const mine = all.filter((h) => h.orgId === lessorA);
    expect(mine.length).toBeGreaterThan(0);
    const own = await list();
    expect(own.total).toBe(mine.length);
    // Named as an English reader reads it (decision 064).
    const shownA = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, lessorA)).get())!.nameEn;
    await expectEvery(own.list, (h) => h.editable && h.ownerName === shownA);
    // Salespeople and technicians of the lessor read, without editing; the operator sees every company.
    for (const role of [ROLE.lessorSales, ROLE.technician] as RoleId[]) {
      const seen = await list({}, await t.tokenFor(role));
      expect(seen.total).toBe(mine.length);
      expect(seen.list.some((h) => h.editable)).toBe(false);
    }
    expect((await list({}, await t.tokenFor(ROLE.companyAdmin))).total).toBe(all.length);
    for (const role of [ROLE.distributor, ROLE.other, ROLE.finance] as RoleId[]) {
      expect((await t.call(virtualHostEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
    }

    const leased = await list({ leaseStatus: 2 });
    expect(leased.total).toBe(mine.filter((h) => h.leaseStatus === 2).length);
    await expectEvery(leased.list, (h) => h.leaseStatus === 2 && h.customerName !== '');
    const diesel = await list({ powerSource: 'diesel', installationType: 'factory' });
    await expectEvery(diesel.list, (h) => h.powerSource === 'diesel' && h.installationType === 'factory');
    const page2 = await list({ pageSize: 5, page: 2, sortField: 'hostNumber', sortOrder: 'ascend' });
    const sorted = mine.map((h) => h.hostNumber).sort();
    expect(page2.list.map((h) => h.hostNumber)).toEqual(sorted.slice(5, 10));
    expect((await list({ hostNumber: '%' })).total).toBe(0);
  });

  it('creates, edits and deletes a host; refuses bad input in both languages and changes nothing', async () => {
    const created = await t.call(virtualHostEndpoints.create, { token: admin, body: HOST });
    expect(created.status, created.message).toBe('200');
    expect((await list({ hostNumber: 'QA-0001' })).list[0]).toMatchObject({ ...HOST, editable: true });

    const again = await t.call(virtualHostEndpoints.create, { token: admin, body: HOST });
    expect(again.data.field).toBe('hostNumber');
    expect(again.message).toContain('This virtual host number already exists');

    const before = (await t.dbh.db.select().from(virtualHosts).all()).length;
    const leasedWithoutCustomer = await t.call(virtualHostEndpoints.create, {
      token: admin,
      body: { ...HOST, hostNumber: 'QA-0002', leaseStatus: 2 },
    });
    expect(leasedWithoutCustomer.data.field).toBe('customerName');
    expect(leasedWithoutCustomer.message).toContain('A host under lease needs its customer name');
    const tooHigh = await t.call(virtualHostEndpoints.create, {
      token: admin,
      body: { ...HOST, hostNumber: 'QA-0002', platformHeight: 120 },
      lang: 'zh_CN',
    });
    expect(tooHigh.data.field).toBe('platformHeight');
    expect(tooHigh.message).toContain('高度为 0-100 米');
    const empty = await t.call(virtualHostEndpoints.create, { token: admin, loose: { body: {} } });
    expect(empty.status).toBe('400');
    expect(empty.data.issues!.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['hostNumber', 'installationType', 'brand', 'platformHeight', 'powerSource']),
    );
    expect((await t.dbh.db.select().from(virtualHosts).all()).length).toBe(before);

    const id = created.data.id as number;
    const edited = await t.call(virtualHostEndpoints.update, {
      token: admin,
      body: { ...HOST, id, leaseStatus: 2, customerName: 'Shanghai Build Co.' },
    });
    expect(edited.status, edited.message).toBe('200');
    expect((await list({ customerName: 'Build Co' })).list.map((h) => h.id)).toEqual([id]);

    const deleted = await t.call(virtualHostEndpoints.delete, { token: admin, body: { id } });
    expect(deleted.status).toBe('200');
    expect((await list({ hostNumber: 'QA-0001' })).total).toBe(0);
  });

  it('never lets a lessor see or change another lessor’s hosts, nor a reader change any', async () => {
    const foreign = (await t.dbh.db
      .select()
      .from(virtualHosts)
      .where(eq(virtualHosts.orgId, await orgIdOf(t, LESSOR_B)))
      .get())!;
    expect((await list({ hostNumber: foreign.hostNumber })).total).toBe(0);
    const body = { ...HOST, id: foreign.id };
    expect((await t.call(virtualHostEndpoints.update, { token: admin, body })).status).toBe('404');
    expect((await t.call(virtualHostEndpoints.delete, { token: admin, body: { id: foreign.id } })).status).toBe('404');
    const sales = await t.tokenFor(ROLE.lessorSales);
    expect((await t.call(virtualHostEndpoints.create, { token: sales, body: HOST })).status).toBe('403');
    expect(await t.dbh.db.select().from(virtualHosts).where(eq(virtualHosts.id, foreign.id)).get()).toEqual(foreign);
  });
});
