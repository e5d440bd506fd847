import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractEvents, contractLines, contracts, renters, storeDevices, stores } from '@console/db/schema/lease';
import { signingFlows } from '@console/db/schema/lease-esign';
import { LEASE_FLOW, LEASE_STATUSES, type LeaseAction } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { isIdNumber } from '@console/contract/lease/renter-identity';
import { BUSINESSES } from '@console/db/seed/business';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { rowsOf } from '../../fixtures/sql-rows.ts';
import { modelDays } from '@console/server/src/quotes/holds';

const CJK = /[\u4e00-\u9fff]/;

/** The lease seed tells each lessor's business as it would be: every status, timelines the flow allows. */
describe('the seeded lease business', () => {
  let t: TestApp;
  const db = () => t.dbh.db;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it('gives every lessor contracts in every status, renters of both identity types, stores and a template', async () => {
    const lessors = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.kind, 'lessor'))
      .orderBy(organisations.id)
      .all();
    expect(lessors).toHaveLength(BUSINESSES.length);
    for (const lessor of lessors) {
      const statuses = new Set(
        (await db().select().from(contracts).where(eq(contracts.lessorOrgId, lessor.id)).all()).map((c) => c.status),
      );
      expect([...statuses].sort(), lessor.name).toEqual([...LEASE_STATUSES].sort());
      const kinds = (await db().select().from(renters).where(eq(renters.lessorOrgId, lessor.id)).all()).map(
        (r) => r.identityType,
      );
      expect(new Set(kinds), lessor.name).toEqual(new Set([1, 2]));
      expect((await db().select().from(stores).where(eq(stores.orgId, lessor.id)).all()).length).toBeGreaterThanOrEqual(
        2,
      );
    }
  });

  it('tells each contract a timeline the state machine allows, ending at its status', async () => {
    // Contracts; the seeded changes' own timelines are the changes area's (tests/integration/lease-changes).
    const all = await db().select().from(contracts).where(eq(contracts.kind, 'contract')).all();
    const events = await db().select().from(contractEvents).orderBy(contractEvents.id).all();
    const followsTheFlow = (c: (typeof all)[number]) => {
      const mine = events.filter((e) => e.contractId === c.id);
      if (mine[0]?.action !== 'create') return false;
      let status = 0;
      for (const e of mine.slice(1)) {
        // A change coming into force is noted on its contract's timeline; it moves no status.
        if (e.action === 'changed') continue;
        const move = LEASE_FLOW[e.action as LeaseAction];
        if (!(move.from as readonly number[]).includes(status) || e.toStatus !== move.to) return false;
        if (move.reasonRequired && e.reason === '') return false;
        status = move.to;
      }
      return status === c.status;
    };
    await expectEvery(all, followsTheFlow, 'contracts');
  });

  it('puts every leased machine on a contract in execution with the customer it is leased to', async () => {
    const leased = await db().select().from(devices).where(eq(devices.leaseStatus, 'leased')).all();
    const running = await db()
      .select({ deviceId: contractLines.deviceId, renter: contracts.renterOrgId })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .where(eq(contracts.status, 7))
      .all();
    await expectEvery(
      leased,
      (d) => running.find((r) => r.deviceId === d.id)?.renter === d.customerOrgId,
      'leased machines',
    );
    const claimed = (
      await db()
        .select({ deviceId: contractLines.deviceId })
        .from(contractLines)
        .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
        .where(inArray(contracts.status, [1, 3, 5, 6, 7]))
        .all()
    ).flatMap((r) => (r.deviceId === null ? [] : [r.deviceId]));
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("prices each line by its business model and writes each contract in its lessor's language", async () => {
    const rows = await db()
      .select({ c: contracts, l: contractLines })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .where(eq(contracts.kind, 'contract'))
      .all();
    // A line runs over its contract's period, or from and until the days a change set; a contract a change in force
    // altered keeps the planned amounts it was signed with.
    const changed = new Set(
      (
        await db()
          .select()
          .from(contracts)
          .where(and(eq(contracts.kind, 'change'), inArray(contracts.status, [7, 8])))
          .all()
      ).map((c) => c.changeOf),
    );
    await expectEvery(
      rows.filter(({ c }) => !changed.has(c.id)),
      ({ c, l }) =>
        l.amountCents === lineAmountCents(l.businessModel, l, l.fromOn ?? c.startOn, l.untilOn ?? c.endOn, l.count),
    );
    const lessors = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.kind, 'lessor'))
      .orderBy(organisations.id)
      .all();
    const langOf = new Map(lessors.map((o, i) => [o.id, BUSINESSES[i]!.lang]));
    await expectEvery(
      await db().select().from(contracts).all(),
      (c) => c.lang === langOf.get(c.lessorOrgId) && CJK.test(c.siteAddress) === (c.lang === 'zh'),
    );
    const renterRows = await db()
      .select({ r: renters, o: organisations })
      .from(renters)
      .innerJoin(organisations, eq(organisations.id, renters.orgId))
      .all();
    await expectEvery(renterRows, ({ r, o }) => {
      const zh = langOf.get(r.lessorOrgId) === 'zh';
      return isIdNumber(r.identityType as 1 | 2, r.idNumber, zh ? '86' : '61') && CJK.test(o.name) === zh;
    });
  });

  it('has each contract hold its machines as the moves leave it: held until delivered, consumed by the entry, let go at its end', async () => {
    const rows = await rowsOf<{
      id: number;
      status: number;
      state: string;
      endReason: string;
      deviceId: number | null;
    }>(
      db(),
      `SELECT c.id, c.status, r.state, r.end_reason AS "endReason", r.device_id AS "deviceId"
       FROM contracts c JOIN reservations r ON r.contract_id = c.id WHERE c.kind = 'contract'`,
    );
    const running = await db()
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.kind, 'contract'), eq(contracts.status, 7)))
      .all();
    // Every contract in execution holds rows: its machines on lease consumed them.
    await expectEvery(running, (c) => rows.some((r) => r.id === c.id), 'running contracts with holds');
    const periods = await rowsOf<{ contractId: number; deviceId: number }>(
      db(),
      'SELECT contract_id AS "contractId", device_id AS "deviceId" FROM lease_periods',
    );
    await expectEvery(
      rows.filter(
        (r) => r.deviceId !== null && periods.some((p) => p.contractId === r.id && p.deviceId === r.deviceId),
      ),
      (r) => r.state === 'consumed' && r.endReason === 'delivered',
      'delivered machines',
    );
    // Before review, in review and signing, what is not delivered is held; cancelled, it was let go.
    await expectEvery(
      rows.filter((r) => r.status <= 6),
      (r) => r.state === 'held',
      'holds of contracts not yet running',
    );
    await expectEvery(
      rows.filter((r) => r.status === 10),
      (r) => r.state === 'released' && r.endReason === 'cancelled',
      'holds of cancelled contracts',
    );
    // No machine is held by two records on a day.
    const named = await rowsOf<{ deviceId: number; startOn: string; endOn: string }>(
      db(),
      `SELECT device_id AS "deviceId", start_on AS "startOn", end_on AS "endOn" FROM reservations
       WHERE state = 'held' AND device_id IS NOT NULL ORDER BY device_id, start_on`,
    );
    const overlapping = named.filter(
      (a, i) => named[i + 1]?.deviceId === a.deviceId && named[i + 1]!.startOn <= a.endOn,
    );
    expect(overlapping).toEqual([]);
    // No model held by a count has fewer free than zero at its store on a day of the hold.
    const counted = await rowsOf<{ orgId: number; storeId: number; modelId: number; startOn: string; endOn: string }>(
      db(),
      `SELECT org_id AS "orgId", store_id AS "storeId", model_id AS "modelId", start_on AS "startOn", end_on AS "endOn"
       FROM reservations WHERE state = 'held' AND model_id IS NOT NULL`,
    );
    await expectEvery(
      counted,
      async (h) => {
        const days = await modelDays(db(), { ...h, own: { quoteId: null, contractId: null } }, h.modelId);
        return Math.min(...days.map((d) => d.free)) >= 0;
      },
      'model holds within the free count',
    );
  });

  it('gives every machine a store of its own company and every signing contract its flow', async () => {
    const rows = await db()
      .select({ d: devices, s: stores })
      .from(storeDevices)
      .innerJoin(devices, eq(devices.id, storeDevices.deviceId))
      .innerJoin(stores, eq(stores.id, storeDevices.storeId))
      .all();
    expect(rows.length).toBe((await db().select().from(devices).all()).length);
    await expectEvery(rows, ({ d, s }) => s.orgId === d.orgId);
    const signing = await db()
      .select()
      .from(contracts)
      .where(and(inArray(contracts.status, [5, 6, 7, 8, 9]), eq(contracts.kind, 'contract')))
      .all();
    const flows = await db().select().from(signingFlows).all();
    const expected = (status: number) =>
      status === 5 ? 'lesseePending' : status === 6 ? 'lessorPending' : 'completed';
    await expectEvery(signing, (c) => flows.find((f) => f.contractId === c.id)?.state === expected(c.status));
  });
});
