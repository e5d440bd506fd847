import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, type FleetPositions } from '@console/contract/http/dashboard';
import { deviceEndpoints } from '@console/contract/http/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { otherLessorAdmin } from './helpers.ts';

/** The fleet map's filtered positions (the device list's map view) and the places a fence editor can find. */
describe('the map of a filtered list and the places the console knows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it("places the device list's filtered machines, the same ones the list shows", async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const all = (await t.call(dashboardEndpoints.positions, { token })).data as FleetPositions;
    for (const query of [{ status: 8 }, { kind: 'forklift' }, { status: 6, kind: 'aerialPlatform' }] as const) {
      const map = (await t.call(dashboardEndpoints.positions, { token, query })).data as FleetPositions;
      const list = await t.call(deviceEndpoints.list, { token, query: { ...query, page: 1, pageSize: 200 } });
      expect(map.ids.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(map.ids.length).toBeLessThan(all.ids.length);
      expect(map.ids.length + map.unplaced).toBe(list.data.total);
      // The list's page holds every machine of the filter when they fit on one page: the map's are among them.
      if (list.data.total <= 200) {
        const listed = new Set(list.data.list.map((row) => row.id));
        await expectEvery(map.ids, (id) => listed.has(id), 'the machines on the map');
      }
    }
  });

  it("finds addresses where the user's machines are, at their centre, and machines by serial, only in scope", async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const all = (await t.call(dashboardEndpoints.positions, { token })).data as FleetPositions;
    const byAddress = await t.call(dashboardEndpoints.places, { token, query: { keyword: '浦东' } });
    expect(byAddress.status).toBe('200');
    const addresses = byAddress.data.list.filter((p) => p.kind === 'address');
    await expectEvery(addresses, (p) => p.label.includes('浦东') && p.machines > 0, 'the addresses found');
    // Pudong is at about 31.2 N, 121.5 E.
    await expectEvery(addresses, (p) => Math.abs(p.lat - 31.2) < 0.3 && Math.abs(p.lng - 121.5) < 0.3);

    const serial = all.serials[0]!;
    const bySerial = await t.call(dashboardEndpoints.places, { token, query: { keyword: serial } });
    const machine = bySerial.data.list.find((p) => p.kind === 'machine');
    expect(machine?.label).toContain(serial);
    expect(machine?.lat).toBeCloseTo(all.lats[0]!, 4);

    // Another rental company finds none of these machines.
    const other = await otherLessorAdmin(t, 1);
    const theirs = await t.call(dashboardEndpoints.places, { token: other.token, query: { keyword: serial } });
    expect(theirs.data.list.filter((p) => p.kind === 'machine')).toEqual([]);
  });

  it('refuses an empty keyword', async () => {
    const res = await t.call(dashboardEndpoints.places, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { keyword: ' ' },
    });
    expect(res.status).not.toBe('200');
  });
});
