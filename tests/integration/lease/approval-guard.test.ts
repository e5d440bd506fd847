import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CNY, formatMoney } from '@console/contract/codes/money';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints as api } from '@console/contract/http/lease-contracts';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { productEndpoints } from '@console/contract/http/products';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { renters } from '@console/db/schema/lease';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * A salesperson does not get a price approved alone (decisions 029 and 034, their addenda): the real-name state of a
 * renter is the managers' to record, and a contract below the lessor's list price, without one, or for a renter
 * not verified waits for a manager whatever the automatic approval rules say. Every state is reached through the
 * endpoints the console calls.
 */
describe('automatic approval leaves prices below the list and unverified renters to a manager', () => {
  let t: TestApp;
  const sales = () => t.tokenFor(ROLE.lessorSales);
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const staff = () => t.tokenFor(ROLE.lessorStaff);
  // The demo company bills in its brand's yuan: the reasons name prices as money, with the currency.
  const yuan = (cents: number) => formatMoney(cents, CNY);

  const renterBody = (n: number) => ({
    name: `甬江测试${n}建设有限公司`,
    identityType: 2,
    idNumber: completeIdNumber(2, `91310115MA1K${n}QWER`),
    contactName: '张伟',
    areaCode: '86',
    contactPhone: '13912345678',
    address: '上海市浦东新区张江路100号',
    realNameState: 'verified' as const,
  });
  const stateOf = async (id: number) =>
    (await t.dbh.db.select().from(renters).where(eq(renters.orgId, id)).get())!.realNameState;

  /** A renter the salesperson brings in (claiming it verified), verified or not by the administrative staff. */
  async function salesRenter(n: number, verifiedByStaff: boolean): Promise<number> {
    const made = await t.call(partyEndpoints.renterCreate, { token: await sales(), body: renterBody(n) });
    expect(made.status).toBe('200');
    if (verifiedByStaff) {
      const body = { ...renterBody(n), id: made.data.id };
      expect((await t.call(partyEndpoints.renterUpdate, { token: await staff(), body })).status).toBe('200');
    }
    return made.data.id;
  }

  /** The company's first rule from now on: it approves any contract up to 50,000 and looks at nothing else. */
  async function amountOnlyRule(): Promise<string> {
    const name = 'Up to 50,000';
    const made = await t.call(partyEndpoints.ruleCreate, {
      token: await admin(),
      body: { name, maxTotalCents: 5_000_000 } as never,
    });
    expect(made.status).toBe('200');
    const own = (await t.call(partyEndpoints.ruleList, { token: await admin() })).data.list
      .filter((r) => r.editable)
      .sort((a, b) => a.position - b.position)
      .map((r) => r.id);
    const ids = [made.data.id, ...own.filter((id) => id !== made.data.id)];
    expect((await t.call(partyEndpoints.ruleReorder, { token: await admin(), body: { ids } })).status).toBe('200');
    return name;
  }

  /** The contract form's choices, as the salesperson reads them, with the lease price list's day prices (23). */
  async function choices() {
    const options = (await t.call(api.options, { token: await sales() })).data;
    const prices = (await t.call(productEndpoints.leasePrices, { token: await sales(), query: { pageSize: 200 } })).data
      .list;
    const dayList = (modelId: number | null) =>
      prices.find((p) => p.modelId === modelId && p.businessModel === 23)?.dayCents ?? null;
    const machines = options.machines.map((m) => ({ ...m, listCents: dayList(m.modelId) }));
    return {
      storeId: options.stores[0]!.id,
      listed: machines.filter((m) => m.listCents !== null) as ((typeof machines)[number] & { listCents: number })[],
      unlisted: machines.filter((m) => m.listCents === null),
    };
  }

  /** The salesperson's contract for these lines, submitted: its id and the move's answer. */
  async function submitted(
    renterId: number,
    storeId: number,
    lines: { deviceId: number; dayCents: number }[],
    lang: 'zh' | 'en' = 'en',
  ) {
    const created = await t.call(api.create, {
      token: await sales(),
      body: {
        renterId,
        storeId,
        startOn: '2027-03-01',
        endOn: '2027-03-10',
        siteAddress: 'Century Avenue 88',
        lang,
        lines: lines.map((l) => ({ ...l, businessModel: 23 })),
      } as never,
    });
    expect(created.status).toBe('200');
    const id = created.data.id;
    const moved = await t.call(api.move, {
      token: await sales(),
      lang: 'en_US',
      body: { id, action: 'submit' } as never,
    });
    expect(moved.status).toBe('200');
    return { id, moved: moved.data };
  }
  const detail = async (id: number) => (await t.call(api.detail, { token: await admin(), query: { id } })).data;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('stores a salesperson’s renter unverified whatever it claims; only a manager marks it verified', async () => {
    const id = await salesRenter(1, false);
    expect(await stateOf(id)).toBe('none');
    const listed = await t.call(partyEndpoints.renterList, { token: await sales(), query: { keyword: '甬江测试1' } });
    expect(listed.data.list.map((r) => [r.id, r.realNameState])).toEqual([[id, 'none']]);
    // The salesperson's edit keeps the stored state, whatever it sends.
    const again = await t.call(partyEndpoints.renterUpdate, { token: await sales(), body: { ...renterBody(1), id } });
    expect(again.status).toBe('200');
    expect(await stateOf(id)).toBe('none');
    // The administrative staff (10) verify it; the salesperson's later edit of the contact keeps it verified.
    await t.call(partyEndpoints.renterUpdate, { token: await staff(), body: { ...renterBody(1), id } });
    expect(await stateOf(id)).toBe('verified');
    const contact = { ...renterBody(1), id, contactName: '李娜', realNameState: 'rejected' as const };
    expect((await t.call(partyEndpoints.renterUpdate, { token: await sales(), body: contact })).status).toBe('200');
    expect(await stateOf(id)).toBe('verified');
    // Another identity under the same renter is not what was verified.
    const other = { ...renterBody(1), id, idNumber: completeIdNumber(2, '91310115MA1K9XYWA') };
    expect((await t.call(partyEndpoints.renterUpdate, { token: await sales(), body: other })).status).toBe('200');
    expect(await stateOf(id)).toBe('none');
    // The administrator (5) records the state on creation.
    const byAdmin = await t.call(partyEndpoints.renterCreate, { token: await admin(), body: renterBody(2) });
    expect(await stateOf(byAdmin.data.id)).toBe('verified');
  });

  it('keeps a salesperson’s contract at a cent a day in review under an amount-only rule, with the reason, until a manager approves it', async () => {
    await amountOnlyRule();
    const renterId = await salesRenter(3, true);
    const { storeId, listed } = await choices();
    const machine = listed[0]!;
    const { id, moved } = await submitted(renterId, storeId, [{ deviceId: machine.id, dayCents: 1 }]);
    expect(moved).toMatchObject({ status: 1, ruleName: null });
    let c = await detail(id);
    expect(c.status).toBe(1);
    expect(c.ruleName).toBe('');
    expect(c.events.map((e) => [e.action, e.toStatus])).toEqual([
      ['create', 0],
      ['submit', 1],
    ]);
    expect(c.events[1]!.reason).toBe(
      `Needs a manager's approval: line 1 (${machine.serialNumber} ${machine.modelName}): the day price ¥0.01 is ` +
        `below the list price ${yuan(machine.listCents)}`,
    );
    // The salesperson cannot approve it; the administrator does, by hand.
    const bySales = await t.call(api.move, { token: await sales(), body: { id, action: 'approve' } as never });
    expect(bySales.status).toBe('403');
    const byAdmin = await t.call(api.move, { token: await admin(), body: { id, action: 'approve' } as never });
    expect(byAdmin.data.status).toBe(3);
    c = await detail(id);
    expect(c.events.map((e) => [e.action, e.actor])).toEqual([
      ['create', 'user'],
      ['submit', 'user'],
      ['approve', 'user'],
    ]);
  });

  it('names the line below the list price, in the contract’s language', async () => {
    await amountOnlyRule();
    const renterId = await salesRenter(4, true);
    const { storeId, listed } = await choices();
    const [atList, below] = [listed[0]!, listed[1]!];
    const { id, moved } = await submitted(
      renterId,
      storeId,
      [
        { deviceId: atList.id, dayCents: atList.listCents },
        { deviceId: below.id, dayCents: below.listCents - 1 },
      ],
      'zh',
    );
    expect(moved.status).toBe(1);
    expect((await detail(id)).events[1]!.reason).toBe(
      `需由管理员人工审核：第2行（${below.serialNumber} ${below.modelName}）的日租金${yuan(below.listCents - 1)}` +
        `低于租赁价格表的${yuan(below.listCents)}`,
    );
  });

  it('leaves a contract for a renter the company has not verified to a manager, whatever the renter claimed', async () => {
    await amountOnlyRule();
    const renterId = await salesRenter(5, false);
    const { storeId, listed } = await choices();
    const { id, moved } = await submitted(renterId, storeId, [{ deviceId: listed[0]!.id, dayCents: 1 }]);
    expect(moved.status).toBe(1);
    expect((await detail(id)).events[1]!.reason).toBe(
      `Needs a manager's approval: the renter's real name is not verified; line 1 ` +
        `(${listed[0]!.serialNumber} ${listed[0]!.modelName}): the day price ¥0.01 is below the list price ` +
        `${yuan(listed[0]!.listCents)}`,
    );
  });

  it('leaves a line whose model has no list price to a manager', async () => {
    await amountOnlyRule();
    const renterId = await salesRenter(6, true);
    const { storeId, unlisted } = await choices();
    const { id, moved } = await submitted(renterId, storeId, [{ deviceId: unlisted[0]!.id, dayCents: 100_000 }]);
    expect(moved.status).toBe(1);
    expect((await detail(id)).events[1]!.reason).toBe(
      `Needs a manager's approval: line 1 (${unlisted[0]!.serialNumber} ${unlisted[0]!.modelName}): the lease ` +
        'price list has no price for its model and business model',
    );
  });

  it('still approves by the rule a contract at or above the list price for a verified renter', async () => {
    const rule = await amountOnlyRule();
    const renterId = await salesRenter(7, true);
    const { storeId, listed } = await choices();
    const { id, moved } = await submitted(renterId, storeId, [
      { deviceId: listed[0]!.id, dayCents: listed[0]!.listCents },
      { deviceId: listed[1]!.id, dayCents: listed[1]!.listCents + 5_000 },
    ]);
    expect(moved).toMatchObject({ status: 3, ruleName: rule });
    const c = await detail(id);
    expect(c.ruleName).toBe(rule);
    expect(c.events.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ['create', 'user', ''],
      ['submit', 'user', ''],
      ['autoApprove', 'system', ''],
    ]);
  });
});
