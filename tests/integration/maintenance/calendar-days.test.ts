import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { accessoryEndpoints, type AssetHost } from '@console/contract/http/accessories';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoOrgs, machineOf } from './helpers.ts';

const SHANGHAI = { timeZone: 'Asia/Shanghai' };
const LONDON = { timeZone: 'Europe/London' };
const NEW_YORK = { timeZone: 'America/New_York' };
const VIEWERS = [SHANGHAI, LONDON, NEW_YORK];

/** A day a person entered or a rule computed is the same calendar day for every viewer (decision 026). */
describe('calendar days do not move with the viewer’s time zone', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  it('shows an upkeep plan’s last and next service as the days entered, in every zone', async () => {
    const machine = await machineOf(t.dbh, (await demoOrgs(t.dbh)).lessor, undefined, 7);
    const created = await t.call(upkeepEndpoints.create, {
      token,
      headers: SHANGHAI,
      body: { deviceIds: [machine.id], interval: '3m', content: 'Routine service', lastDoneAt: '2026-08-05' },
    });
    expect(created.status).toBe('200');
    const id = created.data.ids[0]!;
    for (const headers of VIEWERS) {
      const list = await t.call(upkeepEndpoints.list, { token, headers, query: { pageSize: 200 } });
      const plan = (list.data.list as UpkeepPlan[]).find((p) => p.id === id);
      expect({ zone: headers.timeZone, ...plan }).toMatchObject({
        zone: headers.timeZone,
        lastDoneAt: '2026-08-05',
        nextDueAt: '2026-11-05',
      });
    }
  });

  it('shows a fault record’s occurred and repaired days as entered, in every zone', async () => {
    const machine = await machineOf(t.dbh, (await demoOrgs(t.dbh)).lessor, undefined, 7);
    const created = await t.call(faultEndpoints.create, {
      token,
      headers: SHANGHAI,
      body: { deviceId: machine.id, faultTypes: ['hydraulic'], cause: 'Seal worn', occurredAt: '2026-08-05' },
    });
    expect(created.status).toBe('200');
    const id = created.data.id;
    const repaired = await t.call(faultEndpoints.repair, {
      token,
      headers: LONDON,
      body: { id, repairedAt: '2026-08-07', repairMethod: 'Replaced the seal' },
    });
    expect(repaired.status).toBe('200');
    for (const headers of VIEWERS) {
      const detail = await t.call(faultEndpoints.detail, { token, headers, query: { id } });
      expect({ zone: headers.timeZone, ...(detail.data as FaultRow) }).toMatchObject({
        zone: headers.timeZone,
        occurredAt: '2026-08-05',
        repairedAt: '2026-08-07',
      });
      // A day filter finds it on its day, whoever asks.
      const onTheDay = await t.call(faultEndpoints.list, {
        token,
        headers,
        query: { from: '2026-08-05', to: '2026-08-05', pageSize: 200 },
      });
      expect((onTheDay.data.list as FaultRow[]).map((r) => r.id)).toContain(id);
    }
  });

  it('shows a controller’s installation day and a machine’s purchase day as entered, in every zone', async () => {
    const machine = await machineOf(t.dbh, (await demoOrgs(t.dbh)).lessor, undefined, 60);
    const created = await t.call(controllerEndpoints.create, {
      token,
      headers: SHANGHAI,
      body: { serialNumber: 'CTL-DAY-0001', model: 'ZK-C300', deviceId: machine.id, installedAt: '2026-08-05' },
    });
    expect(created.status, created.message).toBe('200');
    const saved = await t.call(accessoryEndpoints.savePurchase, {
      token,
      headers: SHANGHAI,
      body: {
        deviceId: machine.id,
        originalValueCents: 25_000_000,
        salvageMode: 'percentage',
        salvageRate: 10,
        purchasedAt: '2026-08-01',
      },
    });
    expect(saved.status, saved.message).toBe('200');
    for (const headers of VIEWERS) {
      const controllers = await t.call(controllerEndpoints.list, {
        token,
        headers,
        query: { deviceSerial: machine.serialNumber },
      });
      expect(controllers.data.list).toEqual([
        expect.objectContaining({ serialNumber: 'CTL-DAY-0001', installedAt: '2026-08-05' }),
      ]);
      const hosts = await t.call(accessoryEndpoints.hosts, {
        token,
        headers,
        query: { serialNumber: machine.serialNumber },
      });
      const host = (hosts.data.list as AssetHost[]).find((h) => h.serialNumber === machine.serialNumber);
      expect({ zone: headers.timeZone, purchasedAt: host?.purchase?.purchasedAt }).toEqual({
        zone: headers.timeZone,
        purchasedAt: '2026-08-01',
      });
    }
  });
});
