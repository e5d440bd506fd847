import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { accessoryEndpoints, type AssetHost } from '@console/contract/http/accessories';
import { uploadEndpoints } from '@console/contract/http/uploads';
import { devices } from '@console/db/schema/devices';
import { accessories, purchaseInfos } from '@console/db/schema/peripherals';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { findInOrder } from '@console/db/in-order';

const PDF = new TextEncoder().encode('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('purchase info and accessories', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const unrecorded = async () =>
    (await findInOrder(
      await t.dbh.db
        .select({ id: devices.id, serial: devices.serialNumber })
        .from(devices)
        .where(eq(devices.orgId, lessorA))
        .all(),
      async (d) => !(await t.dbh.db.select().from(purchaseInfos).where(eq(purchaseInfos.deviceId, d.id)).get()),
    ))!;
  const hostRow = async (serialNumber: string, token = admin) => {
    const res = await t.call(accessoryEndpoints.hosts, { token, query: { serialNumber } });
    return (res.data.list as AssetHost[]).find((r) => r.serialNumber === serialNumber);
  };

  it('records purchase info with a residual percentage 0-100 and a PDF, and totals the accessories', async () => {
    const device = await unrecorded();
    expect((await hostRow(device.serial))!.purchase).toBeNull();
    const base = {
      deviceId: device.id,
      originalValueCents: 25_000_000,
      salvageMode: 'percentage' as const,
      purchasedAt: '2025-05-20',
    };
    const over = await t.call(accessoryEndpoints.savePurchase, { token: admin, body: { ...base, salvageRate: 120 } });
    expect(over.data.field).toBe('salvageRate');
    expect(over.message).toContain('Device annex residual value 0-100');
    const zh = await t.call(accessoryEndpoints.savePurchase, {
      token: admin,
      body: { ...base, salvageRate: -1 },
      lang: 'zh_CN',
    });
    expect(zh.message).toContain('设备附件残值 0-100');
    const aboveOriginal = await t.call(accessoryEndpoints.savePurchase, {
      token: admin,
      body: { ...base, salvageMode: 'amount', salvageValueCents: 30_000_000 },
    });
    expect(aboveOriginal.data.field).toBe('salvageValueCents');

    const form = new FormData();
    form.append('file', new File([PDF], 'invoice.pdf'));
    form.append('kind', 'pdf');
    const pdf = (await t.send(uploadEndpoints.upload, { token: admin, body: form })).envelope!.data as { url: string };
    const saved = await t.call(accessoryEndpoints.savePurchase, {
      token: admin,
      body: { ...base, salvageRate: 12.5, documents: [pdf.url] },
    });
    expect(saved.status, saved.message).toBe('200');
    expect((await hostRow(device.serial))!.purchase).toEqual({
      originalValueCents: 25_000_000,
      salvageMode: 'percentage',
      salvageRate: 12.5,
      salvageValueCents: 3_125_000,
      purchasedAt: '2025-05-20',
      photos: [],
      documents: [pdf.url],
    });
    // A file that is not the user's own upload is refused.
    const stranger = await t.call(accessoryEndpoints.savePurchase, {
      token: admin,
      body: { ...base, salvageRate: 10, photos: ['/api/files/0123456789abcdef0123456789abcdef.png'] },
    });
    expect(stranger.data.field).toBe('photos');

    const badQuantity = await t.call(accessoryEndpoints.create, {
      token: admin,
      body: { deviceId: device.id, name: 'Battery', quantity: 0, valueCents: 1_000 },
    });
    expect(badQuantity.message).toContain('The quantity is a whole number 1-9999');
    const battery = await t.call(accessoryEndpoints.create, {
      token: admin,
      body: { deviceId: device.id, name: 'Battery', spec: '48V', quantity: 2, serial: 'B-1', valueCents: 120_050 },
    });
    expect(battery.status).toBe('200');
    await t.call(accessoryEndpoints.create, {
      token: admin,
      body: { deviceId: device.id, name: 'Charger', quantity: 1, valueCents: 80_000 },
    });
    expect(await hostRow(device.serial)).toMatchObject({ accessoryCount: 2, accessoryValueCents: 320_100 });
    await t.call(accessoryEndpoints.update, {
      token: admin,
      body: { id: battery.data.id, name: 'Battery', spec: '48V', quantity: 4, serial: 'B-1', valueCents: 120_050 },
    });
    const listed = await t.call(accessoryEndpoints.list, { token: admin, query: { deviceId: device.id } });
    expect(listed.data.editable).toBe(true);
    expect(listed.data.list.map((a: { name: string; quantity: number }) => [a.name, a.quantity])).toEqual([
      ['Battery', 4],
      ['Charger', 1],
    ]);
    await t.call(accessoryEndpoints.delete, { token: admin, body: { id: battery.data.id } });
    expect(await hostRow(device.serial)).toMatchObject({ accessoryCount: 1, accessoryValueCents: 80_000 });
  });

  it('lets finance read, and keeps every company to its own hosts', async () => {
    const finance = await t.tokenFor(ROLE.finance);
    const read = await t.call(accessoryEndpoints.hosts, { token: finance, query: { recorded: '1' } });
    expect(read.status).toBe('200');
    expect(read.data.total).toBe((await t.dbh.db.select().from(purchaseInfos).all()).length);
    await expectEvery(read.data.list, (r) => r.purchase !== null && !r.editable);
    const own = await t.call(accessoryEndpoints.hosts, { token: admin, query: { pageSize: 1 } });
    expect(own.data.total).toBe((await t.dbh.db.select().from(devices).where(eq(devices.orgId, lessorA)).all()).length);

    const foreign = (await t.dbh.db
      .select()
      .from(accessories)
      .where(eq(accessories.orgId, await orgIdOf(t, LESSOR_B)))
      .get())!;
    expect(
      (await t.call(accessoryEndpoints.list, { token: admin, query: { deviceId: foreign.deviceId } })).status,
    ).toBe('404');
    expect((await t.call(accessoryEndpoints.delete, { token: admin, body: { id: foreign.id } })).status).toBe('404');
    const save = await t.call(accessoryEndpoints.savePurchase, {
      token: admin,
      body: { deviceId: foreign.deviceId, originalValueCents: 100, salvageMode: 'percentage', salvageRate: 1 },
    });
    expect(save.status).toBe('404');
    expect((await t.call(accessoryEndpoints.delete, { token: finance, body: { id: foreign.id } })).status).toBe('403');
    expect(await t.dbh.db.select().from(accessories).where(eq(accessories.id, foreign.id)).get()).toEqual(foreign);
    expect((await t.call(accessoryEndpoints.hosts, { token: await t.tokenFor(ROLE.lessorSales) })).status).toBe('403');
  });
});
