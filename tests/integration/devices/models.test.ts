import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceModelEndpoints, type DeviceModel } from '@console/contract/http/device-models';
import { deviceEndpoints } from '@console/contract/http/devices';
import { deviceModels, devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, upload } from '../settings/helpers.ts';
import { LESSOR_A, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('device types (models)', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const picture = async (token = admin, isPublic = true) =>
    (await upload(t, token, { bytes: PNG, name: 'model.png' }, 'image', isPublic)).data.url as string;

  const list = async (token = admin, query: Record<string, unknown> = {}) => {
    const res = await t.call(deviceModelEndpoints.list, { token, query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data.list as DeviceModel[];
  };

  it('lists the shared catalog with the machines each model has in the user’s scope', async () => {
    const rows = await list();
    const catalog = await t.dbh.db.select().from(deviceModels).all();
    expect(rows.map((r) => r.id).sort()).toEqual(catalog.map((m) => m.id).sort());
    await expectEvery(rows, (r) => r.shared && !r.editable);
    const lessorId = await orgIdOf(t, LESSOR_A);
    const first = rows[0]!;
    const mine = await t.dbh.db.select().from(devices).where(eq(devices.modelId, first.id)).all();
    expect(first.deviceCount).toBe(mine.filter((d) => d.orgId === lessorId).length);
    await expectEvery(await list(admin, { category: 'boat' }), (r) => r.category === 'boat');
    expect(await list(admin, { name: '%' })).toEqual([]);
    await expectEvery(await list(await t.tokenFor(ROLE.companyAdmin)), (r) => r.editable);
  });

  it('finds a model by its name in either language: 泵 finds the pumps, pump too', async () => {
    const pumps = await list(admin, { name: '泵' });
    expect(pumps.map((m) => m.category).sort()).toEqual(['concretePump', 'concretePump']);
    expect(pumps.map((m) => m.nameZh)).toEqual(expect.arrayContaining(['HBT6016C 拖泵', '56X-6RZ 泵车']));
    expect((await list(admin, { name: 'pump' })).map((m) => m.id).sort()).toEqual(pumps.map((m) => m.id).sort());
    await expectEvery(await list(admin, { name: '叉车' }), (m) => m.category === 'forklift');
  });

  it('keeps the names in both languages a company gives its own model', async () => {
    const body = {
      name: 'ZS-12 scissor lift',
      nameZh: 'ZS-12 剪叉式升降平台',
      nameEn: 'ZS-12 scissor lift',
      category: 'aerialPlatform' as const,
      image: '/machine-kinds/aerialPlatform.svg',
    };
    const created = await t.call(deviceModelEndpoints.create, { token: admin, body });
    expect(created.status, created.message).toBe('200');
    const [found] = await list(admin, { name: '剪叉式升降平台', category: 'aerialPlatform' }).then((rows) =>
      rows.filter((r) => r.id === created.data.id),
    );
    expect(found).toMatchObject({ nameZh: body.nameZh, nameEn: body.nameEn });
  });

  it('needs name, category and image, each with its own message', async () => {
    const res = await t.call(deviceModelEndpoints.create, { token: admin, loose: { body: {} } });
    expect(res.status).toBe('400');
    const messages = Object.fromEntries(
      (res.data.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
    );
    expect(messages).toEqual({
      name: 'deviceModels.nameRequired',
      category: 'deviceModels.categoryRequired',
      image: 'deviceModels.imageRequired',
    });
    expect(res.message).toContain('Please enter the model name');
  });

  it('creates a model of the own company with an uploaded picture; other companies do not see it', async () => {
    const image = await picture();
    const res = await t.call(deviceModelEndpoints.create, {
      token: admin,
      body: { name: 'Huadong custom lift', category: 'aerialPlatform', image, brand: 'Huadong' },
    });
    expect(res.status, res.message).toBe('200');
    const mine = (await list()).find((r) => r.id === res.data.id)!;
    expect(mine).toMatchObject({ shared: false, editable: true, deviceCount: 0, image });
    const options = await t.call(deviceEndpoints.options, { token: admin });
    expect(options.data.models.map((m: { id: number }) => m.id)).toContain(res.data.id);
    const other = await t.call(deviceModelEndpoints.list, {
      token: await t.tokenFor(ROLE.other),
      query: { pageSize: 200 },
    });
    expect(other.data.list.map((r: DeviceModel) => r.id)).not.toContain(res.data.id);
    // A name the company already uses (its own or the catalog's) is refused on the field.
    const catalogName = (await t.dbh.db.select().from(deviceModels).get())!.name;
    const clash = await t.call(deviceModelEndpoints.create, {
      token: admin,
      body: { name: catalogName.toUpperCase(), category: 'boat', image },
    });
    expect(clash.data.field).toBe('name');
    expect(clash.message).toContain('A model with this name already exists');
  });

  it('refuses a picture that is not an own public upload', async () => {
    const body = { name: 'No picture', category: 'mower' as const };
    const privateImage = await picture(admin, false);
    const foreign = await picture(await t.tokenFor(ROLE.companyAdmin));
    for (const image of [
      privateImage,
      foreign,
      '/api/files/0123456789abcdef0123456789abcdef.png',
      'https://x.test/a.png',
    ]) {
      const res = await t.call(deviceModelEndpoints.create, { token: admin, body: { ...body, image } });
      expect(res.status, image).toBe('400');
      expect(res.data.field, image).toBe('image');
    }
  });

  it('refuses to delete a model machines use, with a clear message, and deletes an unused one', async () => {
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const used = (await t.dbh.db.select().from(deviceModels).get())!;
    const count = (await t.dbh.db.select().from(devices).where(eq(devices.modelId, used.id)).all()).length;
    const refused = await t.call(deviceModelEndpoints.delete, { token: operator, body: { id: used.id } });
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `This model is used by ${count} machine(s) and cannot be deleted; give them another model first`,
    );
    expect(await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.id, used.id)).get()).toBeDefined();

    const created = await t.call(deviceModelEndpoints.create, {
      token: operator,
      body: { name: 'Spare model', category: 'charger', image: '/machine-kinds/charger.svg' },
    });
    const deleted = await t.call(deviceModelEndpoints.delete, { token: operator, body: { id: created.data.id } });
    expect(deleted.status, deleted.message).toBe('200');
    expect(
      await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.id, created.data.id)).get(),
    ).toBeUndefined();
  });

  it('keeps the catalog the operator’s: a lessor can neither change nor delete it', async () => {
    const catalog = (await t.dbh.db.select().from(deviceModels).get())!;
    const edit = await t.call(deviceModelEndpoints.update, {
      token: admin,
      body: { id: catalog.id, name: 'Mine now', category: catalog.category, image: catalog.image },
    });
    expect(edit.status).toBe('403');
    expect((await t.call(deviceModelEndpoints.delete, { token: admin, body: { id: catalog.id } })).status).toBe('403');
    expect((await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.id, catalog.id)).get())!.name).toBe(
      catalog.name,
    );
  });

  it('gives a model’s machines its new category', async () => {
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const model = (await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.category, 'boat')).get())!;
    const res = await t.call(deviceModelEndpoints.update, {
      token: operator,
      body: { id: model.id, name: model.name, category: 'mower', image: model.image, brand: model.brand },
    });
    expect(res.status, res.message).toBe('200');
    const kinds = new Set(
      (await t.dbh.db.select().from(devices).where(eq(devices.modelId, model.id)).all()).map((d) => d.kind),
    );
    expect([...kinds]).toEqual(['mower']);
  });
});
