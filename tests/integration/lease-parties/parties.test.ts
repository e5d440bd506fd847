import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { organisations, uploads, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { approvalRules, contracts, renters, storeDevices, stores } from '@console/db/schema/lease';
import { esignAccounts, esignTemplates, seals } from '@console/db/schema/lease-esign';
import { DEFAULT_TEMPLATE_FIELDS } from '@console/contract/lease/template';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds } from '../lease/helpers.ts';
import { findInOrder } from '@console/db/in-order';

const CREDIT = completeIdNumber(2, '91310115MA1K4ABCD');
const ID_CARD = completeIdNumber(1, '11010519491231002');

const company = {
  name: '甬江测试建设工程有限公司',
  identityType: 2,
  idNumber: CREDIT,
  contactName: '张伟',
  areaCode: '86',
  contactPhone: '13912345678',
  address: '上海市浦东新区张江路100号',
  realNameState: 'verified' as const,
};

describe('lease master data', () => {
  let t: TestApp;
  let huadong: number;
  let northwind: number;
  /** A token of another lessor's user of this role. */
  const foreignToken = async (roleId: RoleId) => {
    const u = (await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.orgId, northwind), eq(users.roleId, roleId)))
      .get())!;
    return createSession(t.dbh.db, u.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  };

  beforeEach(async () => {
    t = await createTestApp();
    const ids = await lessorIds(t);
    huadong = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
      .get())!.orgId;
    northwind = (await findInOrder(ids, async (id) => {
      const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, id)).get())!;
      return org.name.includes('Northwind');
    }))!;
  });
  afterEach(() => t.dbh.close());

  it('creates a company renter as a customer organisation, finds it by keyword and type, and pages the CSV', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const made = await t.call(partyEndpoints.renterCreate, { token, body: company });
    expect(made.status).toBe('200');
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, made.data.id)).get())!;
    expect(org).toMatchObject({ kind: 'customer', parentId: huadong, contactPhone: '13912345678' });
    const list = await t.call(partyEndpoints.renterList, { token, query: { keyword: '甬江测试', identityType: 2 } });
    expect(list.data.list.map((r) => r.id)).toEqual([made.data.id]);
    expect(list.data.list[0]).toMatchObject({ idNumber: CREDIT, realNameState: 'verified', editable: true });
    const twice = await t.call(partyEndpoints.renterCreate, { token, body: { ...company, name: 'Other' } });
    expect(twice.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberTaken' });
    const edited = await t.call(partyEndpoints.renterUpdate, { token, body: { ...company, id: made.data.id } });
    expect(edited.status).toBe('200');
    const byPhone = await t.call(partyEndpoints.renterList, { token, query: { keyword: '13912345678' } });
    expect(byPhone.data.total).toBe(1);
    const persons = await t.call(partyEndpoints.renterList, { token, query: { identityType: 1, pageSize: 200 } });
    expect(persons.data.list.every((r) => r.identityType === 1)).toBe(true);
    // The CSV export reads every page of the same list: the pages hold every renter once.
    const all = await t.call(partyEndpoints.renterList, { token, query: { pageSize: 200 } });
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.data.total / 2); page++) {
      pages.push(...(await t.call(partyEndpoints.renterList, { token, query: { pageSize: 2, page } })).data.list);
    }
    expect(new Set(pages.map((r) => r.id)).size).toBe(all.data.total);
    expect(all.data.list.every((r) => r.lessorName === all.data.list[0]!.lessorName)).toBe(true);
  });

  it('validates the identity number by type with the spec messages', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const wrongCode = await t.call(partyEndpoints.renterCreate, { token, body: { ...company, idNumber: ID_CARD } });
    expect(wrongCode.status).toBe('400');
    expect(wrongCode.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberCompany' });
    const person = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...company, identityType: 1, idNumber: CREDIT },
    });
    expect(person.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberPerson' });
    const ok = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...company, identityType: 1, idNumber: ID_CARD, name: '王建国' },
    });
    expect(ok.status).toBe('200');
    const empty = await t.call(partyEndpoints.renterCreate, {
      token,
      loose: { body: { identityType: 3, contactPhone: '123' } },
    });
    const paths = empty.data.issues!.map((i) => `${i.path}:${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(['name:lease.renterNameRequired', 'address:lease.addressRequired']));
  });

  it('refuses to delete a renter with contracts, in both languages, and deletes an unused one', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const withContract = (await t.dbh.db.select().from(contracts).where(eq(contracts.lessorOrgId, huadong)).get())!;
    const zh = await t.call(partyEndpoints.renterDelete, {
      token,
      lang: 'zh_CN',
      body: { id: withContract.renterOrgId },
    });
    expect(zh.status).toBe('409');
    expect(zh.message).toMatch(/^该承租方有 \d+ 份合同，不能删除$/);
    const en = await t.call(partyEndpoints.renterDelete, {
      token,
      lang: 'en_US',
      body: { id: withContract.renterOrgId },
    });
    expect(en.message).toMatch(/^The renter has \d+ contract\(s\) and cannot be deleted$/);
    expect(
      await t.dbh.db.select().from(renters).where(eq(renters.orgId, withContract.renterOrgId)).get(),
    ).toBeDefined();
    // A salesperson writes renters but does not delete them.
    const made = await t.call(partyEndpoints.renterCreate, { token, body: company });
    const sales = await t.call(partyEndpoints.renterDelete, {
      token: await t.tokenFor(ROLE.lessorSales),
      body: made.data,
    });
    expect(sales.status).toBe('403');
    expect((await t.call(partyEndpoints.renterDelete, { token, body: made.data })).status).toBe('200');
    expect(await t.dbh.db.select().from(organisations).where(eq(organisations.id, made.data.id)).get()).toBeUndefined();
  });

  it('shows a renter with its contracts, machines on lease and balance', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const leased = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, huadong), eq(devices.leaseStatus, 'leased')))
      .orderBy(asc(devices.id))
      .get())!;
    const detail = await t.call(partyEndpoints.renterDetail, { token, query: { id: leased.customerOrgId! } });
    expect(detail.status).toBe('200');
    expect(detail.data.machines.map((m) => m.serialNumber)).toContain(leased.serialNumber);
    expect(detail.data.contracts.length).toBeGreaterThan(0);
    const running = detail.data.contracts.filter((c) => c.status === 7);
    expect(detail.data.balance.running).toBe(running.length);
    expect(detail.data.balance.runningCents).toBe(running.reduce((s, c) => s + c.totalCents, 0));
    // A salesperson sees the renter's contracts they wrote or sell, not their colleagues' (the contracts' changes are
    // rows of the same table, not contracts).
    const sales = await t.userId(ROLE.lessorSales);
    const theirs = await t.call(partyEndpoints.renterDetail, {
      token: await t.tokenFor(ROLE.lessorSales),
      query: { id: leased.customerOrgId! },
    });
    const own = (
      await t.dbh.db.select().from(contracts).where(eq(contracts.renterOrgId, leased.customerOrgId!)).all()
    ).filter((c) => c.kind === 'contract' && (c.createdBy === sales || c.salespersonId === sales));
    expect(theirs.data.contracts.map((c) => c.id).sort()).toEqual(own.map((c) => c.id).sort());
  });

  it('keeps every lessor apart: another lessor gets "not found" for reads and writes', async () => {
    const ours = (await t.dbh.db.select().from(renters).where(eq(renters.lessorOrgId, huadong)).get())!;
    const store = (await t.dbh.db.select().from(stores).where(eq(stores.orgId, huadong)).get())!;
    const rule = (await t.dbh.db.select().from(approvalRules).where(eq(approvalRules.orgId, huadong)).get())!;
    const token = await foreignToken(ROLE.lessorAdmin);
    expect((await t.call(partyEndpoints.renterDetail, { token, query: { id: ours.orgId } })).status).toBe('404');
    expect((await t.call(partyEndpoints.renterUpdate, { token, body: { ...company, id: ours.orgId } })).status).toBe(
      '404',
    );
    expect((await t.call(partyEndpoints.renterDelete, { token, body: { id: ours.orgId } })).status).toBe('404');
    expect((await t.call(partyEndpoints.storeMachines, { token, query: { id: store.id } })).status).toBe('404');
    expect((await t.call(partyEndpoints.storeDelete, { token, body: { id: store.id } })).status).toBe('404');
    expect((await t.call(partyEndpoints.ruleEnable, { token, body: { id: rule.id, enabled: false } })).status).toBe(
      '404',
    );
    const list = await t.call(partyEndpoints.renterList, { token, query: { pageSize: 200 } });
    expect(list.data.list.some((r) => r.id === ours.orgId)).toBe(false);
    const stores2 = await t.call(partyEndpoints.storeList, { token, query: { pageSize: 200 } });
    expect(stores2.data.list.some((s) => s.id === store.id)).toBe(false);
    // The operator's staff oversee every lessor, read only.
    const operator = await t.tokenFor(ROLE.companyAdmin);
    expect((await t.call(partyEndpoints.renterDetail, { token: operator, query: { id: ours.orgId } })).status).toBe(
      '200',
    );
    expect((await t.call(partyEndpoints.renterCreate, { token: operator, body: company })).status).toBe('403');
    // Roles outside the lease area are refused.
    for (const roleId of [ROLE.technician, ROLE.other, ROLE.distributor] as RoleId[]) {
      expect((await t.call(partyEndpoints.renterList, { token: await t.tokenFor(roleId) })).status).toBe('403');
    }
    expect(
      (await t.call(partyEndpoints.storeCreate, { token: await t.tokenFor(ROLE.lessorSales), body: {} as never }))
        .status,
    ).toBe('403');
  });

  it('manages stores and their machines; a store named by contracts is kept', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const bad = await t.call(partyEndpoints.storeCreate, {
      token,
      loose: { body: { name: '张江门店', address: '张江路1号', lat: 31.2, lng: null } },
    });
    expect(bad.data.issues).toContainEqual({ path: 'lat', message: 'lease.positionInvalid' });
    const made = await t.call(partyEndpoints.storeCreate, {
      token,
      body: { name: '张江门店', address: '张江路1号', lat: 31.2, lng: 121.6, phone: '13912345678' },
    });
    expect(made.status).toBe('200');
    const again = await t.call(partyEndpoints.storeCreate, { token, body: { name: '张江门店', address: 'x' } });
    expect(again.data.issues).toContainEqual({ path: 'name', message: 'lease.storeNameTaken' });
    const own = await t.dbh.db.select().from(devices).where(eq(devices.orgId, huadong)).limit(2).all();
    const foreign = (await t.dbh.db.select().from(devices).where(eq(devices.orgId, northwind)).get())!;
    const refused = await t.call(partyEndpoints.storeAddMachines, {
      token,
      body: { storeId: made.data.id, deviceIds: [own[0]!.id, foreign.id] },
    });
    expect(refused.status).toBe('400');
    const added = await t.call(partyEndpoints.storeAddMachines, {
      token,
      body: { storeId: made.data.id, deviceIds: own.map((d) => d.id) },
    });
    expect(added.data.added).toBe(2);
    const machines = await t.call(partyEndpoints.storeMachines, { token, query: { id: made.data.id } });
    expect(machines.data.list.map((m) => m.id).sort()).toEqual(own.map((d) => d.id).sort());
    await t.call(partyEndpoints.storeRemoveMachine, { token, body: { storeId: made.data.id, deviceId: own[0]!.id } });
    expect(await t.dbh.db.select().from(storeDevices).where(eq(storeDevices.storeId, made.data.id)).all()).toHaveLength(
      1,
    );
    expect((await t.call(partyEndpoints.storeDelete, { token, body: made.data })).status).toBe('200');
    const named = (await t.dbh.db.select().from(contracts).where(eq(contracts.lessorOrgId, huadong)).get())!;
    const kept = await t.call(partyEndpoints.storeDelete, { token, body: { id: named.storeId } });
    expect(kept.status).toBe('409');
  });

  it('orders approval rules, adds new ones last, and refuses an empty rule or a partial order', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const empty = await t.call(partyEndpoints.ruleCreate, { token, body: { name: 'nothing' } });
    expect(empty.status).toBe('400');
    expect(empty.data.issues?.[0]?.message).toBe('lease.ruleEmpty');
    const made = await t.call(partyEndpoints.ruleCreate, {
      token,
      body: { name: '小额短租', maxTotalCents: 500_000, maxDays: 7, allowedModels: [23], position: 0 },
    });
    const before = (await t.call(partyEndpoints.ruleList, { token })).data.list.filter((r) => r.orgId === huadong);
    expect(before.at(-1)!.id).toBe(made.data.id);
    const ids = before.map((r) => r.id);
    const partial = await t.call(partyEndpoints.ruleReorder, { token, body: { ids: ids.slice(1) } });
    expect(partial.status).toBe('400');
    const reversed = [...ids].reverse();
    expect((await t.call(partyEndpoints.ruleReorder, { token, body: { ids: reversed } })).status).toBe('200');
    const after = (await t.call(partyEndpoints.ruleList, { token })).data.list.filter((r) => r.orgId === huadong);
    expect(after.map((r) => r.id)).toEqual(reversed);
    await t.call(partyEndpoints.ruleEnable, { token, body: { id: made.data.id, enabled: false } });
    expect((await t.dbh.db.select().from(approvalRules).where(eq(approvalRules.id, made.data.id)).get())!.enabled).toBe(
      false,
    );
    // Salespeople neither read nor write the rules.
    expect((await t.call(partyEndpoints.ruleList, { token: await t.tokenFor(ROLE.lessorSales) })).status).toBe('403');
  });

  it('grants a seal only to a verified employee, and only by the administrator', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const seal = await t.call(partyEndpoints.sealCreate, {
      token,
      body: { name: '合同专用章', kind: 'contract', sealText: '华东高空作业设备租赁有限公司' },
    });
    const sales = await t.userId(ROLE.lessorSales);
    await t.dbh.db
      .delete(esignAccounts)
      .where(and(eq(esignAccounts.kind, 'user'), eq(esignAccounts.ownerId, sales)))
      .run();
    const notYet = await t.call(partyEndpoints.sealGrant, { token, body: { sealId: seal.data.id, userId: sales } });
    expect(notYet.data.issues).toContainEqual({ path: 'userId', message: 'lease.employeeNotVerified' });
    await t.dbh.db.insert(esignAccounts).values({ kind: 'user', ownerId: sales, state: 'verified' }).run();
    const staff = await t.call(partyEndpoints.sealGrant, {
      token: await t.tokenFor(ROLE.lessorStaff),
      body: { sealId: seal.data.id, userId: sales },
    });
    expect(staff.status).toBe('403');
    expect(
      (await t.call(partyEndpoints.sealGrant, { token, body: { sealId: seal.data.id, userId: sales } })).status,
    ).toBe('200');
    const list = await t.call(partyEndpoints.sealList, { token });
    const row = list.data.list.find((s) => s.id === seal.data.id)!;
    expect(row.grants.map((g) => g.userId)).toEqual([sales]);
    expect(list.data.signers.find((s) => s.id === sales)?.state).toBe('verified');
    const foreign = await t.call(partyEndpoints.sealGrant, {
      token: await foreignToken(ROLE.lessorAdmin),
      body: { sealId: seal.data.id, userId: sales },
    });
    expect(foreign.status).toBe('404');
    expect((await t.dbh.db.select().from(seals).where(eq(seals.orgId, northwind)).all()).length).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('keeps templates: a pdf of the lessor or the built-in layout, both signatures and the seal placed', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const noSeal = DEFAULT_TEMPLATE_FIELDS.filter((f) => f.name !== 'lessorSeal');
    const missing = await t.call(partyEndpoints.templateCreate, { token, body: { name: 'x', fields: noSeal } });
    expect(missing.data.issues?.[0]?.message).toBe('lease.templateNeedsSignatures');
    const upload = async (name: string, orgId: number, kind: 'pdf' | 'image') =>
      t.dbh.db
        .insert(uploads)
        .values({
          name,
          orgId,
          userId: await t.userId(ROLE.lessorAdmin),
          kind,
          type: kind === 'pdf' ? 'pdf' : 'png',
          size: 10,
        })
        .run();
    await upload('ours.pdf', huadong, 'pdf');
    await upload('theirs.pdf', northwind, 'pdf');
    await upload('picture.png', huadong, 'image');
    for (const name of ['theirs.pdf', 'picture.png']) {
      const refused = await t.call(partyEndpoints.templateCreate, {
        token,
        body: { name: 'x', baseUpload: `/api/files/${name}`, fields: DEFAULT_TEMPLATE_FIELDS },
      });
      expect(refused.data.issues?.[0]?.message).toBe('upload.invalidRef');
    }
    const made = await t.call(partyEndpoints.templateCreate, {
      token,
      body: { name: '短租模板', baseUpload: '/api/files/ours.pdf', fields: DEFAULT_TEMPLATE_FIELDS, isDefault: true },
    });
    expect(made.status).toBe('200');
    const defaults = await t.dbh.db
      .select()
      .from(esignTemplates)
      .where(and(eq(esignTemplates.orgId, huadong), eq(esignTemplates.isDefault, true)))
      .all();
    expect(defaults.map((d) => [d.id, d.baseUpload])).toEqual([[made.data.id, 'ours.pdf']]);
    const used = await t.dbh.db.select().from(contracts).where(eq(contracts.lessorOrgId, huadong)).all();
    const usedTemplate = used.find((c) => c.templateId !== null)?.templateId;
    if (usedTemplate) {
      expect((await t.call(partyEndpoints.templateDelete, { token, body: { id: usedTemplate } })).status).toBe('409');
    }
    expect((await t.call(partyEndpoints.templateDelete, { token, body: made.data })).status).toBe('200');
  });

  it('answers the provider authorisation as last known, and a clear message when the provider is down', async () => {
    t.dbh.close();
    t = await createTestApp({ ESIGN_URL: 'http://127.0.0.1:9' });
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const status = await t.call(partyEndpoints.providerStatus, { token });
    expect(status.data.list.map((s) => s.orgId)).toEqual([huadong]);
    const operator = await t.call(partyEndpoints.providerStatus, { token: await t.tokenFor(ROLE.companyAdmin) });
    expect(operator.data.list.map((s) => s.orgId)).toEqual(expect.arrayContaining(await lessorIds(t)));
    const down = await t.call(partyEndpoints.providerRefresh, { token, lang: 'en_US', body: { kind: 'org' } });
    expect(down.status).toBe('409');
    expect(down.message).toBe('The e-signature service is unavailable; try again later');
    expect(
      (
        await t.call(partyEndpoints.providerRefresh, {
          token: await t.tokenFor(ROLE.lessorSales),
          body: { kind: 'org' },
        })
      ).status,
    ).toBe('403');
  });
});
