import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasStatus } from '@console/contract/codes/device-state';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { demoAccount } from '@console/db/seed/accounts';
import { deviceEndpoints } from '@console/contract/http/devices';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { allDevices, LESSOR_A, listAll, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { dayInZone } from '@console/server/src/lib/time';
import { BUSINESSES } from '@console/db/seed/business';
import { PAGING_IN_TEXT_ROWS } from '@console/server/src/lib/list-page';

describe('the device list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  const orgOfRole = async (roleId: RoleId) =>
    (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(roleId)))
      .get())!.orgId;

  it('shows operator staff every machine, a lessor its own, a customer what it leases, a distributor what it sells', async () => {
    const every = await allDevices(t);
    const operator = await listAll(t, await t.tokenFor(ROLE.companyAdmin));
    expect(operator.total).toBe(every.length);
    await expectEvery(operator.rows, (r) => r.editable);

    const lessorId = await orgIdOf(t, LESSOR_A);
    const lessor = await listAll(t, await t.tokenFor(ROLE.lessorAdmin));
    expect(lessor.total).toBe(every.filter((d) => d.orgId === lessorId).length);
    await expectEvery(lessor.rows, (r) => r.ownerId === lessorId && r.editable);
    // The same machines to a role of the lessor that does not keep the registry: read-only.
    const sales = await listAll(t, await t.tokenFor(ROLE.lessorSales));
    expect(sales.total).toBe(lessor.total);
    await expectEvery(sales.rows, (r) => r.ownerId === lessorId && !r.editable);

    const customerId = await orgOfRole(ROLE.other);
    const customer = await listAll(t, await t.tokenFor(ROLE.other));
    expect(customer.total).toBe(every.filter((d) => d.customerOrgId === customerId).length);
    expect(customer.total).toBeGreaterThan(0);
    await expectEvery(customer.rows, (r) => r.customerId === customerId && !r.editable);

    const distributorId = await orgOfRole(ROLE.distributor);
    const distributor = await listAll(t, await t.tokenFor(ROLE.distributor));
    expect(distributor.total).toBe(every.filter((d) => d.distributorOrgId === distributorId).length);
    expect(distributor.total).toBeGreaterThan(0);
    await expectEvery(distributor.rows, (r) => r.distributorId === distributorId && !r.editable);
  });

  it('refuses the data-screen viewer and the process maintainer', async () => {
    for (const roleId of [ROLE.screenViewer, ROLE.processMaintainer]) {
      const res = await t.call(deviceEndpoints.list, { token: await t.tokenFor(roleId) });
      expect(res.status).toBe('403');
    }
  });

  it('filters by each status code over the sides of the state, as hasStatus does', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const every = await allDevices(t);
    for (const code of DEVICE_STATUS.values) {
      const res = await t.call(deviceEndpoints.list, { token, query: { status: code, pageSize: 1 } });
      const expected = every.filter((d) => hasStatus(d, code)).length;
      expect(res.data.total, `status ${code}`).toBe(expected);
    }
    // A code names one side: online machines are found under 1 and under one of 3, 6, 7 or 9.
    const online = await t.call(deviceEndpoints.list, { token, query: { status: 1, pageSize: 1 } });
    const parts = await Promise.all(
      [3, 6, 7, 9].map((code) => t.call(deviceEndpoints.list, { token, query: { status: code, pageSize: 1 } })),
    );
    expect(parts.reduce((sum, p) => sum + p.data.total, 0)).toBe(online.data.total);
  });

  it('filters by kind, signal, lease and inventory state, customer, distributor, model and brand', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const every = await allDevices(t);
    const sample = every.find((d) => d.customerOrgId && d.distributorOrgId)!;
    const cases: [Record<string, unknown>, (d: (typeof every)[number]) => boolean][] = [
      [{ kind: 'concretePump' }, (d) => d.kind === 'concretePump'],
      [{ signal: 'weak' }, (d) => d.signal === 'weak'],
      [{ leaseStatus: 2 }, (d) => d.leaseStatus === 'leased'],
      [{ leaseStatus: 1 }, (d) => d.leaseStatus === 'stock'],
      [{ inventoryState: 1 }, (d) => d.inventoryState === 'inventory'],
      [{ customerId: sample.customerOrgId }, (d) => d.customerOrgId === sample.customerOrgId],
      [{ distributorId: sample.distributorOrgId }, (d) => d.distributorOrgId === sample.distributorOrgId],
      [{ modelId: sample.modelId }, (d) => d.modelId === sample.modelId],
      [{ brand: sample.brand }, (d) => d.brand === sample.brand],
      [
        { kind: 'forklift', status: 1, leaseStatus: 2 },
        (d) => d.kind === 'forklift' && d.online && d.leaseStatus === 'leased',
      ],
    ];
    for (const [query, match] of cases) {
      const res = await t.call(deviceEndpoints.list, { token, query: { ...query, pageSize: 200 } });
      const expected = every.filter(match);
      expect(res.data.total, JSON.stringify(query)).toBe(expected.length);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      const ids = new Set(expected.map((d) => d.id));
      await expectEvery(res.data.list, (r: { id: number }) => ids.has(r.id), JSON.stringify(query));
    }
  });

  it('finds text in serials and names, with the user’s wildcards taken literally', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const every = await allDevices(t);
    const target = every[17]!;
    const bySerial = await t.call(deviceEndpoints.list, { token, query: { serialNumber: target.serialNumber } });
    expect(bySerial.data.list.map((r: { id: number }) => r.id)).toContain(target.id);
    const byHostSerial = await t.call(deviceEndpoints.list, { token, query: { hostSerial: target.hostSerial } });
    expect(byHostSerial.data.list.map((r: { id: number }) => r.id)).toEqual([target.id]);
    const byName = await t.call(deviceEndpoints.list, { token, query: { name: target.hostName } });
    expect(byName.data.list.map((r: { id: number }) => r.id)).toContain(target.id);
    expect((await t.call(deviceEndpoints.list, { token, query: { serialNumber: '%' } })).data.total).toBe(0);
    expect((await t.call(deviceEndpoints.list, { token, query: { name: '_' } })).data.total).toBe(0);
  });

  it('filters by service expiry window, nested, and marks each row with its tightest window', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    // Expiry days on the viewer's today (the default zone, Shanghai's).
    const today = dayInZone(t.deps.now(), 'Asia/Shanghai');
    const every = await allDevices(t);
    let previous = 0;
    for (const days of [1, 7, 15, 30]) {
      const res = await listAll(t, token, { expiry: days });
      const last = addDaysToDay(today, days - 1);
      const expected = every.filter((d) => d.serviceExpiresAt! >= today && d.serviceExpiresAt! <= last);
      expect(res.total, `expiry ${days}`).toBe(expected.length);
      expect(res.total).toBeGreaterThanOrEqual(previous);
      await expectEvery(res.rows, (r) => r.renewal !== null && r.renewal !== 0 && r.renewal <= days);
      previous = res.total;
    }
    const stopped = await listAll(t, token, { expiry: 0 });
    expect(stopped.total).toBe(every.filter((d) => d.serviceExpiresAt! < today).length);
    expect(stopped.total).toBeGreaterThan(0);
    await expectEvery(stopped.rows, (r) => r.renewal === 0);
  });

  it('refuses a filter value outside its table', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    for (const query of [{ status: 10 }, { expiry: 3 }, { kind: 'tank' }, { leaseStatus: 3 }]) {
      const res = await t.call(deviceEndpoints.list, { token, loose: { query } });
      expect(res.status, JSON.stringify(query)).toBe('400');
    }
  });

  it('pages and sorts on the server', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const asc = await t.call(deviceEndpoints.list, {
      token,
      query: { sortField: 'serialNumber', sortOrder: 'ascend', pageSize: 50 },
    });
    const serials = asc.data.list.map((r: { serialNumber: string }) => r.serialNumber);
    expect(serials).toEqual([...serials].sort());
    const second = await t.call(deviceEndpoints.list, {
      token,
      query: { sortField: 'serialNumber', sortOrder: 'ascend', page: 2, pageSize: 25 },
    });
    expect(second.data.list.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(serials.slice(25, 50));
    const hours = await t.call(deviceEndpoints.list, {
      token,
      query: { sortField: 'workingHours', sortOrder: 'descend', pageSize: 30 },
    });
    const values = hours.data.list.map((r: { workingHours: number }) => r.workingHours);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  // Near the list's start the paging is written into the statement, further on bound (PAGING_IN_TEXT_ROWS): a user
  // paging across the boundary meets every machine once, in order.
  it('pages across the first hundred rows and beyond without a machine skipped or shown twice', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const query = { sortField: 'serialNumber', sortOrder: 'ascend' } as const;
    const { rows, total } = await listAll(t, token, query);
    expect(total).toBeGreaterThan(PAGING_IN_TEXT_ROWS + 30);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 30); page++) {
      const res = await t.call(deviceEndpoints.list, { token, query: { ...query, page, pageSize: 30 } });
      expect(res.data.total).toBe(total);
      paged.push(...res.data.list.map((r: { serialNumber: string }) => r.serialNumber));
    }
    expect(paged).toEqual(rows.map((r) => r.serialNumber));
    expect(new Set(paged).size).toBe(total);
  });

  // The list's queries are prepared once per shape of filter and sort (preparedListPage): what it answers must not be.
  it('answers a filter asked again by another company, or after machines changed, for them and as they are now', async () => {
    const query = { kind: 'aerialPlatform', status: 1, sortField: 'lastReportAt' };
    const seen = async (roleId: RoleId) =>
      (await listAll(t, await t.tokenFor(roleId), query)).rows.map((r) => r.id).sort((a, b) => a - b);
    const expected = async (belongs: (d: Awaited<ReturnType<typeof allDevices>>[number]) => boolean) =>
      (await allDevices(t))
        .filter((d) => belongs(d) && d.kind === 'aerialPlatform' && d.online)
        .map((d) => d.id)
        .sort((a, b) => a - b);
    const lessorId = await orgIdOf(t, LESSOR_A);
    const owned = () => expected((d) => d.orgId === lessorId);
    expect((await owned()).length).toBeGreaterThan(1);
    expect(await seen(ROLE.lessorAdmin)).toEqual(await owned());
    // The same question from one of its customers: the machines leased to that customer.
    const customerId = await orgOfRole(ROLE.other);
    expect(await seen(ROLE.other)).toEqual(await expected((d) => d.customerOrgId === customerId));
    // One of the company's machines goes off line: the same question no longer finds it.
    const [gone] = await owned();
    await t.dbh.db.update(devices).set({ online: false }).where(eq(devices.id, gone!)).run();
    const now = await seen(ROLE.lessorAdmin);
    expect(now).toEqual(await owned());
    expect(now).not.toContain(gone);
  });

  it('offers filter choices from the user’s scope only', async () => {
    const lessor = await t.call(deviceEndpoints.options, { token: await t.tokenFor(ROLE.lessorAdmin) });
    const lessorId = await orgIdOf(t, LESSOR_A);
    // Named in the reader's language (English).
    expect(lessor.data.owners).toEqual([{ id: lessorId, name: BUSINESSES[0]!.names.en }]);
    // Three companies and one person renting in their own name (the lease seed, decision 029).
    expect(lessor.data.customers.length).toBe(4);
    await expectEvery(lessor.data.customers, (c) => c.ownerId === lessorId);
    // Distributors work for the operator: a lessor may give its machines to any of them.
    expect(lessor.data.distributors.length).toBe(2);
    const customer = await t.call(deviceEndpoints.options, { token: await t.tokenFor(ROLE.other) });
    expect(customer.data.owners).toEqual([]);
    expect(customer.data.customers.map((c: { id: number }) => c.id)).toEqual([await orgOfRole(ROLE.other)]);
  });
});
