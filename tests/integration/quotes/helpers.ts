import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { productEndpoints } from '@console/contract/http/products';
import { quoteEndpoints } from '@console/contract/http/quotes';
import type { QuoteForm } from '@console/contract/quotes/forms';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { reservations } from '@console/db/schema/quotes';
import { storeDevices, stores } from '@console/db/schema/lease';
import { modelDays } from '@console/server/src/quotes/holds';
import { dayInZone } from '@console/server/src/lib/time';
import type { TestApp } from '../../fixtures/test-app.ts';
import { freeStock, renterOf } from '../lease/helpers.ts';

/** Quotes as the desk writes them through the API (decision 069), on Huadong's demo business. */

export const DAY_MS = 86_400_000;
/** A day `n` days from the server's now, in Huadong's calendar. */
export const dayAhead = (t: TestApp, n: number) => dayInZone(t.deps.now() + n * DAY_MS, 'Asia/Shanghai');
/** The list price the tests set for their model's daily hire (business model 23), in cents. */
export const LIST_DAY_CENTS = 50_000;

export interface Desk {
  lessorId: number;
  admin: string;
  sales: string;
  staff: string;
  renterId: number;
  storeId: number;
  modelId: number;
  /** Machines of the model at the store, in stock and named by no contract. */
  free: { id: number; serialNumber: string }[];
}

/** Huadong's people, a renter, and a store with a model several of whose machines are free, priced by day. */
export async function deskOf(t: TestApp): Promise<Desk> {
  const admin = await t.tokenFor(ROLE.lessorAdmin);
  const lessorId = (await t.dbh.db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
    .get())!.orgId;
  // In stock, on no contract, and held by no seeded quote: free on every day the tests ask for.
  const held = new Set(
    (
      await t.dbh.db
        .select({ id: reservations.deviceId })
        .from(reservations)
        .where(eq(reservations.state, 'held'))
        .all()
    ).map((r) => r.id),
  );
  const stock = new Set((await freeStock(t, lessorId, 2000)).map((m) => m.id).filter((id) => !held.has(id)));
  const placed = await t.dbh.db
    .select({
      id: devices.id,
      serialNumber: devices.serialNumber,
      modelId: devices.modelId,
      storeId: storeDevices.storeId,
    })
    .from(devices)
    .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
    .innerJoin(stores, and(eq(stores.id, storeDevices.storeId), eq(stores.orgId, lessorId)))
    .where(eq(devices.orgId, lessorId))
    // In one order on both engines: the tests take the first machines of the group.
    .orderBy(devices.id)
    .all();
  const groups = new Map<string, typeof placed>();
  for (const m of placed.filter((p) => stock.has(p.id))) {
    const key = `${m.storeId}:${m.modelId}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const best = [...groups.values()].sort((a, b) => b.length - a.length)[0]!;
  expect(best.length).toBeGreaterThanOrEqual(3);
  const { storeId, modelId } = best[0]!;
  const priced = await t.call(productEndpoints.saveLeasePrice, {
    token: admin,
    body: { modelId, businessModel: 23, dayCents: LIST_DAY_CENTS, monthCents: null },
  });
  expect(priced.status, priced.message).toBe('200');
  return {
    lessorId,
    admin,
    sales: await t.tokenFor(ROLE.lessorSales),
    staff: await t.tokenFor(ROLE.lessorStaff),
    renterId: await renterOf(t, lessorId, 'clear'),
    storeId,
    modelId,
    free: best.map(({ id, serialNumber }) => ({ id, serialNumber })),
  };
}

/** A quote's form for the desk's store, `from` to `to` days ahead, valid for a week. */
export function form(t: TestApp, desk: Desk, lines: QuoteForm['lines'], from = 400, to = 409): QuoteForm {
  return {
    renterId: desk.renterId,
    storeId: desk.storeId,
    validUntil: dayAhead(t, 7),
    startOn: dayAhead(t, from),
    endOn: dayAhead(t, to),
    siteAddress: '浦东新区张江路 88 号',
    lines,
  };
}

export const modelLine = (desk: Desk, count: number, discountBp = 0) => ({
  modelId: desk.modelId,
  count,
  businessModel: 23,
  discountBp,
});
export const machineLine = (deviceId: number, discountBp = 0) => ({ deviceId, businessModel: 23, discountBp });

/** Create a quote and answer its id; fails the test on a refusal. */
export async function createQuote(t: TestApp, token: string, body: QuoteForm): Promise<{ id: number; number: string }> {
  const made = await t.call(quoteEndpoints.create, { token, body });
  expect(made.status, made.message).toBe('200');
  return made.data;
}

export async function move(
  t: TestApp,
  token: string,
  id: number,
  action: 'send' | 'accept' | 'decline' | 'withdraw',
  extra: { reason?: string; renterId?: number } = {},
) {
  return t.call(quoteEndpoints.move, { token, body: { id, action, ...extra } });
}

export async function detail(t: TestApp, token: string, id: number) {
  const answer = await t.call(quoteEndpoints.detail, { token, query: { id } });
  expect(answer.status, answer.message).toBe('200');
  return answer.data;
}

/** The fewest machines of the desk's model free on any day of the span (the rule's count, read). */
export async function freeOf(t: TestApp, desk: Desk, from = 400, to = 409): Promise<number> {
  const days = await modelDays(
    t.dbh.db,
    {
      orgId: desk.lessorId,
      storeId: desk.storeId,
      startOn: dayAhead(t, from),
      endOn: dayAhead(t, to),
      own: { quoteId: null, contractId: null },
    },
    desk.modelId,
  );
  return Math.min(...days.map((d) => d.free));
}

export const countHeld = async (t: TestApp, quoteId: number) =>
  (await t.dbh.db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM reservations WHERE quote_id = ${quoteId} AND state = 'held'`,
  ))!;
