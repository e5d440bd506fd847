import { and, eq, sql } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { ROLE } from '@console/contract/codes/roles';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { createDraft } from '@console/server/src/lease/drafts';
import { dayInZone } from '@console/server/src/lib/time';
import type { TestApp } from '../../fixtures/test-app.ts';
import { freeStock, renterOf, storeOf, userOf } from '../lease/helpers.ts';

export const DAY_MS = 86_400_000;
/** The calendar day of a moment where the requests are read: the console's default zone, as the server counts days. */
export const dayOf = (ms: number) => dayInZone(ms, 'Asia/Shanghai');

/** The demo administrator's rental company (Huadong). */
export const huadongOf = (t: TestApp) =>
  t.dbh.db
    .select()
    .from(users)
    .where(eq(users.id, t.userId(ROLE.lessorAdmin)))
    .get()!.orgId;

/** A model of the lessor with at least `n` machines in stock that no contract names, and those machines. */
export function freeModel(t: TestApp, lessorId: number, n: number) {
  const free = freeStock(t, lessorId, 400);
  const ids = free.map((m) => m.id);
  const rows = t.dbh.db
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
 * A contract in execution written by the demo salesperson for a clear renter: one line naming a machine and one
 * line of a model with a count of two. Moved to "in execution" directly: how it got there is the contracts' test.
 */
export function runningContract(t: TestApp, lessorId: number, days = { from: -10, to: 60 }) {
  const now = t.deps.now();
  const sales = userOf(t, lessorId, ROLE.lessorSales);
  const { modelId, machines } = freeModel(t, lessorId, 3);
  const named = freeStock(t, lessorId, 50).find((m) => !machines.some((x) => x.id === m.id))!;
  const { id } = createDraft(
    t.dbh.db,
    sales,
    {
      renterId: renterOf(t, lessorId, 'clear'),
      storeId: storeOf(t, lessorId),
      startOn: dayOf(now + days.from * DAY_MS),
      endOn: dayOf(now + days.to * DAY_MS),
      siteAddress: '张江路1号',
      lines: [
        { deviceId: named.id, businessModel: 23, dayCents: 30_000 },
        { modelId, count: 2, businessModel: 24, monthCents: 600_000 },
      ],
    },
    now,
  );
  t.dbh.db.update(contracts).set({ status: LEASE_STATUS.inExecution }).where(eq(contracts.id, id)).run();
  return { contract: t.dbh.db.select().from(contracts).where(eq(contracts.id, id)).get()!, named, models: machines };
}
