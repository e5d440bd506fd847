import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, figureFilter, FLEET_CONDITIONS, FLEET_STATES } from '@console/contract/http/dashboard';
import { deviceOverviewEndpoints, OVERVIEW_FIELDS, type OverviewRow } from '@console/contract/http/device-overview';
import { deviceEndpoints } from '@console/contract/http/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('device overview per machine kind', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  it("lists one kind's machines with that kind's readings, filtered and paged like the device list", async () => {
    const pumps = await t.call(deviceOverviewEndpoints.list, {
      token,
      query: { kind: 'concretePump', pageSize: 50 },
    });
    expect(pumps.status, pumps.message).toBe('200');
    const rows = pumps.data.list as OverviewRow[];
    expect(rows.length).toBeGreaterThan(0);
    await expectEvery(rows, (r) => r.kind === 'concretePump' && r.latest?.kind === 'concretePump');
    const reading = rows[0]!.latest!;
    for (const field of OVERVIEW_FIELDS.concretePump) expect(reading).toHaveProperty(field);
    const list = await t.call(deviceEndpoints.list, { token, query: { kind: 'concretePump', pageSize: 50 } });
    expect(pumps.data.total).toBe(list.data.total);
    expect(rows.map((r) => r.id)).toEqual(list.data.list.map((r: { id: number }) => r.id));

    const working = await t.call(deviceOverviewEndpoints.list, {
      token,
      query: { kind: 'concretePump', status: 6, pageSize: 200 },
    });
    const workingList = await t.call(deviceEndpoints.list, {
      token,
      query: { kind: 'concretePump', status: 6, pageSize: 200 },
    });
    expect(working.data.total).toBeLessThan(pumps.data.total);
    expect(working.data.list.map((r: OverviewRow) => r.id)).toEqual(
      workingList.data.list.map((r: { id: number }) => r.id),
    );
    const page2 = await t.call(deviceOverviewEndpoints.list, {
      token,
      query: { kind: 'concretePump', page: 2, pageSize: 5 },
    });
    expect(page2.data.list.map((r: OverviewRow) => r.id)).toEqual(
      list.data.list.slice(5, 10).map((r: { id: number }) => r.id),
    );
  });

  it('counts the states and conditions of one kind as the device list filtered alike', async () => {
    const figures = await t.call(deviceOverviewEndpoints.figures, { token, query: { kind: 'aerialPlatform' } });
    expect(figures.status, figures.message).toBe('200');
    const counted = { ...figures.data.byState, ...figures.data.conditions };
    for (const figure of [...FLEET_STATES, ...FLEET_CONDITIONS]) {
      const list = await t.call(deviceEndpoints.list, {
        token,
        query: { kind: 'aerialPlatform', ...figureFilter(figure) },
      });
      expect(counted[figure], figure).toBe(list.data.total);
    }
    const states = Object.values(figures.data.byState as Record<string, number>);
    expect(states.reduce((a, b) => a + b, 0)).toBe(figures.data.total);
    const home = await t.call(dashboardEndpoints.figures, { token });
    expect(figures.data.byKind).toEqual(home.data.byKind);
    expect(figures.data.byKind.map((k: { kind: string }) => k.kind)).toEqual([...MACHINE_KINDS]);
  });

  it('shows a customer only its own machines and refuses the data-screen account', async () => {
    const own = await t.call(deviceOverviewEndpoints.list, {
      token: await t.tokenFor(ROLE.other),
      query: { kind: 'aerialPlatform', pageSize: 200 },
    });
    const list = await t.call(deviceEndpoints.list, {
      token: await t.tokenFor(ROLE.other),
      query: { kind: 'aerialPlatform', pageSize: 200 },
    });
    expect(own.data.total).toBe(list.data.total);
    const all = await t.call(deviceOverviewEndpoints.figures, { token, query: { kind: 'aerialPlatform' } });
    expect(own.data.total).toBeLessThan(all.data.total);
    const refused = await t.call(deviceOverviewEndpoints.list, { token: await t.tokenFor(ROLE.screenViewer) });
    expect(refused.status).toBe('403');
  });
});
