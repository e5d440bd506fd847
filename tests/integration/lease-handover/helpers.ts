import { CNY } from '@console/contract/codes/money';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { ROLE } from '@console/contract/codes/roles';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import { dayInZone } from '@console/server/src/lib/time';
import type { SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { contractRow, freeStock, renterOf, storeOf, userOf } from '../lease/helpers.ts';

export const DAY_MS = 86_400_000;
/** The calendar day of a moment where the requests are read: the console's default zone, as the server counts days. */
export const dayOf = (ms: number) => dayInZone(ms, 'Asia/Shanghai');

/** The demo administrator's rental company (Huadong). */
export const huadongOf = async (t: TestApp) =>
  (await t.dbh.db
    .select()
    .from(users)
    .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
    .get())!.orgId;

/** A model of the lessor with at least `n` machines in stock that no contract names, and those machines. */
export async function freeModel(t: TestApp, lessorId: number, n: number) {
  const free = await freeStock(t, lessorId, 400);
  const ids = free.map((m) => m.id);
  const rows = await t.dbh.db
    .select({ id: devices.id, modelId: devices.modelId, serialNumber: devices.serialNumber })
    .from(devices)
    .where(and(eq(devices.orgId, lessorId), sql`${devices.id} in (${sql.join(ids, sql`, `)})`))
    .all();
  const byModel = new Map<number, typeof rows>();
  for (const r of rows) byModel.set(r.modelId, [...(byModel.get(r.modelId) ?? []), r]);
  const [modelId, machines] = [...byModel.entries()].find(([, list]) => list.length >= n)!;
  return { modelId, machines };
}

/**
 * A contract written by the demo salesperson for a clear renter (one line naming a machine and one line of a model
 * with a count of two), submitted and approved as people do: by the company's rule, or else by its administrator.
 */
export async function approvedContract(t: TestApp, lessorId: number, days = { from: -10, to: 60 }, billingDay = 1) {
  const now = t.deps.now();
  const sales = await userOf(t, lessorId, ROLE.lessorSales);
  const { modelId, machines } = await freeModel(t, lessorId, 3);
  const named = (await freeStock(t, lessorId, 50)).find((m) => !machines.some((x) => x.id === m.id))!;
  const { id } = await createDraft(
    t.dbh.db,
    sales,
    {
      renterId: await renterOf(t, lessorId, 'clear'),
      storeId: await storeOf(t, lessorId),
      startOn: dayOf(now + days.from * DAY_MS),
      endOn: dayOf(now + days.to * DAY_MS),
      siteAddress: '张江路1号',
      billingDay,
      lines: [
        { deviceId: named.id, businessModel: 23, dayCents: 30_000 },
        { modelId, count: 2, businessModel: 24, monthCents: 600_000 },
      ],
    },
    now,
  );
  if ((await submit(t.dbh.db, sales, id, now, CNY)).status === LEASE_STATUS.pendingReview) {
    await approve(t.dbh.db, await userOf(t, lessorId, ROLE.lessorAdmin), id, now);
  }
  return { contract: await contractRow(t, id), named, models: machines };
}

/** The same contract carried to execution: sent for signing and signed by both on the provider's pages. */
export async function runningContract(
  f: SigningFixture,
  lessorId: number,
  days = { from: -10, to: 60 },
  billingDay = 1,
) {
  const made = await approvedContract(f.t, lessorId, days, billingDay);
  await f.sign(made.contract.id);
  return { ...made, contract: await contractRow(f.t, made.contract.id) };
}
