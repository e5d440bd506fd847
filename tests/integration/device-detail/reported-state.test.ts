import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { deviceEndpoints } from '@console/contract/http/devices';
import { CONTROLLER_SILENT } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  connectMachine,
  deviceBySerial,
  platformReport,
  publishReport,
  startBroker,
  startTestIngest,
  waitFor,
  wayTo,
} from '../ingest/helpers.ts';
import { orgOf } from '../commands/helpers.ts';

/**
 * What a machine reports, as its detail and the device list show it (docs/decisions/062-physical-figures.md): one
 * last report for the whole page, no live signal strength while off line (the last known one with its time), the
 * conditions unplugged and fault from its fault flags, "to be renewed" from its service expiry, and its fence.
 */
describe('a machine as it reports', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Awaited<ReturnType<typeof startTestIngest>>['ingest'];
  let client: MqttClient;
  let serial: string;
  let id: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startBroker(t.dbh);
    ingest = (await startTestIngest(t.dbh, wayTo(broker, 'feed'))).ingest;
    await ingest.ready;
    token = await t.tokenFor(ROLE.lessorAdmin);
    const lessor = await orgOf(t.dbh, ROLE.lessorAdmin);
    const machine = (await rowOf<{ id: number; serial: string }>(
      t.dbh.db,
      `SELECT id, serial_number AS serial FROM devices WHERE org_id = ? AND kind = 'aerialPlatform' AND online
         AND NOT sleeping AND NOT alarm_open AND lock_level = 'unlocked' ORDER BY id DESC LIMIT 1`,
      lessor,
    ))!;
    ({ id, serial } = machine);
    client = await connectMachine(broker.url, serial);
  });
  afterAll(async () => {
    await client.endAsync(true).catch(() => {});
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });

  const detail = async () => {
    const res = await t.call(deviceDetailEndpoints.detail, { token, query: { id } });
    expect(res.status).toBe('200');
    return res.data;
  };
  const report = async (at: number, faults: string[], signal: 'strong' | 'medium' = 'medium') => {
    await publishReport(client, serial, { ...platformReport(at, { faults }), signal });
    await waitFor(
      'the report stored',
      async () => (await deviceBySerial(t.dbh, serial)).lastDeviceTime?.getTime() === at,
    );
  };

  it('labels the machine unplugged and at fault from the flags it reports, until it reports them gone', async () => {
    const start = Date.now();
    await report(start, [CONTROLLER_SILENT, 'E12']);
    expect((await detail()).conditions).toEqual(expect.arrayContaining(['unplugged', 'fault']));
    await report(start + 10_000, ['E12']);
    const faulty = await detail();
    expect(faulty.conditions).toContain('fault');
    expect(faulty.conditions).not.toContain('unplugged');
    await report(start + 20_000, []);
    const clear = await detail();
    expect(clear.conditions).not.toContain('fault');
    // The list shows the same labels as the detail.
    const listed = await t.call(deviceEndpoints.list, { token, query: { serialNumber: serial } });
    expect(listed.data.list[0]!.conditions).toEqual(clear.conditions);
  });

  it('shows an off-line machine without a live signal, its last known one with the time of its last report', async () => {
    const at = Date.now() + 30_000;
    await report(at, []);
    const live = await detail();
    expect(live.device.online).toBe(true);
    expect(live.device.signal).toBe('medium');
    expect(live.offlineSince).toBe('');
    // The machine goes off line a while after its last report (its unit shut down).
    await client.publishAsync(
      topics.status(serial),
      JSON.stringify({ online: false, reason: 'shutdown', t: Date.now() }),
      {
        qos: 1,
      },
    );
    await waitFor('the machine off line', async () => !(await deviceBySerial(t.dbh, serial)).online, 20_000);
    const off = await detail();
    expect(off.device.online).toBe(false);
    expect(off.device.signal).toBe('none');
    expect(off.lastSignal).toBe('medium');
    // One last report for the page: the latest values' time; the status message is when it went off line.
    expect(off.lastDeviceTime).toBe(live.lastDeviceTime);
    expect(off.offlineSince).not.toBe('');
    // Filtered by signal, the list agrees with what its rows show.
    const medium = await t.call(deviceEndpoints.list, { token, query: { serialNumber: serial, signal: 'medium' } });
    expect(medium.data.total).toBe(0);
    const none = await t.call(deviceEndpoints.list, { token, query: { serialNumber: serial, signal: 'none' } });
    expect(none.data.list.map((d) => d.id)).toEqual([id]);
  });

  it('counts as to be renewed exactly the machines the dashboard counts, and names their fences', async () => {
    const figures = await t.call(dashboardEndpoints.figures, { token });
    expect(figures.status).toBe('200');
    const due = await t.call(deviceEndpoints.list, { token, query: { expiry: 30, pageSize: 200 } });
    expect(due.data.total).toBeGreaterThan(0);
    expect(due.data.total).toBe(figures.data.conditions.toBeRenewed);
    expect(due.data.list.every((d) => d.conditions.includes('toBeRenewed'))).toBe(true);
    // And no other machine carries the label: among those whose service ends soonest (stopped ones first), the
    // label goes with a renewal window of 1 to 30 days, never with a stopped service.
    const bySoonest = await t.call(deviceEndpoints.list, {
      token,
      query: { sortField: 'serviceExpiresAt', sortOrder: 'ascend', pageSize: 200 },
    });
    expect(bySoonest.status).toBe('200');
    for (const d of bySoonest.data.list)
      expect(d.conditions.includes('toBeRenewed'), d.serialNumber).toBe(d.renewal !== null && d.renewal > 0);

    const fenced = (await rowOf<{ id: number; fenceId: number; name: string }>(
      t.dbh.db,
      'SELECT d.id, f.id AS "fenceId", f.name FROM devices d JOIN fences f ON f.id = d.fence_id WHERE d.org_id = ? LIMIT 1',
      await orgOf(t.dbh, ROLE.lessorAdmin),
    ))!;
    const row = (await t.call(deviceEndpoints.list, { token, query: { fenceId: fenced.fenceId } })).data.list.find(
      (d) => d.id === fenced.id,
    )!;
    expect(row).toMatchObject({ fenceId: fenced.fenceId, fenceName: fenced.name });
    const shown = await t.call(deviceDetailEndpoints.detail, { token, query: { id: fenced.id } });
    expect(shown.data.device.fenceName).toBe(fenced.name);
  });
});
