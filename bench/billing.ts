/**
 * The billing benchmark: a month of bills for a fleet on lease. A private database (migrated like the server's)
 * holds `machines` lease periods under contracts of four machines each (every business model, some delivered
 * during the month, some returned), then the month's billing day is issued as the scheduler issues it
 * (db/billing/issue.ts: bills, lines, ledger rows, allocation and arrears in one unit of work) and timed.
 * `npm run bench -- billing` writes it as the `billing` key of bench/report.json.
 */
import { openDb } from '@console/db/client';
import { issueLessorBills } from '@console/db/billing/issue';
import { contractLines, contracts, renters } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';

export interface BillingBenchResult {
  machines: number;
  seconds: number;
  bills: number;
  lines: number;
  billsPerSecond: number;
  /** A second run on the same day: it must issue nothing. */
  secondRunBills: number;
}

const MODELS = [22, 23, 24, 25, 27] as const;
const PER_CONTRACT = 4;

export function runBillingBench({ machines }: { machines: number }): BillingBenchResult {
  const dbh = openDb(':memory:');
  const { db } = dbh;
  const lessorOrgId = 1;
  const contractCount = Math.ceil(machines / PER_CONTRACT);
  db.transaction((tx) => {
    for (let c = 0; c < contractCount; c++) {
      const renterOrgId = 1000 + c;
      tx.insert(renters).values({ orgId: renterOrgId, lessorOrgId, identityType: 2 }).run();
      const contract = tx
        .insert(contracts)
        .values({
          number: `HT-BENCH-${c}`,
          lessorOrgId,
          renterOrgId,
          storeId: 1,
          createdBy: 1,
          status: 7,
          startOn: '2026-03-01',
          endOn: '2026-12-31',
          billingDay: 1,
          dueDays: 15,
        })
        .returning({ id: contracts.id })
        .get();
      const periods = [];
      for (let m = 0; m < PER_CONTRACT && c * PER_CONTRACT + m < machines; m++) {
        const deviceId = c * PER_CONTRACT + m + 1;
        const model = MODELS[deviceId % MODELS.length]!;
        const line = tx
          .insert(contractLines)
          .values({ contractId: contract.id, deviceId, businessModel: model, dayCents: 30_000, monthCents: 600_000 })
          .returning({ id: contractLines.id })
          .get();
        periods.push({
          lessorOrgId,
          contractId: contract.id,
          lineId: line.id,
          deviceId,
          renterOrgId,
          // Most on lease the whole month; every seventh delivered on the 10th, every eleventh returned on the 20th.
          startOn: deviceId % 7 === 0 ? '2026-04-10' : '2026-04-01',
          plannedEndOn: '2026-12-31',
          endOn: deviceId % 11 === 0 ? '2026-04-20' : null,
        });
      }
      tx.insert(leasePeriods).values(periods).run();
    }
  });
  const started = performance.now();
  const result = issueLessorBills(db, lessorOrgId, '2026-05-01');
  const seconds = (performance.now() - started) / 1000;
  const second = issueLessorBills(db, lessorOrgId, '2026-05-01');
  dbh.close();
  return {
    machines,
    seconds: Math.round(seconds * 1000) / 1000,
    bills: result.bills,
    lines: result.lines,
    billsPerSecond: Math.round(result.bills / seconds),
    secondRunBills: second.bills,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(runBillingBench({ machines: Number(process.env.BENCH_BILLING_MACHINES ?? 20_000) })));
}
