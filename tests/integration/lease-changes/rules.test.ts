import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contracts } from '@console/db/schema/lease';
import { issueLessorBills } from '@console/db/billing/issue';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { leaseTwoMachines, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';
import { demoUser, freeStock } from '../lease/helpers.ts';
import { submit } from '@console/server/src/lease/review';
import { approveEverything, changeOf, periodsOf, putInForce, statusOf, writeChange } from './helpers.ts';

/** Every refusal of a change, and who sees and writes one (decisions 029 and 041). */
describe('contract change rules', () => {
  let t: TestApp;
  let lease: Leased;
  const dailyLine = () => periodsOf(t, lease.contractId).find((p) => p.id === lease.periods.daily)!.lineId;
  const reprice = (effectiveOn: string) => ({
    contractId: lease.contractId,
    effectiveOn,
    lines: [{ op: 'reprice', lineId: dailyLine(), businessModel: 23, dayCents: 25_000 }],
  });
  const move = (id: number, action: string, roleId: number = ROLE.lessorAdmin, extra = {}) =>
    t.call(leaseContractEndpoints.move, {
      token: t.tokenFor(roleId as never),
      lang: 'en_US',
      body: { id, action: action as never, ...extra },
    });

  beforeEach(async () => {
    t = await createTestApp();
    withoutSeededBilling(t);
    lease = leaseTwoMachines(t);
  });
  afterEach(() => t.dbh.close());

  it('is written only against a contract in execution', async () => {
    t.dbh.db.update(contracts).set({ status: 8 }).where(eq(contracts.id, lease.contractId)).run();
    const refused = await writeChange(t, reprice('2026-05-01'));
    expect(refused.status).toBe('409');
    expect(refused.message).toContain('only a contract in execution can be changed');
  });

  it('refuses what the form gets wrong, each on its field', async () => {
    const field = async (body: Record<string, unknown>) => {
      const answer = await writeChange(t, body);
      expect(answer.status).toBe('400');
      return answer.data.issues?.map((i) => [i.path, i.message]);
    };
    expect(await field({ contractId: lease.contractId, effectiveOn: '2026-05-01', lines: [] })).toEqual([
      ['lines', 'change.nothingChanged'],
    ]);
    expect(await field({ ...reprice('2026-05-01'), endOn: '2026-04-30' })).toEqual([
      ['endOn', 'change.endBeforeEffective'],
    ]);
    expect(
      await field({ contractId: lease.contractId, effectiveOn: '2026-05-01', lines: [{ op: 'reprice' }] }),
    ).toEqual([
      ['lines.0.lineId', 'change.lineRequired'],
      ['lines.0.businessModel', 'lease.businessModelInvalid'],
    ]);
    expect(
      await field({ ...reprice('2026-05-01'), lines: [{ op: 'reprice', lineId: dailyLine(), businessModel: 24 }] }),
    ).toEqual([['lines.0.monthCents', 'lease.monthPriceRequired']]);
    expect(await field(reprice('2026-03-01'))).toEqual([['effectiveOn', 'change.effectiveBeforeStart']]);
    expect(await field(reprice('2027-01-01'))).toEqual([['effectiveOn', 'change.effectiveAfterEnd']]);
  });

  it('acts only on lines of its own contract in force, on machines in stock, and never on billed days', async () => {
    const other = t.dbh.db
      .select()
      .from(contracts)
      .where(eq(contracts.lessorOrgId, lease.lessorId))
      .all()
      .find((c) => c.id !== lease.contractId && c.status === 7)!;
    const foreignLine = periodsOf(t, other.id)[0]?.lineId ?? 999_999;
    const wrong = await writeChange(t, {
      ...reprice('2026-05-01'),
      lines: [{ op: 'remove', lineId: foreignLine }],
    });
    expect(wrong.data.issues?.[0]).toMatchObject({ path: 'lines.0.lineId', message: 'change.lineInvalid' });
    const leased = periodsOf(t, lease.contractId).find((p) => p.id === lease.periods.daily)!.deviceId;
    const busy = await writeChange(t, {
      ...reprice('2026-05-01'),
      lines: [{ op: 'add', deviceId: leased, businessModel: 23, dayCents: 10_000 }],
    });
    expect(busy.status).toBe('409');
    expect(busy.message).toContain('is already on contract');
    issueLessorBills(t.dbh.db, lease.lessorId, '2026-05-01');
    const billed = await writeChange(t, reprice('2026-04-15'));
    expect(billed.status).toBe('409');
    expect(billed.message).toContain('2026-04-30');
    expect((await writeChange(t, reprice('2026-05-01'))).status).toBe('200');
  });

  it('takes the contract flow: automatic approval, no edit once approved, and it never closes on its own', async () => {
    const rule = approveEverything(t, lease.lessorId);
    const id = await changeOf(t, reprice('2026-05-01'));
    const submitted = await move(id, 'submit');
    expect(submitted.data).toMatchObject({ status: 3, ruleName: rule });
    const edit = await t.call(api.update, {
      token: t.tokenFor(ROLE.lessorAdmin),
      lang: 'en_US',
      query: { id },
      body: reprice('2026-05-02') as never,
    });
    expect(edit.status).toBe('409');
    putInForce(t, id);
    expect(statusOf(t, id)).toBe(7);
    for (const action of ['close', 'terminate']) {
      const refused = await move(id, action, ROLE.lessorAdmin, { reason: 'x', day: '2026-06-01' });
      expect(refused.status).toBe('409');
      expect(refused.message).toContain('it cannot be');
    }
    expect(statusOf(t, id)).toBe(7);
  });

  it('a change submitted after its contract ended is refused on submit and stays a draft', async () => {
    const [machine] = freeStock(t, lease.lessorId, 1);
    const id = await changeOf(t, {
      ...reprice('2026-05-01'),
      lines: [{ op: 'add', deviceId: machine!.id, businessModel: 23, dayCents: 10_000 }],
    });
    t.dbh.db.update(contracts).set({ status: 8 }).where(eq(contracts.id, lease.contractId)).run();
    const refused = await move(id, 'submit');
    expect(refused.status).toBe('409');
    expect(statusOf(t, id)).toBe(0);
  });

  it('is seen as its contract is: company, own salesperson, the renter from approval on, nobody else', async () => {
    const id = await changeOf(t, reprice('2026-05-01'));
    const detail = (roleId: number) =>
      t.call(api.detail, { token: t.tokenFor(roleId as never), query: { id } }).then((a) => a.status);
    const listed = (roleId: number) =>
      t
        .call(api.list, { token: t.tokenFor(roleId as never), query: {} })
        .then((a) => a.data.list.some((r) => r.id === id));
    expect(await detail(ROLE.lessorAdmin)).toBe('200');
    expect(await detail(ROLE.lessorStaff)).toBe('200');
    expect(await listed(ROLE.lessorAdmin)).toBe(true);
    // The salesperson neither wrote the contract's change nor sells the contract.
    expect(await detail(ROLE.lessorSales)).toBe('404');
    expect(await listed(ROLE.lessorSales)).toBe(false);
    // The renter's users: not while it is a draft, yes once approved.
    expect(await detail(ROLE.other)).toBe('404');
    submit(t.dbh.db, demoUser(t, ROLE.lessorAdmin), id, t.deps.now());
    if (statusOf(t, id) === 1) await move(id, 'approve');
    expect(await detail(ROLE.other)).toBe('200');
    expect(await listed(ROLE.other)).toBe(true);
    // The renter reads, never writes.
    expect((await writeChange(t, reprice('2026-05-02'), ROLE.other)).status).toBe('403');
    // Other companies are the isolation matrix's (tests/integration/security): every endpoint here is in it.
    // A change is not a contract: the contracts' pages do not list or open it.
    const contractsList = await t.call(leaseContractEndpoints.list, {
      token: t.tokenFor(ROLE.lessorAdmin),
      query: { pageSize: 200, keyword: 'BG-' },
    });
    expect(contractsList.data.list).toEqual([]);
    const asContract = await t.call(leaseContractEndpoints.detail, {
      token: t.tokenFor(ROLE.lessorAdmin),
      query: { id },
    });
    expect(asContract.status).toBe('404');
  });

  it('lists with filters by status, contract, kind and effective days, paged', async () => {
    const a = await changeOf(t, reprice('2026-05-01'));
    const b = await changeOf(t, { contractId: lease.contractId, effectiveOn: '2026-06-01', endOn: '2027-01-31' });
    const list = (query: Record<string, unknown>) =>
      t
        .call(api.list, { token: t.tokenFor(ROLE.lessorAdmin), query: { contractId: lease.contractId, ...query } })
        .then((x) => x.data);
    expect((await list({})).list.map((r) => r.id)).toEqual([b, a]);
    expect((await list({ kind: 'reprice' })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ kind: 'extend' })).list.map((r) => [r.id, r.kinds])).toEqual([[b, ['extend']]]);
    expect((await list({ effectiveFrom: '2026-05-15' })).list.map((r) => r.id)).toEqual([b]);
    expect((await list({ status: 0, pageSize: 1, page: 2 })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ status: 0, pageSize: 1 })).total).toBe(2);
    expect((await list({ status: 7 })).total).toBe(0);
  });
});
