import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import {
  dashboardEndpoints,
  deviceListHref,
  FIGURE_STATUS,
  FLEET_CONDITIONS,
  FLEET_STATES,
  RENEWAL_FIGURE_DAYS,
  type FleetFigures,
  type FleetPositions,
} from '@console/contract/http/dashboard';
import { devices } from '@console/db/schema/devices';
import { deviceEndpoints } from '@console/contract/http/devices';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { dayInZone } from '@console/server/src/lib/time';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { countWhere, emptyScopeUser, machinesOf, otherLessorAdmin, withStatus, type DeviceRow } from './helpers.ts';

/** What the home must show for these machines, worked out from the rows themselves. */
function expectedFigures(rows: DeviceRow[], now: number): FleetFigures {
  const byState = Object.fromEntries(
    FLEET_STATES.map((state) => [state, withStatus(rows, FIGURE_STATUS[state])]),
  ) as FleetFigures['byState'];
  // Expiry days on the viewer's today (the default zone, Shanghai's): from today to the window's last day.
  const today = dayInZone(now, 'Asia/Shanghai');
  const expiring = (d: DeviceRow) =>
    d.serviceExpiresAt !== null &&
    d.serviceExpiresAt >= today &&
    d.serviceExpiresAt <= addDaysToDay(today, RENEWAL_FIGURE_DAYS - 1);
  return {
    total: rows.length,
    byState,
    conditions: {
      alarm: withStatus(rows, FIGURE_STATUS.alarm),
      locked: withStatus(rows, FIGURE_STATUS.locked),
      toBeRenewed: countWhere(rows, expiring),
    },
    byKind: MACHINE_KINDS.map((kind) => ({ kind, total: countWhere(rows, (d) => d.kind === kind) })),
  };
}

describe('fleet figures and positions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Nothing ages while the figures are compared: the renewal window is counted from this instant.
    const frozen = Date.now();
    t.deps.now = () => frozen;
  });
  afterAll(() => t.dbh.close());

  const cases: [string, RoleId][] = [
    ['a lessor administrator', ROLE.lessorAdmin],
    ['a customer', ROLE.other],
    ['a distributor', ROLE.distributor],
    ['the operator', ROLE.companyAdmin],
  ];

  it.each(cases)('count what %s may see, as the database holds it', async (_who, roleId) => {
    const rows = await machinesOf(t, await t.userId(roleId));
    expect(rows.length).toBeGreaterThan(0);
    const res = await t.call(dashboardEndpoints.figures, { token: await t.tokenFor(roleId) });
    expect(res.status).toBe('200');
    expect(res.data).toEqual(expectedFigures(rows, t.deps.now()));
  });

  it.each(cases)('place every machine %s may see, and no other', async (_who, roleId) => {
    const rows = (await machinesOf(t, await t.userId(roleId))).sort((a, b) => a.id - b.id);
    const res = await t.call(dashboardEndpoints.positions, { token: await t.tokenFor(roleId) });
    const data = res.data as FleetPositions;
    const placed = rows.filter((d) => d.lat !== null && d.lng !== null);
    expect(data.ids).toEqual(placed.map((d) => d.id));
    expect(data.serials).toEqual(placed.map((d) => d.serialNumber));
    expect(data.names).toEqual(placed.map((d) => d.deviceName));
    expect(data.kinds).toEqual(placed.map((d) => d.kind));
    expect(data.statuses).toEqual(placed.map((d) => d.status));
    data.lats.forEach((lat, i) => expect(Math.abs(lat - placed[i]!.lat!)).toBeLessThan(1e-5));
    data.lngs.forEach((lng, i) => expect(Math.abs(lng - placed[i]!.lng!)).toBeLessThan(1e-5));
    expect(data.unplaced).toBe(rows.length - placed.length);
  });

  it("never shows a lessor another lessor's machines", async () => {
    const first = await t.call(dashboardEndpoints.positions, { token: await t.tokenFor(ROLE.lessorAdmin) });
    const second = await otherLessorAdmin(t, 1);
    const other = await t.call(dashboardEndpoints.positions, { token: second.token });
    const mine = new Set<number>(first.data.ids);
    const theirs: number[] = other.data.ids;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((id) => mine.has(id))).toEqual([]);
    expect(other.data.ids).toEqual((await machinesOf(t, second.userId)).map((d) => d.id).sort((a, b) => a - b));
    const figures = await t.call(dashboardEndpoints.figures, { token: second.token });
    expect(figures.data.total).toBe(theirs.length + other.data.unplaced);
  });

  it('answers zeros and an empty map for a scope without machines', async () => {
    const { token } = await emptyScopeUser(t);
    const figures = await t.call(dashboardEndpoints.figures, { token });
    expect(figures.data.total).toBe(0);
    expect(Object.values(figures.data.byState)).toEqual([0, 0, 0, 0, 0]);
    expect(Object.values(figures.data.conditions)).toEqual([0, 0, 0]);
    expect(figures.data.byKind.map((k: { total: number }) => k.total)).toEqual(MACHINE_KINDS.map(() => 0));
    const positions = await t.call(dashboardEndpoints.positions, { token });
    expect(positions.data).toEqual({
      ids: [],
      serials: [],
      names: [],
      kinds: [],
      statuses: [],
      lats: [],
      lngs: [],
      unplaced: 0,
    });
  });

  it.each(cases)('give for %s the totals of the device lists they link to', async (_who, roleId) => {
    const token = await t.tokenFor(roleId);
    const figures = (await t.call(dashboardEndpoints.figures, { token })).data as FleetFigures;
    const listTotal = async (query: Record<string, string | number>) => {
      const res = await t.call(deviceEndpoints.list, { token, query: { ...query, pageSize: 1 } });
      expect(res.status, JSON.stringify(query)).toBe('200');
      return res.data.total as number;
    };
    expect(await listTotal({})).toBe(figures.total);
    const counted = { ...figures.byState, ...figures.conditions };
    for (const figure of [...FLEET_STATES, ...FLEET_CONDITIONS]) {
      const query = Object.fromEntries(new URLSearchParams(deviceListHref({ figure }).split('?')[1]));
      expect(await listTotal(query), figure).toBe(counted[figure]);
    }
    for (const { kind, total } of figures.byKind) expect(await listTotal({ kind }), kind).toBe(total);
  });

  it('counts a machine unlocked under the locked condition no more, and in the same state', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const before = (await t.call(dashboardEndpoints.figures, { token })).data as FleetFigures;
    const rows = await machinesOf(t, await t.userId(ROLE.lessorAdmin));
    const locked = rows.filter((d) => d.lockLevel === 'lock1' || d.lockLevel === 'lock2').slice(0, 2);
    await t.dbh.db
      .update(devices)
      .set({ lockLevel: 'unlocked' })
      .where(
        inArray(
          devices.id,
          locked.map((d) => d.id),
        ),
      )
      .run();
    const after = (await t.call(dashboardEndpoints.figures, { token })).data as FleetFigures;
    expect(after.conditions.locked).toBe(before.conditions.locked - locked.length);
    expect(after.byState).toEqual(before.byState);
    expect(after.total).toBe(before.total);
  });
});
