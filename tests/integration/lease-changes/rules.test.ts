import { CNY } from '@console/contract/codes/money';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractLines, contracts } from '@console/db/schema/lease';
import { devices } from '@console/db/schema/devices';
import { leasePrices } from '@console/db/schema/products';
import { issueLessorBills } from '@console/db/billing/issue';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, leaseTwoMachines, todayOf, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';
import { demoUser, freeStock } from '../lease/helpers.ts';
import { CLAIMING } from '@console/server/src/lease/machines-held';
import { submit } from '@console/server/src/lease/review';
import { approveEverything, changeOf, putInForce, statusOf, writeChange } from './helpers.ts';

/** Every refusal of a change, and who sees and writes one (decisions 029 and 041). */
describe('contract change rules', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const on = (monthDay: string, years = 0) => lease.on(monthDay, years);
  const dailyLine = () => lease.lines.daily;
  /** The daily machine's list price (decision 049): a price below it leaves a change to a manager. */
  const listPrice = async () => {
    const modelId = (await t.dbh.db.select().from(devices).where(eq(devices.id, lease.machines.daily)).get())!.modelId;
    return (await t.dbh.db
      .select()
      .from(leasePrices)
      .where(
        and(eq(leasePrices.orgId, lease.lessorId), eq(leasePrices.modelId, modelId), eq(leasePrices.businessModel, 23)),
      )
      .get())!.dayCents!;
  };
  const reprice = (effectiveOn: string, dayCents = 25_000) => ({
    contractId: lease.contractId,
    effectiveOn,
    lines: [{ op: 'reprice', lineId: dailyLine(), businessModel: 23, dayCents }],
  });
  const move = async (id: number, action: string, roleId: number = ROLE.lessorAdmin, extra = {}) =>
    t.call(leaseContractEndpoints.move, {
      token: await t.tokenFor(roleId as never),
      lang: 'en_US',
      body: { id, action: action as never, ...extra },
    });

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  it('is written only against a contract in execution', async () => {
    // The lease ends today (its machines come back with it).
    const closed = await move(lease.contractId, 'close', ROLE.lessorAdmin, { day: todayOf(t) });
    expect(closed.status, closed.message).toBe('200');
    expect(await statusOf(t, lease.contractId)).toBe(8);
    const refused = await writeChange(t, reprice(on('05-01')));
    expect(refused.status).toBe('409');
    expect(refused.message).toContain('only a contract in execution can be changed');
  });

  it('refuses what the form gets wrong, each on its field', async () => {
    const field = async (body: Record<string, unknown>) => {
      const answer = await writeChange(t, body);
      expect(answer.status).toBe('400');
      return answer.data.issues?.map((i) => [i.path, i.message]);
    };
    expect(await field({ contractId: lease.contractId, effectiveOn: on('05-01'), lines: [] })).toEqual([
      ['lines', 'change.nothingChanged'],
    ]);
    expect(await field({ ...reprice(on('05-01')), endOn: on('04-30') })).toEqual([
      ['endOn', 'change.endBeforeEffective'],
    ]);
    expect(await field({ contractId: lease.contractId, effectiveOn: on('05-01'), lines: [{ op: 'reprice' }] })).toEqual(
      [
        ['lines.0.lineId', 'change.lineRequired'],
        ['lines.0.businessModel', 'lease.businessModelInvalid'],
      ],
    );
    expect(
      await field({ ...reprice(on('05-01')), lines: [{ op: 'reprice', lineId: dailyLine(), businessModel: 24 }] }),
    ).toEqual([['lines.0.monthCents', 'lease.monthPriceRequired']]);
    expect(await field(reprice(on('03-01')))).toEqual([['effectiveOn', 'change.effectiveBeforeStart']]);
    expect(await field(reprice(on('01-01', 1)))).toEqual([['effectiveOn', 'change.effectiveAfterEnd']]);
  });

  it('acts only on lines of its own contract in force, on machines in stock, and never on billed days', async () => {
    const other = (await t.dbh.db.select().from(contracts).where(eq(contracts.lessorOrgId, lease.lessorId)).all()).find(
      (c) => c.id !== lease.contractId && c.status === 7,
    )!;
    const foreignLine = (await t.dbh.db
      .select()
      .from(contractLines)
      .where(eq(contractLines.contractId, other.id))
      .get())!.id;
    const wrong = await writeChange(t, {
      ...reprice(on('05-01')),
      lines: [{ op: 'remove', lineId: foreignLine }],
    });
    expect(wrong.data.issues?.[0]).toMatchObject({ path: 'lines.0.lineId', message: 'change.lineInvalid' });
    const add = (deviceId: number) => ({
      ...reprice(on('05-01')),
      lines: [{ op: 'add', deviceId, businessModel: 23, dayCents: 10_000 }],
    });
    // A machine on lease (this contract's own, delivered) is not in stock.
    const leased = await writeChange(t, add(lease.machines.daily));
    expect(leased.status).toBe('400');
    expect(leased.message).toContain('is not in stock');
    // A machine in stock that another contract names is that contract's.
    const held = (await t.dbh.db
      .select({ deviceId: contractLines.deviceId })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .innerJoin(devices, eq(devices.id, contractLines.deviceId))
      .where(
        and(
          eq(contracts.lessorOrgId, lease.lessorId),
          eq(contracts.kind, 'contract'),
          inArray(contracts.status, CLAIMING),
          eq(devices.leaseStatus, 'stock'),
        ),
      )
      .get())!.deviceId!;
    const busy = await writeChange(t, add(held));
    expect(busy.status).toBe('409');
    expect(busy.message).toContain('is already on contract');
    advanceTo(t, on('05-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const billed = await writeChange(t, reprice(on('04-15')));
    expect(billed.status).toBe('409');
    expect(billed.message).toContain(on('04-30'));
    expect((await writeChange(t, reprice(on('05-01')))).status).toBe('200');
  });

  it('takes the contract flow: automatic approval, no edit once approved, and it never closes on its own', async () => {
    const rule = await approveEverything(t);
    // At the list price: below it, a manager approves whatever the rules say.
    const id = await changeOf(t, reprice(on('05-01'), await listPrice()));
    const submitted = await move(id, 'submit');
    expect(submitted.data).toMatchObject({ status: 3, ruleName: rule });
    const edit = await t.call(api.update, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      lang: 'en_US',
      query: { id },
      body: reprice(on('05-02')) as never,
    });
    expect(edit.status).toBe('409');
    await putInForce(f, id);
    expect(await statusOf(t, id)).toBe(7);
    for (const action of ['close', 'terminate']) {
      const refused = await move(id, action, ROLE.lessorAdmin, { reason: 'x', day: on('06-01') });
      expect(refused.status).toBe('409');
      expect(refused.message).toContain('it cannot be');
    }
    expect(await statusOf(t, id)).toBe(7);
  });

  it('takes one change at a time: another is refused while one is in review or signing, and allowed once in force', async () => {
    await approveEverything(t);
    const [added, other] = await freeStock(t, lease.lessorId, 2);
    const adding = async (deviceId: number, effectiveOn: string) => ({
      contractId: lease.contractId,
      effectiveOn,
      lines: [{ op: 'add', deviceId, businessModel: 23, dayCents: await listPrice() }],
    });
    const first = await changeOf(t, reprice(on('05-01'), await listPrice()));
    // A second draft may be written while the first is still a draft.
    const second = await changeOf(t, await adding(added!.id, on('06-01')));
    expect((await move(first, 'submit')).data.status).toBe(3);
    const refused = await move(second, 'submit');
    expect(refused.status).toBe('409');
    expect(refused.message).toContain('is waiting for e-signature initiation: wait until it is in force');
    const written = await writeChange(t, await adding(other!.id, on('07-01')));
    expect(written.status).toBe('409');
    expect(await statusOf(t, second)).toBe(0);
    // In force, the first no longer holds the contract: the second goes on against the contract as it now is.
    await putInForce(f, first);
    const after = await move(second, 'submit');
    expect(after.status, after.message).toBe('200');
  });

  it('a change not yet submitted ends with its contract: its submit is refused afterwards', async () => {
    const [machine] = await freeStock(t, lease.lessorId, 1);
    const id = await changeOf(t, {
      ...reprice(on('05-01')),
      lines: [{ op: 'add', deviceId: machine!.id, businessModel: 23, dayCents: 10_000 }],
    });
    const closed = await move(lease.contractId, 'close', ROLE.lessorAdmin, { day: todayOf(t) });
    expect(closed.status, closed.message).toBe('200');
    // The draft never came into force and now cannot (decision 041): terminated with its contract.
    expect(await statusOf(t, id)).toBe(9);
    const refused = await move(id, 'submit');
    expect(refused.status).toBe('409');
    expect(await statusOf(t, id)).toBe(9);
  });

  it('is seen as its contract is: company, own salesperson, the renter from approval on, nobody else', async () => {
    const id = await changeOf(t, reprice(on('05-01')));
    const detail = async (roleId: number) =>
      t.call(api.detail, { token: await t.tokenFor(roleId as never), query: { id } }).then((a) => a.status);
    const listed = async (roleId: number) =>
      t
        .call(api.list, { token: await t.tokenFor(roleId as never), query: {} })
        .then((a) => a.data.list.some((r) => r.id === id));
    expect(await detail(ROLE.lessorAdmin)).toBe('200');
    expect(await detail(ROLE.lessorStaff)).toBe('200');
    expect(await listed(ROLE.lessorAdmin)).toBe(true);
    // The salesperson neither wrote the contract's change nor sells the contract.
    expect(await detail(ROLE.lessorSales)).toBe('404');
    expect(await listed(ROLE.lessorSales)).toBe(false);
    // The renter's users: not while it is a draft, yes once approved.
    expect(await detail(ROLE.other)).toBe('404');
    await submit(t.dbh.db, await demoUser(t, ROLE.lessorAdmin), id, t.deps.now(), CNY);
    if ((await statusOf(t, id)) === 1) await move(id, 'approve');
    expect(await detail(ROLE.other)).toBe('200');
    expect(await listed(ROLE.other)).toBe(true);
    // The renter reads, never writes.
    expect((await writeChange(t, reprice(on('05-02')), ROLE.other)).status).toBe('403');
    // Other companies are the isolation matrix's (tests/integration/security): every endpoint here is in it.
    // A change is not a contract: the contracts' pages do not list or open it.
    const contractsList = await t.call(leaseContractEndpoints.list, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { pageSize: 200, keyword: 'BG-' },
    });
    expect(contractsList.data.list).toEqual([]);
    const asContract = await t.call(leaseContractEndpoints.detail, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id },
    });
    expect(asContract.status).toBe('404');
  });

  it('lists with filters by status, contract, kind and effective days, paged', async () => {
    const a = await changeOf(t, reprice(on('05-01')));
    const b = await changeOf(t, { contractId: lease.contractId, effectiveOn: on('06-01'), endOn: on('01-31', 1) });
    const list = async (query: Record<string, unknown>) =>
      t
        .call(api.list, {
          token: await t.tokenFor(ROLE.lessorAdmin),
          query: { contractId: lease.contractId, ...query },
        })
        .then((x) => x.data);
    expect((await list({})).list.map((r) => r.id)).toEqual([b, a]);
    expect((await list({ kind: 'reprice' })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ kind: 'extend' })).list.map((r) => [r.id, r.kinds])).toEqual([[b, ['extend']]]);
    expect((await list({ effectiveFrom: on('05-15') })).list.map((r) => r.id)).toEqual([b]);
    expect((await list({ status: 0, pageSize: 1, page: 2 })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ status: 0, pageSize: 1 })).total).toBe(2);
    expect((await list({ status: 7 })).total).toBe(0);
  });
});
