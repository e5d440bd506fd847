/**
 * The billing benchmark: a month of bills for a fleet on lease, then the revenue analysis over it. A private
 * database holds the demo business (the server's own seed), the demo rental company gets `machines` machines more
 * (copies of one of its own) and their lease periods under contracts of four machines each, one renter each (every
 * business model, some delivered during the month, some returned); the month's billing day is issued as the scheduler
 * issues it (db/billing/issue.ts: bills, lines, ledger rows, allocation and arrears in one unit of work) and timed.
 * Then the company's administrator asks the revenue analysis of that month and its first page of income lines
 * through the server's app (routes, scope and SQL as in production, no network), several times each.
 * Every line carries an hours allowance and an overtime price (decision 070), and each machine reports its working
 * hours of the month as daily work (one machine in thirteen none), so the bills carry their overtime lines. Each
 * contract has a delivery charge waiting for its next bill and a deposit received in full (decisions 073, 074).
 * `npm run bench -- billing` writes it as the `billing` key of bench/report.json.
 */
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import type { Endpoint } from '@console/contract/http/endpoint';
import { openDb } from '@console/db/client';
import { issueLessorBills } from '@console/db/billing/issue';
import { organisations, users } from '@console/db/schema/accounts';
import { charges } from '@console/db/schema/charges';
import { deposits } from '@console/db/schema/deposits';
import { receipts } from '@console/db/schema/lease-billing';
import { contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { demoAccount } from '@console/db/seed/accounts';
import { seedDemo } from '@console/db/seed/demo';
import { createApp } from '@console/server/src/app';
import { createCommandQueue } from '@console/server/src/commands/queue';
import { readEnv } from '@console/server/src/lib/env';
import { createSession } from '@console/server/src/lib/session';
import { LiveHub } from '@console/server/src/live/hub';
import { mapInOrder } from '@console/db/in-order';

/** Milliseconds of the server answering one question, over `rounds` asks (the first warms its statements up). */
export interface Timing {
  rounds: number;
  medianMs: number;
  maxMs: number;
}

export interface BillingBenchResult {
  machines: number;
  seconds: number;
  bills: number;
  lines: number;
  billsPerSecond: number;
  /** A second run on the same day: it must issue nothing. */
  secondRunBills: number;
  /** Overtime lines issued (decision 070), those charging hours above the allowance, and those flagged hours missing. */
  overtimeLines: number;
  overtimeCharged: number;
  hoursMissing: number;
  /** Delivery charges billed (one a contract, decision 074), and deposit money allocated to rent (0: decision 073). */
  chargesBilled: number;
  depositAllocations: number;
  /** The revenue analysis of the billed month (`/lease/revenue/summary.do`), and the income lines' first page. */
  revenueSummary: Timing & { linesSummed: number };
  incomePage: Timing;
}

const MODELS = [22, 23, 24, 25, 27] as const;
const PER_CONTRACT = 4;
const ROUNDS = 6;

type Sqlite = ReturnType<typeof openDb>['sqlite'];

/** `machines` machines more for the company, copies of one of its own but for their serial numbers; answers their ids. */
function addMachines(sqlite: Sqlite, lessorOrgId: number, machines: number): { id: number }[] {
  const template = sqlite.prepare('SELECT id FROM devices WHERE org_id = ? ORDER BY id LIMIT 1').get(lessorOrgId) as {
    id: number;
  };
  const columns = (sqlite.prepare('PRAGMA table_info(devices)').all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => name !== 'id' && name !== 'serial_number');
  const first = (sqlite.prepare('SELECT max(id) AS top FROM devices').get() as { top: number }).top + 1;
  sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO devices (serial_number, ${columns.join(', ')})
       SELECT printf('BENCH%06d', n.i), ${columns.map((c) => `d.${c}`).join(', ')} FROM n, devices d WHERE d.id = ?`,
    )
    .run(machines, template.id);
  return sqlite.prepare('SELECT id FROM devices WHERE id >= ? ORDER BY id').all(first) as { id: number }[];
}

/** Renters and contracts of four machines each under the demo rental company, as entries would open them. */
async function leaseFleet(
  db: ReturnType<typeof openDb>['db'],
  lessorOrgId: number,
  fleet: { id: number }[],
): Promise<void> {
  const storeId = (await db.select({ id: stores.id }).from(stores).where(eq(stores.orgId, lessorOrgId)).get())!.id;
  const admin = (await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get())!;
  const contractCount = Math.ceil(fleet.length / PER_CONTRACT);
  await db.transaction(async (tx) => {
    for (let c = 0; c < contractCount; c++) {
      const renter = await tx
        .insert(organisations)
        .values({ name: `Bench renter ${c}`, kind: 'customer', parentId: lessorOrgId })
        .returning({ id: organisations.id })
        .get();
      await tx.insert(renters).values({ orgId: renter.id, lessorOrgId, identityType: 2 }).run();
      const contract = await tx
        .insert(contracts)
        .values({
          number: `HT-BENCH-${c}`,
          lessorOrgId,
          renterOrgId: renter.id,
          storeId,
          salespersonId: admin.id,
          createdBy: admin.id,
          status: 7,
          startOn: '2026-03-01',
          endOn: '2026-12-31',
          billingDay: 1,
          dueDays: 15,
        })
        .returning({ id: contracts.id })
        .get();
      const periods = await mapInOrder(
        fleet.slice(c * PER_CONTRACT, (c + 1) * PER_CONTRACT),
        async ({ id: deviceId }) => {
          const line = await tx
            .insert(contractLines)
            .values({
              contractId: contract.id,
              deviceId,
              businessModel: MODELS[deviceId % MODELS.length]!,
              dayCents: 30_000,
              monthCents: 600_000,
              // 8 h a day for the day models, 176 h a month for the month models (decision 070).
              allowanceTenths: [22, 23, 27].includes(MODELS[deviceId % MODELS.length]!) ? 80 : 1760,
              overtimeCents: 4_000,
            })
            .returning({ id: contractLines.id })
            .get();
          return {
            lessorOrgId,
            contractId: contract.id,
            lineId: line.id,
            deviceId,
            renterOrgId: renter.id,
            // Most on lease the whole month; every seventh delivered on the 10th, every eleventh returned on the 20th.
            startOn: deviceId % 7 === 0 ? '2026-04-10' : '2026-04-01',
            plannedEndOn: '2026-12-31',
            endOn: deviceId % 11 === 0 ? '2026-04-20' : null,
          };
        },
      );
      await tx.insert(leasePeriods).values(periods).run();
      // Beyond rent (decisions 073, 074): a delivery charge waiting for the next bill, and a deposit received in full
      // (its receipt is the renter's money held, which the bills' allocation must pass over).
      await tx
        .insert(charges)
        .values({
          orgId: lessorOrgId,
          renterOrgId: renter.id,
          contractId: contract.id,
          kind: 'delivery',
          priceName: 'Delivery',
          unitCents: 45_000,
          amountCents: 45_000,
          billing: 'next',
          createdBy: admin.id,
        })
        .run();
      const deposit = await tx
        .insert(deposits)
        .values({
          number: `YJ-HT-BENCH-${c}`,
          contractId: contract.id,
          lessorOrgId,
          renterOrgId: renter.id,
          amountCents: 500_000,
          receivedCents: 500_000,
          state: 'held',
          requestedOn: '2026-03-01',
          updatedAt: new Date('2026-03-02T02:00:00Z'),
        })
        .returning({ id: deposits.id })
        .get();
      await tx
        .insert(receipts)
        .values({
          lessorOrgId,
          renterOrgId: renter.id,
          amountCents: 500_000,
          method: 'transfer',
          receivedOn: '2026-03-02',
          createdBy: admin.id,
          depositId: deposit.id,
        })
        .run();
    }
  });
}

/**
 * The month's daily work of the fleet as the rollup writes it (decision 037): each machine's days on lease in April,
 * 6.0 to 10.9 h a day, credited to its contract; one machine in thirteen reported nothing.
 */
function workFleet(sqlite: Sqlite, first: number): void {
  sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 29)
       INSERT INTO daily_work (device_id, day, time_zone, kind, owner_org_id, customer_org_id, contract_id,
         hours_worked, hours_powered, reports)
       SELECT p.device_id, date('2026-04-01', '+' || n.i || ' days'), 'Asia/Shanghai', d.kind, p.lessor_org_id,
         p.renter_org_id, p.contract_id, 6 + ((p.device_id * 7 + n.i * 13) % 50) / 10.0, 12, 100
       FROM lease_periods p JOIN devices d ON d.id = p.device_id, n
       WHERE p.device_id >= ? AND p.device_id % 13 <> 0
         AND date('2026-04-01', '+' || n.i || ' days') BETWEEN p.start_on AND coalesce(p.end_on, '2026-04-30')`,
    )
    .run(first);
}

