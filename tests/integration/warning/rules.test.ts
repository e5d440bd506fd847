import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { DEFAULT_THRESHOLDS } from '@console/contract/codes/alarms';
import { ROLE } from '@console/contract/codes/roles';
import { alarmRuleEndpoints, type AlarmRuleRow } from '@console/contract/http/alarm-rules';
import { warningEndpoints } from '@console/contract/http/warning';
import { alarmRules } from '@console/db/schema/alarm-rules';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';
import {
  connectMachine,
  platformReport,
  publishReport,
  startBroker,
  startTestIngest,
  waitFor,
} from '../ingest/helpers.ts';

const DEFAULTS = { ...DEFAULT_THRESHOLDS };

describe('alarm rules', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const rules = async (token = admin, orgId?: number) => {
    const res = await t.call(alarmRuleEndpoints.list, { token, query: orgId ? { orgId } : {} });
    expect(res.status, res.message).toBe('200');
    return res.data as { orgId: number; editable: boolean; rules: AlarmRuleRow[]; orgs: { id: number }[] };
  };
  const save = (body: Record<string, unknown>, token = admin, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(alarmRuleEndpoints.save, {
      token,
      lang,
      loose: { body: { orgId: lessorA, kind: 'aerialPlatform', ...DEFAULTS, ...body } },
    });

  it("answers the spec's constants for every kind until a rule is saved, and who may change them", async () => {
    const mine = await rules();
    expect(mine.orgId).toBe(lessorA);
    expect(mine.editable).toBe(true);
    expect(mine.orgs.map((o) => o.id)).toEqual([lessorA]);
    expect(mine.rules).toHaveLength(8);
    for (const rule of mine.rules) {
      expect(rule).toMatchObject({ configured: false, load80: 80, load90: 90, load99: 99, tiltDeg: 14 });
      expect(rule).toMatchObject({ overspeedKmh: 0, offline: true });
    }
    expect((await rules(await t.tokenFor(ROLE.lessorStaff))).editable).toBe(false);
    const staffSave = await save({ tiltDeg: 10 }, await t.tokenFor(ROLE.lessorStaff));
    expect(staffSave.status).toBe('403');
    for (const role of [ROLE.technician, ROLE.other, ROLE.distributor]) {
      expect((await t.call(alarmRuleEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
    }
    // The operator's people read every owner's rules.
    const operator = await rules(await t.tokenFor(ROLE.companyEmployee), lessorA);
    expect(operator.editable).toBe(false);
    expect(operator.orgs.length).toBeGreaterThan(2);
  });

  it('refuses thresholds out of range or out of order, in both languages, and saves nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ load80: 90, load90: 90 }, 'load90', 'Load thresholds must rise: 80 % band < 90 % band < 99 % band'],
      [{ load99: 85 }, 'load99', 'Load thresholds must rise'],
      [{ load80: 0 }, 'load80', 'Load thresholds are between 1 % and 150 %'],
      [{ tiltDeg: 46 }, 'tiltDeg', 'The tilt threshold is between 1° and 45°'],
      [{ tiltDeg: 12.25 }, 'tiltDeg', 'at most one decimal'],
      [{ overspeedKmh: -1 }, 'overspeedKmh', '0 means not monitored'],
      [{ lowBatteryPct: 101 }, 'lowBatteryPct', 'The low battery threshold is between 0 % and 100 %'],
      [{ kind: 'crane' }, 'kind', 'Invalid format'],
    ];
    for (const [body, field, text] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe('400');
      expect(res.data.field).toBe(field);
      expect(res.message).toContain(text);
    }
    const zh = await save({ load80: 95 }, admin, 'zh_CN');
    expect(zh.message).toContain('载荷阈值须逐级升高');
    // A lessor does not set another company's rules.
    const other = await save({ orgId: await orgIdOf(t, LESSOR_B), tiltDeg: 10 });
    expect(other.status).toBe('400');
    expect(other.message).toContain('Alarm rules belong to companies that own machines');
    expect(await t.dbh.db.select().from(alarmRules).all()).toEqual([]);
  });

  it('saves a rule per kind and organisation, and resets it to the defaults', async () => {
    const saved = await save({ load80: 70, load90: 85, load99: 95.5, tiltDeg: 10, overspeedKmh: 12 });
    expect(saved.status, saved.message).toBe('200');
    expect(saved.message).toBe('Alarm rule saved; new reports are judged by it');
    const platform = (await rules()).rules.find((r) => r.kind === 'aerialPlatform')!;
    expect(platform).toMatchObject({ configured: true, load80: 70, load90: 85, load99: 95.5, tiltDeg: 10 });
    expect(platform.updatedBy).not.toBe('');
    expect((await rules()).rules.filter((r) => r.configured)).toHaveLength(1);
    // The operator's administrator sets a lessor's rule too; the lessor sees it.
    const lessorB = await orgIdOf(t, LESSOR_B);
    const byOperator = await save(
      { orgId: lessorB, kind: 'forklift', overspeedKmh: 20 },
      await t.tokenFor(ROLE.companyAdmin),
    );
    expect(byOperator.status, byOperator.message).toBe('200');
    expect(
      (await rules(await t.tokenFor(ROLE.companyAdmin), lessorB)).rules.find((r) => r.kind === 'forklift'),
    ).toMatchObject({
      configured: true,
      overspeedKmh: 20,
    });

    const reset = await t.call(alarmRuleEndpoints.reset, {
      token: admin,
      body: { orgId: lessorA, kind: 'aerialPlatform' },
    });
    expect(reset.status, reset.message).toBe('200');
    expect((await rules()).rules.find((r) => r.kind === 'aerialPlatform')).toMatchObject({
      configured: false,
      tiltDeg: 14,
    });
  });

  describe('through the real ingest path', () => {
    let broker: EmbeddedBroker;
    let ingest: Ingest;
    let client: MqttClient;
    let serial: string;
    let deviceId: number;
    let clock: number;

    beforeEach(async () => {
      broker = await startBroker(t.dbh);
      ({ ingest } = await startTestIngest(t.dbh, { url: broker.url }));
      await ingest.ready;
      const machine = (await t.dbh.db
        .select()
        .from(devices)
        .where(and(eq(devices.orgId, lessorA), eq(devices.kind, 'aerialPlatform'), eq(devices.alarmOpen, false)))
        .get())!;
      serial = machine.serialNumber;
      deviceId = machine.id;
      // Reports older than the machine's last one do not feed the rules.
      clock = Math.max(Date.now() - 60_000, machine.lastDeviceTime?.getTime() ?? 0);
      client = await connectMachine(broker.url, serial);
    });
    afterEach(async () => {
      await client.endAsync(true);
      await ingest.stop();
      await broker.close();
    });

    const openTypes = () =>
      t.dbh.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
        .all();
    const report = async (data: Parameters<typeof platformReport>[1]) => {
      clock += 1000;
      await publishReport(client, serial, platformReport(clock, data));
      await waitFor('the report to be stored', async () => {
        ingest.flush();
        return (
          (await t.dbh.db.select().from(devices).where(eq(devices.id, deviceId)).get())!.lastDeviceTime?.getTime() ===
          clock
        );
      });
    };

    it("raises what the owner's configured rule says, from the next report on", async () => {
      await report({ tiltDeg: 10, loadPct: 72 });
      expect(await openTypes()).toEqual([]);

      const saved = await save({ load80: 70, load90: 85, load99: 95, tiltDeg: 8 });
      expect(saved.status, saved.message).toBe('200');
      await report({ tiltDeg: 10, loadPct: 72 });
      const raised = await openTypes();
      expect(raised.map((a) => [a.type, a.value, a.threshold]).sort()).toEqual([
        ['load80', 72, 70],
        ['tilt', 10, 8],
      ]);
      const bell = await t.call(warningEndpoints.bell, { token: admin });
      const tilt = (bell.data.list as { nid: number; alarmInfo: string }[]).find(
        (a) => a.nid === deviceId && a.alarmInfo.includes('tilt'),
      );
      expect(tilt?.alarmInfo).toBe(`${serial} tilt 10°, above 8°`);

      // Back to the defaults: the same readings (below the defaults' hysteresis too, decision 014) hold no alarm
      // any more, and the alarms end.
      await t.call(alarmRuleEndpoints.reset, { token: admin, body: { orgId: lessorA, kind: 'aerialPlatform' } });
      await report({ tiltDeg: 10, loadPct: 72 });
      expect(await openTypes()).toEqual([]);
    });
  });
});
