import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { screenEndpoints } from '@console/contract/http/screens';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { machinesOf, otherLessorAdmin } from '../dashboard/helpers.ts';

/** A site's machines on the data screen (/screenDeviceList): its machines in the viewer's scope, paged, and no other. */
describe("a site's machines on the data screen", () => {
  let t: TestApp;
  let customer: number;
  beforeAll(async () => {
    t = await createTestApp();
    customer = (await rowOf<{ o: number }>(
      t.dbh.db,
      'SELECT org_id o FROM users WHERE id = ?',
      await t.userId(ROLE.other),
    ))!.o;
  });
  afterAll(() => t.dbh.close());

  const ofSite = async (roleId: number) =>
    (await machinesOf(t, await t.userId(roleId as never)))
      .filter((d) => d.orgId === customer || d.customerOrgId === customer || d.distributorOrgId === customer)
      .sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));

  it('pages through the machines of the site, by serial number', async () => {
    for (const roleId of [ROLE.screenViewer, ROLE.lessorAdmin]) {
      const expected = await ofSite(roleId);
      expect(expected.length).toBeGreaterThan(3);
      const token = await t.tokenFor(roleId);
      const first = await t.call(screenEndpoints.machines, { token, query: { orgId: customer, pageSize: 3 } });
      expect(first.status).toBe('200');
      expect(first.data.total).toBe(expected.length);
      expect(first.data.orgName).not.toBe('');
      expect(first.data.list.map((m) => m.serialNumber)).toEqual(expected.slice(0, 3).map((d) => d.serialNumber));
      const second = await t.call(screenEndpoints.machines, {
        token,
        query: { orgId: customer, pageSize: 3, page: 2 },
      });
      expect(second.data.list.map((m) => m.id)).toEqual(expected.slice(3, 6).map((d) => d.id));
      expect(second.data.list[0]).toMatchObject({ status: expected[3]!.status, kind: expected[3]!.kind });
    }
  });

  it('finds a machine by serial number', async () => {
    const one = (await ofSite(ROLE.lessorAdmin))[2]!;
    const res = await t.call(screenEndpoints.machines, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { orgId: customer, keyword: one.serialNumber },
    });
    expect(res.data.list.map((m) => m.id)).toEqual([one.id]);
  });

  it('refuses a site outside the scope', async () => {
    const other = await otherLessorAdmin(t, 1);
    const res = await t.call(screenEndpoints.machines, { token: other.token, query: { orgId: customer } });
    expect(res.status).toBe('404');
  });
});
