import { CNY } from '@console/contract/codes/money';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { deviceSecretMatches } from '@console/contract/mqtt/credentials';
import { leaseHandoverEndpoints as handover } from '@console/contract/http/lease-handover';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { subleaseEndpoints as api } from '@console/contract/http/lease-sublease';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { subleases, sublessors } from '@console/db/schema/lease-sublease';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import { createSession } from '@console/server/src/lib/session';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { contractRow, renterOf, storeOf, userOf } from '../lease/helpers.ts';
import { dayOf, huadongOf } from '../lease-handover/helpers.ts';
import { mapInOrder } from '@console/db/in-order';

/** Sub-lessors and machines rented in (docs/decisions/042-sub-leasing.md), through the endpoints. */
describe('sub-leasing', () => {
  let f: SigningFixture;
  let t: TestApp;
  let huadong: number;
  let sublessorId: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const today = () => dayOf(t.deps.now());
  const tokenOfMobile = async (mobile: string) => {
    const u = (await t.dbh.db.select().from(users).where(eq(users.mobile, mobile)).get())!;
    return createSession(t.dbh.db, u.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  };
  const sublessorToken = () => tokenOfMobile(SUBLESSOR_DEMO_ACCOUNT);
  const modelOf = async (orgId: number) =>
    (await t.dbh.db.select({ id: devices.modelId }).from(devices).where(eq(devices.orgId, orgId)).get())!.id;
  const device = async (id: number) => (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;

  /** Rent machines in from the demo sub-lessor at 100.00 a day (model 23). */
  const rentIn = async (serials: string[], days = { startOn: today(), endOn: today() }, token?: string) =>
    t.call(api.subleaseCreate, {
      token: token ?? (await admin()),
      body: {
        sublessorId,
        ...days,
        businessModel: 23,
        dayCents: 10_000,
        storeId: await storeOf(t, huadong),
        machines: await mapInOrder(serials, async (serialNumber) => ({
          serialNumber,
          deviceName: '租入剪叉',
          modelId: await modelOf(huadong),
        })),
      },
    });

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    huadong = await huadongOf(t);
    sublessorId = (await t.dbh.db.select().from(sublessors).where(eq(sublessors.lessorOrgId, huadong)).get())!.orgId;
  });
  afterEach(() => f.close());

  it('manages sub-lessors as renters: bank details, a sign-in account, validation, delete refused once it lent', async () => {
    const body = {
      name: '吴江设备租赁有限公司',
      identityType: 2,
      contactName: '沈明',
      areaCode: '86',
      contactPhone: '13912340001',
      address: '苏州市吴江区中山路8号',
      bankName: '中国银行吴江支行',
      bankAccountName: '吴江设备租赁有限公司',
      bankAccount: '6216 6100 0001 2345',
      accountMobile: '13912340002',
    };
    const bad = await t.call(api.sublessorCreate, { token: await admin(), body: { ...body, bankAccount: '12ab' } });
    expect(bad.status).toBe('400');
    expect(bad.data.field).toBe('bankAccount');
    expect(bad.message).toContain('Enter a bank account of 8 to 40 digits');
    const made = await t.call(api.sublessorCreate, { token: await admin(), body });
    expect(made.status, made.message).toBe('200');
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, made.data.id)).get())!;
    expect(org).toMatchObject({ kind: 'sublessor', parentId: huadong });
    const taken = await t.call(api.sublessorCreate, { token: await admin(), body: { ...body, name: 'Other' } });
    expect(taken.data.field).toBe('accountMobile');

    const found = await t.call(api.sublessorList, {
      token: await t.tokenFor(ROLE.lessorStaff),
      query: { keyword: '吴江' },
    });
    expect(found.data.list.map((s) => s.name)).toEqual([body.name]);
    const detail = await t.call(api.sublessorDetail, { token: await admin(), query: { id: made.data.id } });
    expect(detail.data.sublessor).toMatchObject({ bankAccount: body.bankAccount, editable: true, renting: 0 });
    expect(detail.data.accounts.map((a) => a.mobile)).toEqual([body.accountMobile]);

    // Another rental company neither reads nor changes it; a salesperson may not manage sub-lessors.
    const other = await userOf(t, await lessorIdOtherThan(t, huadong), ROLE.lessorAdmin);
    const foreign = await createSession(t.dbh.db, other.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    expect((await t.call(api.sublessorDetail, { token: foreign, query: { id: made.data.id } })).status).toBe('404');
    expect((await t.call(api.sublessorUpdate, { token: foreign, body: { ...body, id: made.data.id } })).status).toBe(
      '404',
    );
    expect((await t.call(api.sublessorList, { token: await t.tokenFor(ROLE.lessorSales) })).status).toBe('403');

    const refused = await t.call(api.sublessorDelete, {
      token: await admin(),
      lang: 'zh_CN',
      body: { id: sublessorId },
    });
    expect(refused.status).toBe('409');
    expect(refused.message).toBe('该转租方有 4 条转租记录，不能删除');
    expect((await t.call(api.sublessorDelete, { token: await admin(), body: { id: made.data.id } })).status).toBe(
      '200',
    );
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, body.accountMobile)).get()).toBeUndefined();
  });

  it('rents a machine in, leases it out, refuses its return while out, and returns it once it is back', async () => {
    const made = await rentIn(['ZL-TEST-0001'], { startOn: today(), endOn: dayOf(t.deps.now() + 29 * 86_400_000) });
    expect(made.status, made.message).toBe('200');
    const [{ id, deviceId, mqttSecret }] = made.data.list as [(typeof made.data.list)[number]];
    expect(deviceSecretMatches(mqttSecret!, (await device(deviceId)).mqttSecretHash)).toBe(true);
    expect(await device(deviceId)).toMatchObject({ orgId: huadong, leaseStatus: 'stock' });
    // 30 days at 100.00.
    expect((await t.dbh.db.select().from(subleases).where(eq(subleases.id, id)).get())!.costCents).toBe(300_000);
    // In the company's device list, marked as rented in.
    const listed = await t.call(deviceEndpoints.list, {
      token: await admin(),
      query: { serialNumber: 'ZL-TEST-0001' },
    });
    expect(listed.data.list[0]).toMatchObject({
      id: deviceId,
      rentedFrom: 'Suzhou Jiangnan Equipment Sublease Co., Ltd.',
    });
    // The same serial cannot be rented in twice.
    const twice = await rentIn(['zl-test-0001']);
    expect(twice.status).toBe('400');

    // Leased out under the company's own contract (approved and signed), delivered.
    const sales = await userOf(t, huadong, ROLE.lessorSales);
    const renterId = await renterOf(t, huadong, 'clear');
    const draft = await createDraft(
      t.dbh.db,
      sales,
      {
        renterId,
        storeId: await storeOf(t, huadong),
        startOn: today(),
        endOn: dayOf(t.deps.now() + 20 * 86_400_000),
        siteAddress: '张江路1号',
        lines: [{ deviceId, businessModel: 23, dayCents: 30_000 }],
      },
      t.deps.now(),
    );
    if ((await submit(t.dbh.db, sales, draft.id, t.deps.now(), CNY)).status === LEASE_STATUS.pendingReview) {
      await approve(t.dbh.db, await userOf(t, huadong, ROLE.lessorAdmin), draft.id, t.deps.now());
    }
    await f.sign(draft.id);
    expect((await contractRow(t, draft.id)).status).toBe(LEASE_STATUS.inExecution);
    // Promised to a running contract, even before it leaves: not returnable.
    const promised = await t.call(api.subleaseReturn, { token: await admin(), body: { id, day: today() } });
    expect(promised.status).toBe('409');
    const options = await t.call(handover.options, {
      token: await admin(),
      query: { contractId: draft.id, kind: 'entry' },
    });
    const lineId = options.data.lines[0]!.lineId;
    const move = async (kind: 'entry' | 'exit') => {
      const record = await t.call(handover.create, {
        token: await admin(),
        body: {
          kind,
          contractId: draft.id,
          day: today(),
          deliveredBy: '王师傅',
          receivedBy: '李工',
          machines: [{ lineId, deviceId }],
        },
      });
      expect(record.status, record.message).toBe('200');
      expect((await t.call(handover.confirm, { token: await admin(), body: { id: record.data.id } })).status).toBe(
        '200',
      );
    };
    await move('entry');
    expect(await device(deviceId)).toMatchObject({ leaseStatus: 'leased', customerOrgId: renterId });

    const out = await t.call(api.subleaseReturn, { token: await admin(), lang: 'en_US', body: { id, day: today() } });
    expect(out.status).toBe('409');
    expect(out.message).toBe(
      `Machine ZL-TEST-0001 is leased out or promised under contract ${draft.number} and cannot be returned`,
    );
    const outZh = await t.call(api.subleaseReturn, { token: await admin(), lang: 'zh_CN', body: { id, day: today() } });
    expect(outZh.message).toBe(`设备 ZL-TEST-0001 在合同 ${draft.number} 下出租或已被合同占用，不能退还`);

    // Back from the renter (the contract runs on): now it goes back to its sub-lessor.
    await move('exit');
    const back = await t.call(api.subleaseReturn, { token: await admin(), body: { id, day: today() } });
    expect(back.status, back.message).toBe('200');
    const row = (await t.dbh.db.select().from(subleases).where(eq(subleases.id, id)).get())!;
    // One day at 100.00: the cost runs to the return day.
    expect(row).toMatchObject({ state: 'returned', returnedOn: today(), costCents: 10_000 });
    expect(await device(deviceId)).toMatchObject({ orgId: sublessorId, customerOrgId: null });
    const again = await t.call(api.subleaseReturn, { token: await admin(), body: { id, day: today() } });
    expect(again.status).toBe('409');
    // Rented in again later: the same machine comes back into the fleet.
    const anew = await rentIn(['ZL-TEST-0001']);
    expect(anew.status, anew.message).toBe('200');
    expect(anew.data.list[0]!.deviceId).toBe(deviceId);
    expect((await device(deviceId)).orgId).toBe(huadong);
  });

  it('leaves the MQTT secret of a machine rented in by office staff to those who fit devices', async () => {
    const made = await rentIn(['ZL-KEY-0001'], undefined, await t.tokenFor(ROLE.lessorStaff));
    expect(made.status, made.message).toBe('200');
    const [rented] = made.data.list as [(typeof made.data.list)[number]];
    expect(rented).toEqual({ id: rented.id, deviceId: rented.deviceId, serialNumber: 'ZL-KEY-0001' });
    // The company's technician issues the key on the machine's page, and it is the one the broker checks.
    const reset = await t.call(deviceEndpoints.resetSecret, {
      token: await t.tokenFor(ROLE.technician),
      body: { id: rented.deviceId },
    });
    expect(reset.status, reset.message).toBe('200');
    expect(deviceSecretMatches(reset.data.mqttSecret, (await device(rented.deviceId)).mqttSecretHash)).toBe(true);
  });

  it('shows a sub-lessor the machines it lent and their state, and nothing else of the company', async () => {
    const token = await sublessorToken();
    const mine = await t.call(api.subleaseList, { token, query: { pageSize: 50 } });
    expect(mine.status).toBe('200');
    expect(mine.data.total).toBe(4);
    expect(mine.data.list.every((s) => s.sublessorId === sublessorId && !s.editable)).toBe(true);
    // Two of them are leased out again: the sub-lessor sees that they are, not to whom.
    expect(mine.data.list.filter((s) => s.leasedOut)).toHaveLength(2);
    expect(JSON.stringify(mine.data)).not.toMatch(/customerName|renterName/);
    const one = await t.call(api.subleaseDetail, { token, query: { id: mine.data.list.find((s) => s.leasedOut)!.id } });
    expect(one.data.contracts).toEqual([]);
    // The company sees the contract that leased it out.
    const seenByCompany = await t.call(api.subleaseDetail, {
      token: await admin(),
      query: { id: one.data.sublease.id },
    });
    expect(seenByCompany.data.contracts.length).toBeGreaterThan(0);

    // Nothing of the company: no machine (the lent ones are the company's while rented in), no renter, no contract.
    expect((await t.call(deviceEndpoints.list, { token })).data.total).toBe(0);
    expect((await t.call(leaseContractEndpoints.list, { token })).data?.total ?? 0).toBe(0);
    expect((await t.call(partyEndpoints.renterList, { token })).status).toBe('403');
    expect((await t.call(api.sublessorList, { token })).status).toBe('403');
    expect((await t.call(revenueEndpoints.summary, { token })).status).toBe('403');
    // It changes nothing.
    const [first] = mine.data.list;
    expect((await t.call(api.subleaseReturn, { token, body: { id: first!.id, day: today() } })).status).toBe('403');

    // The renter of a lent machine does not learn it was rented in.
    const leased = await device(mine.data.list.find((s) => s.leasedOut)!.deviceId);
    const renterUser = await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.orgId, leased.customerOrgId!), eq(users.roleId, ROLE.other)))
      .get();
    if (renterUser) {
      const renterToken = await createSession(t.dbh.db, renterUser.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
      const seen = await t.call(deviceEndpoints.get, { token: renterToken, query: { id: leased.id } });
      expect(seen.data.rentedFrom).toBe('');
      expect((await t.call(api.subleaseList, { token: renterToken })).data.total).toBe(0);
    }
  });

  it('counts the sub-lease cost against income in the revenue analysis, month by month', async () => {
    const range = { from: '2024-01-01', to: '2024-02-29' };
    const before = await t.call(revenueEndpoints.summary, { token: await admin(), query: range });
    expect(before.data.totals.subleaseCents).toBe(0);
    // 15 January to 14 February at 100.00 a day: 17 days in January, 14 in February.
    expect((await rentIn(['ZL-REV-0001'], { startOn: '2024-01-15', endOn: '2024-02-14' })).status).toBe('200');
    const after = await t.call(revenueEndpoints.summary, { token: await admin(), query: range });
    expect(after.data.totals.subleaseCents).toBe(310_000);
    expect(after.data.totals.profitCents).toBe(before.data.totals.profitCents - 310_000);
    expect(after.data.months.map((m) => [m.month, m.subleaseCents])).toEqual([
      ['2024-01', 170_000],
      ['2024-02', 140_000],
    ]);
    // A machine kind the sub-lease is not counts none of it.
    const kind = (
      await device((await t.dbh.db.select().from(subleases).where(eq(subleases.startOn, '2024-01-15')).get())!.deviceId)
    ).kind;
    const otherKind = kind === 'forklift' ? 'mower' : 'forklift';
    const narrowed = await t.call(revenueEndpoints.summary, {
      token: await admin(),
      query: { ...range, kind: otherKind },
    });
    expect(narrowed.data.totals.subleaseCents).toBe(0);
  });
});

/** Another rental company's administrator. */
async function lessorIdOtherThan(t: TestApp, id: number): Promise<number> {
  return (
    await t.dbh.db
      .select({ orgId: users.orgId })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.orgId))
      .where(and(eq(organisations.kind, 'lessor'), eq(users.roleId, ROLE.lessorAdmin)))
      .all()
  ).find((u) => u.orgId !== id)!.orgId;
}
