import { CNY } from '@console/contract/codes/money';
import { eq } from 'drizzle-orm';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { contractLines } from '@console/db/schema/lease';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import type { SigningFixture } from '../../fixtures/lease-signing.ts';
import { demoUser, listedStock, storeOf } from '../lease/helpers.ts';
import { advanceTo, handOver, orgOf, todayOf } from '../lease-billing/helpers.ts';

export interface DepositLease {
  contractId: number;
  renterId: number;
  lessorId: number;
  year: number;
  on: (monthDay: string) => string;
}

/**
 * A contract of the demo lessor with the demo customer asking for a deposit, written, submitted, approved and signed
 * by both parties as people do, from 15 March to 31 December of the lease's year, billing on the 1st, due in 10
 * days; one machine at 300.00 a day delivered on 15 March. The server's clock is then 15 March, 10:00 in Beijing.
 */
export async function leaseWithDeposit(f: SigningFixture, depositCents: number): Promise<DepositLease> {
  const { t } = f;
  const { db } = t.dbh;
  const lessorId = await orgOf(t, ROLE.lessorAdmin);
  const renterId = await orgOf(t, ROLE.other);
  const today = todayOf(t);
  const year = Number(today.slice(0, 4)) + (today < `${today.slice(0, 4)}-03-15` ? 0 : 1);
  const on = (monthDay: string) => `${year}-${monthDay}`;
  const [machine] = await listedStock(t, lessorId, 1);
  if (!machine) throw new Error('no machine in stock with a list price');
  const admin = await demoUser(t, ROLE.lessorAdmin);
  const { id } = await createDraft(
    db,
    admin,
    {
      renterId,
      storeId: await storeOf(t, lessorId),
      salespersonId: null,
      startOn: on('03-15'),
      endOn: on('12-31'),
      siteAddress: '张江路1号',
      billingDay: 1,
      dueDays: 10,
      depositCents,
      lines: [{ deviceId: machine.id, businessModel: 23, dayCents: 30_000 }],
    },
    t.deps.now(),
  );
  if ((await submit(db, admin, id, t.deps.now(), CNY)).status === LEASE_STATUS.pendingReview) {
    await approve(db, admin, id, t.deps.now());
  }
  await f.sign(id);
  const line = (await db.select().from(contractLines).where(eq(contractLines.contractId, id)).get())!;
  advanceTo(t, on('03-15'));
  await handOver(t, 'entry', id, [{ lineId: line.id, deviceId: machine.id }], on('03-15'));
  return { contractId: id, renterId, lessorId, year, on };
}