export async function runBillingBench({ machines }: { machines: number }): Promise<BillingBenchResult> {
  const dbh = openDb(':memory:');
  const { db } = dbh;
  await seedDemo(db, { historyDevices: 0 });
  const adminId = (await db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get())!;
  const lessorOrgId = adminId.orgId;
  const fleet = addMachines(dbh.sqlite, lessorOrgId, machines);
  await leaseFleet(db, lessorOrgId, fleet);
  workFleet(dbh.sqlite, fleet[0]!.id);

  const started = performance.now();
  const result = await issueLessorBills(db, lessorOrgId, '2026-05-01');
  const seconds = (performance.now() - started) / 1000;
  const second = await issueLessorBills(db, lessorOrgId, '2026-05-01');
  const beyondRent = dbh.sqlite
    .prepare(
      `SELECT (SELECT count(*) FROM charges h JOIN contracts c ON c.id = h.contract_id
                WHERE h.state = 'billed' AND c.number LIKE 'HT-BENCH-%') AS charges,
              (SELECT count(*) FROM allocations a JOIN receipts r ON r.id = a.receipt_id
                JOIN deposits d ON d.id = r.deposit_id WHERE d.number LIKE 'YJ-HT-BENCH-%') AS depositAllocations`,
    )
    .get() as { charges: number; depositAllocations: number };
  const overtime = dbh.sqlite
    .prepare(
      `SELECT count(*) AS lines, sum(amount_cents > 0) AS charged, sum(measured_tenths IS NULL) AS missing
       FROM bill_overtime`,
    )
    .get() as { lines: number; charged: number; missing: number };

  const base = {
    dbh,
    env: readEnv({ NODE_ENV: 'test' }),
    now: () => Date.now(),
    log: () => {},
    live: new LiveHub(),
  };
  const app = createApp({ ...base, commands: await createCommandQueue(base), ingest: null });
  const token = await createSession(db, adminId.id, 'console', '127.0.0.1', Date.now() + 3600_000);
  const month = { from: '2026-04-01', to: '2026-04-30' };
  const ask = async (endpoint: Endpoint, query: Record<string, string>) => {
    const response = await app.request(`/api${endpoint.path}?${new URLSearchParams(query)}`, { headers: { token } });
    const body = (await response.json()) as { status: string; message: string; data: unknown };
    if (body.status !== '200') throw new Error(`${endpoint.path}: ${body.status} ${body.message}`);
    return body.data;
  };
  const timed = async (endpoint: Endpoint, query: Record<string, string>) => {
    const ms: number[] = [];
    let data: unknown;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      data = await ask(endpoint, query);
      ms.push(performance.now() - t0);
    }
    // The first ask prepares the statements: the figures are of the asks after it.
    const warm = ms.slice(1).sort((a, b) => a - b);
    const round1 = (n: number) => Math.round(n * 10) / 10;
    return {
      data,
      timing: {
        rounds: warm.length,
        medianMs: round1(warm[Math.floor(warm.length / 2)]!),
        maxMs: round1(warm.at(-1)!),
      },
    };
  };
  const summary = await timed(revenueEndpoints.summary, month);
  const income = await timed(revenueEndpoints.incomeList, { ...month, page: '1', pageSize: '20' });
  dbh.close();
  return {
    machines,
    seconds: Math.round(seconds * 1000) / 1000,
    bills: result.bills,
    lines: result.lines,
    billsPerSecond: Math.round(result.bills / seconds),
    secondRunBills: second.bills,
    overtimeLines: overtime.lines,
    overtimeCharged: overtime.charged,
    hoursMissing: overtime.missing,
    chargesBilled: beyondRent.charges,
    depositAllocations: beyondRent.depositAllocations,
    revenueSummary: { ...summary.timing, linesSummed: (summary.data as { totals: { lines: number } }).totals.lines },
    incomePage: income.timing,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    JSON.stringify(await runBillingBench({ machines: Number(process.env.BENCH_BILLING_MACHINES ?? 20_000) })),
  );
}
