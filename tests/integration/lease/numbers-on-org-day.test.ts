import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { dayInZone } from '@console/server/src/lib/time';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { createQuote, dayAhead, deskOf, form, LIST_DAY_CENTS, machineLine, type Desk } from '../quotes/helpers.ts';

/**
 * Documents written through the console early in the lessor's morning, while UTC is still on the day before
 * (docs/decisions/026-demo-data.md, addendum "the organisation's day"): their numbers carry the lessor's day.
 */
describe("numbers of documents written before UTC's midnight", () => {
  let t: TestApp;
  let desk: Desk;
  let local: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Move the clock to the next 23:46 UTC: 07:46 of the next day in Shanghai, where Huadong keeps its days. Then
    // sign in: a session made before a jump of more than its 12 hours would have ended.
    const now = t.deps.now();
    const next = new Date(now);
    next.setUTCHours(23, 46, 0, 0);
    if (next.getTime() <= now) next.setUTCDate(next.getUTCDate() + 1);
    t.advance(next.getTime() - now);
    desk = await deskOf(t);
    local = dayInZone(t.deps.now(), 'Asia/Shanghai').replaceAll('-', '');
    expect(dayInZone(t.deps.now(), 'UTC').replaceAll('-', '')).not.toBe(local);
  });
  afterAll(() => t.dbh.close());

  it("numbers a contract with the lessor's day", async () => {
    const made = await t.call(leaseContractEndpoints.create, {
      token: desk.admin,
      body: {
        renterId: desk.renterId,
        storeId: desk.storeId,
        startOn: dayAhead(t, 500),
        endOn: dayAhead(t, 509),
        siteAddress: '浦东新区张江路 88 号',
        lines: [{ deviceId: desk.free[0]!.id, businessModel: 23, dayCents: LIST_DAY_CENTS }],
      },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.data.number).toMatch(new RegExp(`^HT-${local}-\\d{4}$`));
    const shown = await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: made.data.id } });
    expect(shown.data.number).toBe(made.data.number);
  });

  it("numbers a quote with the lessor's day", async () => {
    const { number } = await createQuote(t, desk.sales, form(t, desk, [machineLine(desk.free[1]!.id)], 520, 529));
    expect(number).toMatch(new RegExp(`^BJ${local}\\d{6}$`));
  });
});
