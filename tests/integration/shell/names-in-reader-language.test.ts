import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { organisations } from '@console/db/schema/accounts';
import { SUBLESSOR } from '@console/db/seed/business';
import { deviceModels, devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, orgIdOf } from '../devices/helpers.ts';

type Lang = 'zh_CN' | 'en_US';
type Named = { name: string; nameZh: string; nameEn: string };

/** What a reader of the language should read: the name kept in it, else the registered one (decision 064). */
const shown = (record: Named, lang: Lang) => (lang === 'zh_CN' ? record.nameZh : record.nameEn) || record.name;

describe('names in the reader’s language', () => {
  let t: TestApp;
  let admin: string;
  let device: typeof devices.$inferSelect;
  let model: typeof deviceModels.$inferSelect;
  const org = async (id: number | null) =>
    id === null ? undefined : (await t.dbh.db.select().from(organisations).where(eq(organisations.id, id)).get())!;

  beforeEach(async () => {
    t = await createTestApp();
    // Huadong's administrator: its machines, their customers and distributors.
    admin = await t.tokenFor(ROLE.lessorAdmin);
    device = (await t.dbh.db
      .select()
      .from(devices)
      .where(
        and(
          eq(devices.orgId, await orgIdOf(t, LESSOR_A)),
          isNotNull(devices.customerOrgId),
          isNotNull(devices.distributorOrgId),
        ),
      )
      .orderBy(devices.id)
      .get())!;
    model = (await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.id, device.modelId)).get())!;
  });
  afterEach(() => t.dbh.close());

  const listed = async (lang: Lang, serialNumber = device.serialNumber) => {
    const res = await t.call(deviceEndpoints.list, { token: admin, query: { serialNumber }, lang });
    expect(res.status, res.message).toBe('200');
    expect(res.data.list).toHaveLength(1);
    return res.data.list[0] as DeviceRow;
  };

  const detail = async (lang: Lang, id = device.id) => {
    const res = await t.call(deviceDetailEndpoints.detail, { token: admin, query: { id }, lang });
    expect(res.status, res.message).toBe('200');
    return res.data.device as DeviceRow;
  };

  it('the demo keeps the model and the companies in both languages', async () => {
    // Otherwise the cases below could not tell one language from the other.
    expect(model.nameZh).toMatch(/[\u4e00-\u9fff]/);
    expect(model.nameEn).not.toMatch(/[\u4e00-\u9fff]/);
    const owner = (await org(device.orgId))!;
    expect(owner.nameZh).toMatch(/[\u4e00-\u9fff]/);
    expect(owner.nameEn).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await org(device.distributorOrgId))!.nameZh).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(['zh_CN', 'en_US'] as const)('shows the list and the detail of a machine in %s', async (lang) => {
    const expected = {
      modelName: shown(model, lang),
      // The demo's host type names the model: it is read in the reader's language too.
      hostType: shown(model, lang),
      ownerName: shown((await org(device.orgId))!, lang),
      customerName: shown((await org(device.customerOrgId))!, lang),
      distributorName: shown((await org(device.distributorOrgId))!, lang),
    };
    expect(await listed(lang)).toMatchObject(expected);
    expect(await detail(lang)).toMatchObject(expected);
    const kept = lang === 'zh_CN' ? 'nameZh' : 'nameEn';
    expect(expected.modelName).toBe(model[kept]);
    expect(expected.ownerName).toBe((await org(device.orgId))![kept]);
    expect(expected.distributorName).toBe((await org(device.distributorOrgId))![kept]);
  });

  it('saving the form a Chinese reader was shown changes no host type', async () => {
    const current = await listed('zh_CN');
    const { id, modelId, hostSerial, hostName, deviceName, hostType, brand, machineNumber, gpsSerial } = current;
    const { positioning, licensePlate, engineNumber, frameNumber, installedAt, location, inventoryState } = current;
    const res = await t.call(deviceEndpoints.update, {
      token: admin,
      lang: 'zh_CN',
      loose: {
        body: {
          ...{ id, modelId, hostSerial, hostName, deviceName, hostType, brand, machineNumber, gpsSerial, positioning },
          ...{ licensePlate, engineNumber, frameNumber, installedAt, location, inventoryState },
          serviceExpiresAt: current.serviceExpiresAt,
          distributorId: current.distributorId,
        },
      },
    });
    expect(res.status, res.message).toBe('200');
    expect((await listed('en_US')).hostType).toBe(shown(model, 'en_US'));
    expect((await listed('zh_CN')).hostType).toBe(model.nameZh);
  });

  it('names a model kept in one language by its registered name in the other', async () => {
    const created = await t.call(deviceModelEndpoints.create, {
      token: admin,
      body: {
        name: 'XJ-9 boom lift',
        nameZh: '',
        nameEn: '',
        category: 'aerialPlatform',
        image: '/machine-kinds/aerialPlatform.svg',
      },
    });
    expect(created.status, created.message).toBe('200');
    const machine = await t.call(deviceEndpoints.create, {
      token: admin,
      body: { serialNumber: 'XJ9-NAMES-0001', modelId: created.data.id, hostType: 'XJ-9 boom lift' },
    });
    expect(machine.status, machine.message).toBe('200');
    for (const lang of ['zh_CN', 'en_US'] as const) {
      expect(await listed(lang, 'XJ9-NAMES-0001')).toMatchObject({
        modelName: 'XJ-9 boom lift',
        hostType: 'XJ-9 boom lift',
        ownerName: shown((await org(device.orgId))!, lang),
      });
      expect((await detail(lang, machine.data.id)).modelName).toBe('XJ-9 boom lift');
    }
  });
});

