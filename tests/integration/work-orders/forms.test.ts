import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { uploadEndpoints } from '@console/contract/http/uploads';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, detailOf, machinesOf, orderFor } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  bytes.set(PNG_HEAD);
  return bytes;
};

describe('work order forms', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof machinesOf>>;
  let admin: string;

  const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const form = new FormData();
    form.append('file', new File([bytes], name));
    form.append('kind', 'photo');
    return (await t.send(uploadEndpoints.upload, { token: admin, body: form })).envelope!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterAll(() => t.dbh.close());

  it('needs a title, a phone in the right format and the device category', async () => {
    const cases = [
      [{ title: '' }, 'title', 'Enter the title of the work order'],
      [{ phone: '' }, 'phone', 'Please enter the phone number'],
      [{ phone: '1391234' }, 'phone', 'Please enter a valid phone number'],
      [{ deviceKind: undefined }, 'deviceKind', 'Select the device category'],
      [{ level: 6 }, 'level', 'The level is 1 to 5'],
    ] as const;
    for (const [change, field, text] of cases) {
      const res = await t.call(workOrderEndpoints.create, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        loose: { body: { ...orderFor(m.own), ...change } },
      });
      expect(res.status, field).toBe('400');
      expect(res.data.field).toBe(field);
      expect(res.message).toContain(text);
    }
    const zh = await create(t, { ...orderFor(m.own), title: ' ' }, ROLE.lessorAdmin, 'zh_CN');
    expect(zh.message).toContain('请输入工单标题');
    const wrongKind = await create(t, orderFor(m.own, { deviceKind: m.own.kind === 'mower' ? 'boat' : 'mower' }));
    expect(wrongKind).toMatchObject({ status: '400', data: { field: 'deviceKind' } });
  });

  it('takes jpg/png pictures of at most 500 kb, ten at most, checked by their content', async () => {
    const disguised = await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'photo.png');
    expect(disguised).toMatchObject({ status: '400', data: { field: 'file' } });
    const tooBig = await upload(png(500 * 1024 + 1), 'big.png');
    expect(tooBig.status).toBe('400');
    expect(tooBig.message).toContain('500');
    const ok = await upload(png(2000), 'ok.png');
    expect(ok.status).toBe('200');
    const url = (ok.data as { url: string }).url;
    const eleven = Array.from({ length: 11 }, () => url);
    const many = await create(t, orderFor(m.own, { attachments: eleven }));
    expect(many).toMatchObject({ status: '400', data: { field: 'attachments' } });
    expect(many.message).toContain('Up to 10 images');
    const stranger = await create(
      t,
      orderFor(m.own, { attachments: ['/api/files/0123456789abcdef0123456789abcdef.png'] }),
    );
    expect(stranger).toMatchObject({ status: '400', data: { field: 'attachments' } });
    const created = await create(t, orderFor(m.own, { attachments: [url] }));
    expect(created.status, created.message).toBe('200');
    expect((await detailOf(t, created.data.id)).attachments).toEqual([url]);
  });

  it('is raised from an alarm once, and records the alarm as its source', async () => {
    const [row] = await t.dbh.db
      .select({ alarm: alarms, device: devices })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(eq(devices.orgId, m.lessor))
      .limit(1)
      .all();
    const { alarm, device } = row!;
    const body = orderFor(device, { source: { kind: 'alarm', id: alarm.id } });
    const res = await create(t, body);
    expect(res.status, res.message).toBe('200');
    const detail = await detailOf(t, res.data.id);
    expect(detail).toMatchObject({ source: 'alarm', sourceId: alarm.id, deviceId: device.id });
    const twice = await create(t, body);
    expect(twice.status).toBe('409');
    expect(twice.message).toContain(res.data.number);
  });

  it('is edited until it is resolved, and each edit is on the timeline', async () => {
    const id = (await create(t, orderFor(m.own))).data.id;
    const before = await detailOf(t, id);
    const update = { ...orderFor(m.own), id, title: 'Boom and jib do not lift', level: 5 };
    const saved = await t.call(workOrderEndpoints.update, { token: admin, body: update });
    expect(saved.status, saved.message).toBe('200');
    const after = await detailOf(t, id);
    expect(after).toMatchObject({ title: 'Boom and jib do not lift', level: 5, number: before.number });
    expect(after.timeline.at(-1)).toMatchObject({
      action: 'edit',
      details: { title: [before.title, 'Boom and jib do not lift'], level: [3, 5] },
    });
    await t.call(workOrderEndpoints.close, { token: admin, body: { id, remark: 'Duplicate' } });
    const late = await t.call(workOrderEndpoints.update, { token: admin, body: { ...update, title: 'Too late' } });
    expect(late).toMatchObject({ status: '409', message: 'The work order is resolved and can no longer be changed' });
    expect((await detailOf(t, id)).title).toBe('Boom and jib do not lift');
  });

  it('filters the list by status, machine, kind, assignee, source and text, pages and sorts on the server', async () => {
    for (let i = 0; i < 3; i += 1) await create(t, orderFor(m.own));
    const res = await t.call(workOrderEndpoints.list, {
      token: admin,
      query: { serialNumber: m.own.serialNumber, status: 1, pageSize: 2, sortField: 'number', sortOrder: 'ascend' },
    });
    expect(res.status).toBe('200');
    expect(res.data.list.length).toBeLessThanOrEqual(2);
    expect(res.data.total).toBeGreaterThan(2);
    await expectEvery(
      res.data.list,
      (o: { serialNumber: string; status: number }) => o.serialNumber === m.own.serialNumber && o.status === 1,
    );
    const numbers = res.data.list.map((o: { number: string }) => o.number);
    expect([...numbers].sort()).toEqual(numbers);
    const byText = await t.call(workOrderEndpoints.list, { token: admin, query: { keyword: 'Boom and jib' } });
    expect(byText.data.total).toBe(1);
    const bySource = await t.call(workOrderEndpoints.list, { token: admin, query: { source: 'upkeep' } });
    await expectEvery(bySource.data.list, (o: { source: string }) => o.source === 'upkeep');
    const bad = await t.call(workOrderEndpoints.list, { token: admin, loose: { query: { status: 9 } } });
    expect(bad).toMatchObject({ status: '400', data: { field: 'status' } });
    const badDay = await t.call(workOrderEndpoints.list, { token: admin, query: { from: '2026-13-40' } });
    expect(badDay).toMatchObject({ status: '400', data: { field: 'from' } });
  });
});
