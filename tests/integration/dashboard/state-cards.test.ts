import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import {
  dashboardEndpoints,
  figureFilter,
  FLEET_CONDITIONS,
  FLEET_STATES,
  type FleetFigure,
  type FleetFigures,
} from '@console/contract/http/dashboard';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { deviceEndpoints } from '@console/contract/http/devices';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The home's and the device overview's state cards are a partition of the machines beside them (each machine in
 * exactly one state), and every card, state or condition, is the total of the device list it links to: for the
 * Chinese company (Huadong) and the English one (Northwind), each through its own administrator.
 */
describe('the state cards add up to the machines', () => {
  let t: TestApp;
  const tokens: Record<'Huadong' | 'Northwind', string> = { Huadong: '', Northwind: '' };
  beforeAll(async () => {
    t = await createTestApp();
    // Nothing ages while the cards and the lists are compared: the renewal window is counted from this instant.
    const frozen = Date.now();
    t.deps.now = () => frozen;
    tokens.Huadong = await t.tokenFor(ROLE.lessorAdmin);
    const login = await t.call(authEndpoints.login, {
      query: { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
    });
    expect(login.status).toBe('200');
    tokens.Northwind = login.data.token as string;
  });
  afterAll(() => t?.dbh.close());

  /** The device list's total under the filter behind a figure (and a kind), as the card's link opens it. */
  const listTotal = async (token: string, figure: FleetFigure | 'all', kind?: MachineKind) => {
    const filter = figure === 'all' ? {} : figureFilter(figure);
    const res = await t.call(deviceEndpoints.list, { token, query: { ...filter, kind, pageSize: 1 } });
    expect(res.status, JSON.stringify({ figure, kind })).toBe('200');
    return res.data.total as number;
  };

  /** Each state and condition card equals its list; the states sum to the total, which is the unfiltered list. */
  const expectCards = async (token: string, figures: Omit<FleetFigures, 'byKind'>, kind?: MachineKind) => {
    expect(sum(figures.byState), kind ?? 'all kinds').toBe(figures.total);
    expect(await listTotal(token, 'all', kind)).toBe(figures.total);
    for (const state of FLEET_STATES) {
      expect(await listTotal(token, state, kind), `${kind ?? 'all kinds'}: ${state}`).toBe(figures.byState[state]);
    }
    for (const condition of FLEET_CONDITIONS) {
      expect(await listTotal(token, condition, kind), `${kind ?? 'all kinds'}: ${condition}`).toBe(
        figures.conditions[condition],
      );
    }
  };

  it.each(['Huadong', 'Northwind'] as const)("on %s's home", async (company) => {
    const token = tokens[company];
    const res = await t.call(dashboardEndpoints.figures, { token });
    expect(res.status).toBe('200');
    const figures = res.data as FleetFigures;
    expect(figures.total).toBeGreaterThan(0);
    // Machines in more than one state on the seeded data, so the sum is a real check (the old "online" overlapped).
    expect(FLEET_STATES.filter((state) => figures.byState[state] > 0).length).toBeGreaterThan(1);
    await expectCards(token, figures);
  });

  it.each(['Huadong', 'Northwind'] as const)("on %s's device overview, kind by kind", async (company) => {
    const token = tokens[company];
    const home = (await t.call(dashboardEndpoints.figures, { token })).data as FleetFigures;
    for (const kind of MACHINE_KINDS) {
      const res = await t.call(deviceOverviewEndpoints.figures, { token, query: { kind } });
      expect(res.status).toBe('200');
      expect(res.data.total, kind).toBe(home.byKind.find((k) => k.kind === kind)!.total);
      await expectCards(token, res.data as FleetFigures, kind);
    }
  });
});