describe('an organisation’s own name in the reader’s language', () => {
  let t: TestApp;
  let admin: string;
  let id: number;
  beforeEach(async () => {
    t = await createTestApp();
    // Huadong's administrator and its sub-lessor, which the demo keeps in both languages.
    admin = await t.tokenFor(ROLE.lessorAdmin);
    id = (await t.dbh.db.select().from(organisations).where(eq(organisations.name, SUBLESSOR.name)).get())!.id;
  });
  afterEach(() => t.dbh.close());

  const namesKept = async () =>
    (await t.dbh.db
      .select({ name: organisations.name, nameZh: organisations.nameZh, nameEn: organisations.nameEn })
      .from(organisations)
      .where(eq(organisations.id, id))
      .get())!;
  const found = async (lang: Lang, keyword: string) => {
    const res = await t.call(subleaseEndpoints.sublessorList, { token: admin, query: { keyword }, lang });
    expect(res.status, res.message).toBe('200');
    return (res.data.list as { id: number; name: string }[]).filter((row) => row.id === id).map((row) => row.name);
  };
  /** The sub-lessor's form as the console fills it for a reader, with `name` typed over. */
  const save = async (lang: Lang, name?: string) => {
    const shownRow = (await t.call(subleaseEndpoints.sublessorDetail, { token: admin, query: { id }, lang })).data
      .sublessor;
    const { identityType, idNumber, contactName, areaCode, contactPhone, province, city, district, address } = shownRow;
    const { bankName, bankAccountName, bankAccount, remark } = shownRow;
    const body = { id, name: name ?? shownRow.name, identityType, idNumber, contactName, areaCode, contactPhone };
    const res = await t.call(subleaseEndpoints.sublessorUpdate, {
      token: admin,
      lang,
      body: { ...body, province, city, district, address, bankName, bankAccountName, bankAccount, remark },
    });
    expect(res.status, res.message).toBe('200');
  };

  it('lists it by the name in the reader’s language and finds it by any of its names', async () => {
    expect(await found('en_US', SUBLESSOR.names.zh)).toEqual([SUBLESSOR.names.en]);
    expect(await found('zh_CN', SUBLESSOR.names.en)).toEqual([SUBLESSOR.names.zh]);
    expect(await found('en_US', SUBLESSOR.name)).toEqual([SUBLESSOR.names.en]);
  });

  it('keeps both names when a reader saves the form without renaming', async () => {
    await save('en_US');
    await save('zh_CN');
    expect(await namesKept()).toEqual({ name: SUBLESSOR.name, nameZh: SUBLESSOR.names.zh, nameEn: SUBLESSOR.names.en });
  });

  it('shows a new name to readers of both languages, on its page and on its sub-leases', async () => {
    await save('en_US', 'Suzhou Jiangnan Plant Hire Co., Ltd.');
    for (const lang of ['en_US', 'zh_CN'] as const) {
      expect(await found(lang, 'Plant Hire')).toEqual(['Suzhou Jiangnan Plant Hire Co., Ltd.']);
      const subleases = await t.call(subleaseEndpoints.subleaseList, {
        token: admin,
        query: { sublessorId: id },
        lang,
      });
      expect(subleases.data.list.length).toBeGreaterThan(0);
      for (const row of subleases.data.list as { sublessorName: string }[]) {
        expect(row.sublessorName).toBe('Suzhou Jiangnan Plant Hire Co., Ltd.');
      }
    }
    // Renamed in Chinese afterwards: the English name was of the old one, so English readers read the new one too.
    await save('zh_CN', '苏州江南机械租赁有限公司');
    for (const lang of ['en_US', 'zh_CN'] as const) {
      expect(await found(lang, '机械租赁')).toEqual(['苏州江南机械租赁有限公司']);
    }
  });
});
