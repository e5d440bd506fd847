import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import type { LiveEvent } from '@console/contract/http/live';
import { warningEndpoints, type AlarmDetail, type AlarmRow } from '@console/contract/http/warning';
import { organisations } from '@console/db/schema/accounts';
import { devices, telemetry } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import type { KindData } from '@console/contract/mqtt/payloads';

describe('alarm centre', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call(warningEndpoints.list, { token, query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: AlarmRow[]; total: number };
  };
  /** The alarms of machines an organisation set owns, rents or distributes, straight from the table. */
  const alarmsOfOrgs = (orgIds: number[]) =>
    t.dbh.db
      .select({ alarm: alarms, device: devices })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(
        or(
          inArray(devices.orgId, orgIds),
          inArray(devices.customerOrgId, orgIds),
          inArray(devices.distributorOrgId, orgIds),
        ),
      )
      .all();
  const subtree = async (orgId: number) => [
    orgId,
    ...(
      await t.dbh.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, orgId)).all()
    ).map((o) => o.id),
  ];
  const openOf = async (orgId: number) =>
    (await alarmsOfOrgs(await subtree(orgId))).filter(
      ({ alarm }) => alarm.endedAt === null && alarm.handledAt === null,
    );
  const bellCount = async (token = admin) => (await t.call(warningEndpoints.bell, { token })).data.count as number;

  it("lists the alarms of the user's machines with every filter, paged and sorted on the server", async () => {
    const mine = await alarmsOfOrgs(await subtree(lessorA));
    const all = await list();
    expect(all.total).toBe(mine.length);
    await expectEvery(all.list, (r) => r.ownerName === LESSOR_A);

    const open = await list({ state: 'open' });
    expect(open.total).toBe(mine.filter(({ alarm }) => alarm.endedAt === null).length);
    await expectEvery(open.list, (r) => r.endedAt === null);
    const history = await list({ state: 'ended', handled: '1' });
    expect(history.total).toBeGreaterThan(0);
    await expectEvery(history.list, (r) => r.endedAt !== null && r.handledAt !== null && r.remark !== '');
    await expectEvery((await list({ handled: '0' })).list, (r) => r.handledAt === null && r.actionable);

    const sample = all.list.find((r) => r.type === 'tilt' || r.type === 'load99') ?? all.list[0]!;
    const byType = await list({ type: sample.type, kind: sample.kind, level: sample.level });
    expect(byType.total).toBe(
      mine.filter(
        ({ alarm, device }) =>
          alarm.type === sample.type && device.kind === sample.kind && alarm.level === sample.level,
      ).length,
    );
    const bySerial = await list({ serialNumber: sample.serialNumber });
    await expectEvery(bySerial.list, (r) => r.serialNumber.includes(sample.serialNumber));
    expect(bySerial.list.map((r) => r.id)).toContain(sample.id);
    expect((await list({ serialNumber: '%' })).total).toBe(0);

    const day = sample.startedAt.slice(0, 10);
    const onDay = await list({ from: day, to: day });
    expect(onDay.list.map((r) => r.id)).toContain(sample.id);
    await expectEvery(onDay.list, (r) => r.startedAt.startsWith(day));

    const page2 = await list({ page: 2, pageSize: 5 });
    expect(page2.list.map((r) => r.id)).toEqual(all.list.slice(5, 10).map((r) => r.id));
    const byLevel = await list({ sortField: 'level', sortOrder: 'ascend' });
    const levels = byLevel.list.map((r) => r.level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));

    const res = await t.call(warningEndpoints.list, { token: admin, query: { from: '2026-13-01' } });
    expect(res.status).toBe('400');
    expect(res.data.field).toBe('from');
  });

  it('shows each role the alarms of its machines only, and organisations as a filter to those who see several', async () => {
    const operator = await list({}, await t.tokenFor(ROLE.companyAdmin));
    expect(operator.total).toBe((await t.dbh.db.select().from(alarms).all()).length);
    const lessorB = await orgIdOf(t, LESSOR_B);
    const ofB = await list({ orgId: lessorB }, await t.tokenFor(ROLE.companyAdmin));
    expect(ofB.total).toBe((await alarmsOfOrgs([lessorB])).length);
    // A lessor asking for a competitor's machines finds none.
    expect((await list({ orgId: lessorB })).total).toBe(0);

    for (const role of [ROLE.other, ROLE.distributor, ROLE.technician] as const) {
      const token = await t.tokenFor(role);
      const info = await t.call(warningEndpoints.options, { token });
      const orgIds = (info.data.orgs as { id: number }[]).map((o) => o.id);
      const seen = await list({}, token);
      expect(seen.total, `role ${role}`).toBe((await alarmsOfOrgs(orgIds)).length);
      await expectEvery(seen.list, (r) => r.actionable === (role === ROLE.technician) || r.handledAt !== null);
    }
    expect((await t.call(warningEndpoints.list, { token: await t.tokenFor(ROLE.finance) })).status).toBe('403');
    expect((await t.call(warningEndpoints.options, { token: admin })).data.orgs.length).toBeGreaterThan(1);
  });

  it('handles an alarm with a remark: it leaves the bell, the machine loses its alarm status, the history says who', async () => {
    const [target] = await openOf(lessorA);
    const before = await bellCount();

    const missing = await t.call(warningEndpoints.handle, {
      token: admin,
      body: { ids: [target!.alarm.id], remark: ' ' },
    });
    expect(missing.status).toBe('400');
    expect(missing.data.field).toBe('remark');
    expect(missing.message).toContain('Please enter a handling remark');
    const zh = await t.call(warningEndpoints.handle, {
      token: admin,
      lang: 'zh_CN',
      body: { ids: [target!.alarm.id], remark: '' },
    });
    expect(zh.message).toContain('请填写处理说明');

    const ack = await t.call(warningEndpoints.acknowledge, { token: admin, body: { ids: [target!.alarm.id] } });
    expect(ack.status, ack.message).toBe('200');
    expect(await bellCount()).toBe(before);

    const heard: LiveEvent[] = [];
    t.deps.live.subscribe({ visible: () => new Set([lessorA]), send: (e) => heard.push(e) });
    const done = await t.call(warningEndpoints.handle, {
      token: admin,
      body: { ids: [target!.alarm.id], remark: 'Operator lowered the basket' },
    });
    // The consoles that see the machine hear of it: the bell and the lists refresh.
    expect(heard).toContainEqual(expect.objectContaining({ type: 'alarm', wid: target!.alarm.id, state: 'handled' }));
    expect(done.status, done.message).toBe('200');
    expect(done.message).toBe('1 alarm(s) handled');
    expect(await bellCount()).toBe(before - 1);

    const detail = (await t.call(warningEndpoints.detail, { token: admin, query: { id: target!.alarm.id } }))
      .data as AlarmDetail;
    expect(detail).toMatchObject({ remark: 'Operator lowered the basket', actionable: false });
    expect(detail.handledBy).not.toBe('');
    expect(detail.history.map((h) => [h.action, h.remark])).toEqual([
      ['acknowledge', ''],
      ['handle', 'Operator lowered the basket'],
    ]);
    const machine = (await t.dbh.db.select().from(devices).where(eq(devices.id, target!.device.id)).get())!;
    const stillOpen = (await openOf(lessorA)).some(({ device }) => device.id === machine.id);
    expect(machine.alarmOpen).toBe(stillOpen);
    if (!stillOpen) expect(machine.status).not.toBe(8);

    const again = await t.call(warningEndpoints.handle, {
      token: admin,
      body: { ids: [target!.alarm.id], remark: 'x' },
    });
    expect(again.status).toBe('409');
    expect(again.message).toBe('The selected alarms are already handled');
  });

  it('handles a batch all or nothing: an alarm of another company refuses the whole batch', async () => {
    const batch = (await openOf(lessorA)).slice(0, 3).map(({ alarm }) => alarm.id);
    expect(batch.length).toBe(3);
    const foreign = (await alarmsOfOrgs(await subtree(await orgIdOf(t, LESSOR_B)))).find(
      ({ alarm }) => !alarm.handledAt,
    )!.alarm.id;

    const refused = await t.call(warningEndpoints.handle, {
      token: admin,
      body: { ids: [...batch, foreign], remark: 'Site visit' },
    });
    expect(refused.status).toBe('404');
    const untouched = await t.dbh.db
      .select()
      .from(alarms)
      .where(and(inArray(alarms.id, [...batch, foreign]), isNull(alarms.handledAt)))
      .all();
    expect(untouched.length).toBe(4);

    const sales = await t.call(warningEndpoints.handle, {
      token: await t.tokenFor(ROLE.lessorSales),
      body: { ids: batch, remark: 'Site visit' },
    });
    expect(sales.status).toBe('403');

    const done = await t.call(warningEndpoints.handle, { token: admin, body: { ids: batch, remark: 'Site visit' } });
    expect(done.data.count).toBe(3);
    const handled = await list({ handled: '1', state: 'open' });
    expect(handled.list.filter((r) => batch.includes(r.id)).map((r) => r.remark)).toEqual([
      'Site visit',
      'Site visit',
      'Site visit',
    ]);
  });

  it("shows the machine's last report before the alarm, value against threshold", async () => {
    const device = (await t.dbh.db.select().from(devices).where(eq(devices.orgId, lessorA)).get())!;
    const startedAt = Date.now() - 60_000;
    // A reading with some fields missing: what is stored of it reads back the same.
    const data = { kind: 'aerialPlatform', loadPct: 97.5, tiltDeg: 3, faults: [] } as unknown as KindData;
    await t.dbh.db
      .insert(telemetry)
      .values([
        { deviceId: device.id, deviceTime: new Date(startedAt - 5000), receivedAt: new Date(startedAt), data },
        {
          deviceId: device.id,
          deviceTime: new Date(startedAt + 5000),
          receivedAt: new Date(startedAt),
          data: { ...data, loadPct: 20 } as KindData,
        },
      ])
      .run();
    const { id } = await t.dbh.db
      .insert(alarms)
      .values({
        deviceId: device.id,
        type: 'load90',
        level: 2,
        value: 97.5,
        threshold: 90,
        startedAt: new Date(startedAt),
      })
      .returning({ id: alarms.id })
      .get();
    const res = await t.call(warningEndpoints.detail, { token: admin, query: { id } });
    expect(res.status, res.message).toBe('200');
    const detail = res.data as AlarmDetail;
    expect(detail).toMatchObject({ value: 97.5, threshold: 90, endedAt: null, history: [] });
    expect(detail.snapshot?.data).toEqual(data);
    expect(detail.info).toContain('97.5%');

    const other = await t.call(warningEndpoints.detail, { token: await t.tokenFor(ROLE.distributor), query: { id } });
    expect(other.status).toBe('404');
  });

  it('opens the alarm of a concrete pump, whose report holds its two pump currents', async () => {
    const device = (await t.dbh.db.select().from(devices).where(eq(devices.orgId, lessorA)).get())!;
    const startedAt = Date.now() - 60_000;
    const data: KindData = {
      kind: 'concretePump',
      pumpStatus: 'pumping',
      mode: 'performance',
      displacementM3h: 80,
      pressureMpa: 31,
      pumpCurrentA: [212.5, 208],
      engineHours: 1200,
      faults: [],
    };
    await t.dbh.db
      .insert(telemetry)
      .values({ deviceId: device.id, deviceTime: new Date(startedAt - 5000), receivedAt: new Date(startedAt), data })
      .run();
    const { id } = await t.dbh.db
      .insert(alarms)
      .values({ deviceId: device.id, type: 'offline', level: 2, startedAt: new Date(startedAt) })
      .returning({ id: alarms.id })
      .get();
    const res = await t.call(warningEndpoints.detail, { token: admin, query: { id } });
    expect(res.status, res.message).toBe('200');
    expect((res.data as AlarmDetail).snapshot?.data).toEqual(data);
  });
});
