import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { deviceRecordEndpoints, type DeviceLogItem } from '@console/contract/http/device-records';
import { deviceLogs } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoMachines } from './helpers.ts';

const SHANGHAI = { timeZone: 'Asia/Shanghai' };

describe('device log', () => {
  let t: TestApp;
  let admin: string;
  let machines: Awaited<ReturnType<typeof demoMachines>>;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    machines = await demoMachines(t);
  });
  afterEach(() => t.dbh.close());

  const logAt = (deviceId: number, event: string, iso: string, detail = '') =>
    t.dbh.db
      .insert(deviceLogs)
      .values({ deviceId, event, detail, at: new Date(iso) })
      .run();
  const query = (q: Record<string, unknown>, token = admin, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(deviceRecordEndpoints.deviceLog, { token, lang, loose: { query: q }, headers: SHANGHAI });

  it("answers one month in the user's time zone, newest first, and never a record of another month", async () => {
    const id = machines.rented.id;
    // Shanghai is UTC+8: 2025-02-28T16:00Z is the first moment of March there.
    await logAt(id, 'online', '2025-02-28T15:59:59.999Z');
    await logAt(id, 'sleep', '2025-02-28T16:00:00.000Z');
    await logAt(id, 'fault', '2025-03-15T02:00:00.000Z', 'E12');
    await logAt(id, 'wake', '2025-03-31T15:59:59.999Z');
    await logAt(id, 'offline', '2025-03-31T16:00:00.000Z', 'lost');
    const res = await query({ deviceId: id, month: '2025-03' });
    expect(res.status, res.message).toBe('200');
    const list = res.data.list as DeviceLogItem[];
    expect(list.map((r) => [r.event, r.at, r.detail])).toEqual([
      ['wake', '2025-03-31 23:59:59', ''],
      ['fault', '2025-03-15 10:00:00', 'E12'],
      ['sleep', '2025-03-01 00:00:00', ''],
    ]);
    expect(res.data.total).toBe(3);
    const faults = await query({ deviceId: id, month: '2025-03', event: 'fault' });
    expect((faults.data.list as DeviceLogItem[]).map((r) => r.event)).toEqual(['fault']);
  });

  it('refuses a query without a real month, so no query spans months', async () => {
    for (const month of [undefined, '2025-13', '2025-03-01', '2025-03..2025-04']) {
      const res = await query({ deviceId: machines.rented.id, ...(month ? { month } : {}) });
      expect(res.status, String(month)).toBe('400');
      expect(res.data.field).toBe('month');
      expect(res.message).toContain('please select a time range');
    }
  });

  it('answers at most 1000 records and says how many the month holds', async () => {
    const id = machines.rented.id;
    const start = Date.parse('2025-04-02T00:00:00Z');
    await t.dbh.db
      .insert(deviceLogs)
      .values(
        Array.from({ length: 1005 }, (_, i) => ({ deviceId: id, event: 'online', at: new Date(start + i * 60_000) })),
      )
      .run();
    const res = await query({ deviceId: id, month: '2025-04' });
    expect(res.data.list).toHaveLength(1000);
    expect(res.data.total).toBe(1005);
    expect(res.data.limit).toBe(1000);
    expect(res.message).toBe('Device log query max 1000 records: showing the latest 1000 of 1005');
    // Newest first: the five oldest are the ones left out.
    expect((res.data.list as DeviceLogItem[]).at(-1)!.at).toBe('2025-04-02 08:05:00');
  });

  it("says 'no data in this time period' for an empty month, in the user's language", async () => {
    const en = await query({ deviceId: machines.rented.id, month: '2024-01' });
    expect(en.status).toBe('200');
    expect(en.data.list).toEqual([]);
    expect(en.message).toBe('no data in this time period');
    const zh = await query({ deviceId: machines.rented.id, month: '2024-01' }, admin, 'zh_CN');
    expect(zh.message).toBe('该时间段内无数据');
  });

  it('holds the event that put each seeded machine in its state: a sleeping machine last fell asleep', async () => {
    const sleptAt = machines.asleep.lastReportAt!.getTime();
    // Shanghai has no daylight saving: its month is the UTC month of the moment plus eight hours.
    const month = new Date(sleptAt + 8 * 3600_000).toISOString().slice(0, 7);
    const res = await query({ deviceId: machines.asleep.id, month });
    expect((res.data.list as DeviceLogItem[])[0]!.event).toBe('sleep');
  });

  it("lets whoever sees the machine read its log, and nobody else (another company's machine is 'not found')", async () => {
    const month = '2025-03';
    const cases: [string, RoleId, number, string][] = [
      ['customer, rented machine', ROLE.other, machines.rented.id, '200'],
      ['customer, not its machine', ROLE.other, machines.ownOnly.id, '404'],
      ['distributor, its machine', ROLE.distributor, machines.distributed.id, '200'],
      ['distributor, not its machine', ROLE.distributor, machines.ownOnly.id, '404'],
      ['technician of the owner', ROLE.technician, machines.ownOnly.id, '200'],
      ['lessor admin, another lessor', ROLE.lessorAdmin, machines.foreign.id, '404'],
      ['operator employee', ROLE.companyEmployee, machines.foreign.id, '200'],
      ['data-screen viewer', ROLE.screenViewer, machines.rented.id, '403'],
    ];
    for (const [who, role, deviceId, status] of cases) {
      const res = await query({ deviceId, month }, await t.tokenFor(role));
      expect(res.status, who).toBe(status);
    }
  });
});
