import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysOverdue } from '@console/contract/codes/lease-billing';
import type { KindData } from '@console/contract/mqtt/payloads';
import { orgDay } from '@console/db/org-zone';
import { organisations } from '@console/db/schema/accounts';
import { dailyWork } from '@console/db/schema/analysis';
import { deviceModels, devices, telemetry } from '@console/db/schema/devices';
import { invoiceItems, invoices } from '@console/db/schema/invoices';
import { bills, receipts } from '@console/db/schema/lease-billing';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leasePrices } from '@console/db/schema/products';
import { shopOrders } from '@console/db/schema/shop-orders';
import { alarms } from '@console/db/schema/warning';
import { BUSINESSES, type SeedLang } from '@console/db/seed/business';
import { PLATFORM_HEIGHT_M } from '@console/db/seed/fleet-kinds';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { filterInOrder, mapInOrder } from '@console/db/in-order';

const README = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8').replace(/\s+/g, ' ');
const DAY = 86_400_000;

/** The seeded demo reads as a real rental company's records in both brands (docs/decisions/026-demo-data.md). */
describe('the seeded demo business reads as a real one', () => {
  let t: TestApp;
  let langOfOrg: Map<number, SeedLang>;
  let lessorIds: number[];
  const db = () => t.dbh.db;
  const today = (orgId: number) => orgDay(db(), orgId, t.deps.now());

  beforeAll(async () => {
    t = await createTestApp();
    const orgs = await db().select().from(organisations).all();
    lessorIds = orgs
      .filter((o) => o.kind === 'lessor')
      .sort((a, b) => a.id - b.id)
      .slice(0, BUSINESSES.length)
      .map((o) => o.id);
    langOfOrg = new Map(lessorIds.map((id, i) => [id, BUSINESSES[i]!.lang]));
    for (const o of orgs)
      if (o.kind === 'customer' && o.parentId !== null && langOfOrg.has(o.parentId)) {
        langOfOrg.set(o.id, langOfOrg.get(o.parentId)!);
      }
  });
  afterAll(() => t?.dbh.close());

  it("keeps every lift's platform within its model's reach: a scissor lift works at 6 to 16 m", async () => {
    const scissors = Object.entries(PLATFORM_HEIGHT_M).filter(([model]) => model.includes('scissor'));
    expect(scissors.length).toBeGreaterThan(0);
    // The working height is 2 m above the platform.
    await expectEvery(scissors, ([, platform]) => platform + 2 >= 6 && platform + 2 <= 16);
    const lifts = await db().select().from(devices).where(eq(devices.kind, 'aerialPlatform')).all();
    const modelOf = new Map(lifts.map((d) => [d.id, d.hostType]));
    const height = (data: unknown) => (data as Extract<KindData, { kind: 'aerialPlatform' }>).platformHeightM;
    const readings = [
      ...lifts.map((d) => ({ deviceId: d.id, data: d.latest })),
      ...(await db().select({ deviceId: telemetry.deviceId, data: telemetry.data }).from(telemetry).all()).filter((r) =>
        modelOf.has(r.deviceId),
      ),
    ].filter((r) => r.data !== null);
    expect(readings.some((r) => modelOf.get(r.deviceId)!.includes('scissor') && height(r.data) > 0)).toBe(true);
    await expectEvery(readings, (r) => height(r.data) <= PLATFORM_HEIGHT_M[modelOf.get(r.deviceId)!]!);
  });

  it('stops the service of two machines a company, as the README says, and they report nothing after it', async () => {
    expect(README).toContain('due in every window, two stopped');
    const machines = await db().select().from(devices).all();
    const stopped = await filterInOrder(
      machines,
      async (d) => d.serviceExpiresAt !== null && d.serviceExpiresAt < (await today(d.orgId)),
    );
    for (const orgId of lessorIds) expect(stopped.filter((d) => d.orgId === orgId).length, `lessor ${orgId}`).toBe(2);
    // Silent since the end of its last day of service, wherever the company keeps its days (Sydney's end first).
    const endOf = (day: string) => Date.parse(`${day}T00:00:00+11:00`) + DAY;
    await expectEvery(
      stopped,
      (d) => !d.online && d.lastReportAt !== null && d.lastReportAt.getTime() < endOf(d.serviceExpiresAt!),
    );
    const ids = new Set(stopped.map((d) => d.id));
    const expiry = new Map(stopped.map((d) => [d.id, d.serviceExpiresAt!]));
    const lastReport = new Map(stopped.map((d) => [d.id, d.lastReportAt!.getTime()]));
    const worked = await db()
      .select()
      .from(dailyWork)
      .where(inArray(dailyWork.deviceId, [...ids]))
      .all();
    expect(worked.filter((w) => w.day > expiry.get(w.deviceId)!)).toEqual([]);
    const raised = await db()
      .select()
      .from(alarms)
      .where(inArray(alarms.deviceId, [...ids]))
      .all();
    expect(raised.filter((a) => a.startedAt.getTime() > lastReport.get(a.deviceId)!)).toEqual([]);
  });

  it("numbers invoices and shop orders with their day and a serial that counts nothing, in the brand's form", async () => {
    const asked = await db().select().from(invoices).all();
    expect(asked.some((i) => langOfOrg.get(i.orgId) === 'en')).toBe(true);
    const day = async (orgId: number, at: Date) => (await orgDay(db(), orgId, at.getTime())).replaceAll('-', '');
    await expectEvery(asked, async (i) =>
      langOfOrg.get(i.orgId) === 'en'
        ? i.number === `INV-${await day(i.orgId, i.createdAt)}-${i.number.slice(-6)}` &&
          /^INV-\d{8}-\d{6}$/.test(i.number)
        : i.number === `FP${await day(i.orgId, i.createdAt)}${i.number.slice(-6)}` && /^FP\d{14}$/.test(i.number),
    );
    const orders = await db().select().from(shopOrders).all();
    await expectEvery(
      orders,
      async (o) => /^SO\d{14}$/.test(o.number) && o.number.slice(2, 10) === (await day(o.orgId, o.createdAt)),
    );
    for (const rows of [asked, orders]) {
      const serials = [...rows].sort((a, b) => a.id - b.id).map((r) => Number(r.number.slice(-6)));
      const steps = new Set(serials.slice(1).map((s, i) => s - serials[i]!));
      // Neither consecutive nor a fixed stride apart.
      expect(steps.has(1)).toBe(false);
      expect(steps.size).toBe(serials.length - 1);
    }
  });

  it('prices the business abroad in Australian dollars at its own market, not at the yuan figures', async () => {
    // The flat figures of Sydney's hire hold for its small machines; a boom lift or a pump costs more
    // (lease-prices.test.ts checks each kind at its market).
    const small = new Set(
      (await db().select().from(deviceModels).all())
        .filter((m) => ['JCPT1412DC scissor lift', 'CPD30 electric forklift'].includes(m.name))
        .map((m) => m.id),
    );
    const grid = await db().select().from(leasePrices).all();
    const zh = grid.filter((p) => langOfOrg.get(p.orgId) === 'zh');
    const en = grid.filter((p) => langOfOrg.get(p.orgId) === 'en');
    expect(zh.length).toBeGreaterThan(0);
    // Sydney's hire: A$100 to A$400 a day, A$1,000 to A$5,000 a month.
    const sydney = (p: { dayCents: number | null; monthCents: number | null }) =>
      (p.dayCents === null || (p.dayCents >= 10_000 && p.dayCents <= 40_000)) &&
      (p.monthCents === null || (p.monthCents >= 100_000 && p.monthCents <= 500_000));
    await expectEvery(
      en.filter((p) => small.has(p.modelId)),
      sydney,
    );
    const yuan = new Set(zh.map((p) => `${p.businessModel}:${p.dayCents}:${p.monthCents}`));
    expect(en.filter((p) => yuan.has(`${p.businessModel}:${p.dayCents}:${p.monthCents}`))).toEqual([]);
    const lines = await db()
      .select({
        lessor: contracts.lessorOrgId,
        modelId: devices.modelId,
        dayCents: contractLines.dayCents,
        monthCents: contractLines.monthCents,
      })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .innerJoin(devices, eq(devices.id, contractLines.deviceId))
      .all();
    await expectEvery(
      lines.filter((l) => langOfOrg.get(l.lessor) === 'en' && small.has(l.modelId)),
      sydney,
    );
  });

  it('has renters overdue up to the 52 days the README names, none longer', async () => {
    const days = README.match(/overdue from a day up to (\d+) days/)?.[1];
    expect(days).toBeDefined();
    const open = (await db().select().from(bills).all()).filter(
      (b) => ['open', 'partlyPaid'].includes(b.state) && langOfOrg.has(b.lessorOrgId),
    );
    const overdue = await mapInOrder(open, async (b) => daysOverdue(b.dueOn, await today(b.lessorOrgId)));
    expect(Math.max(...overdue)).toBe(Number(days));
  });

  it('writes each record when its event happened: bills, receipts and machines on their day, invoices after payment', async () => {
    const onDay = (at: Date, day: string) =>
      at.getTime() >= Date.parse(`${day}T00:00:00+11:00`) && at.getTime() < Date.parse(`${day}T00:00:00+08:00`) + DAY;
    const billed = await db().select().from(bills).all();
    await expectEvery(billed, (b) => onDay(b.createdAt, b.issuedOn));
    const paid = await db().select().from(receipts).all();
    await expectEvery(paid, (r) => onDay(r.createdAt, r.receivedOn));
    const fitted = await db().select().from(devices).all();
    await expectEvery(fitted, (d) => d.installedAt === null || onDay(d.createdAt, d.installedAt));
    // An invoice is asked once every item on it is paid, and issued after it was asked.
    const items = await db().select().from(invoiceItems).all();
    const asked = await db().select().from(invoices).all();
    await expectEvery(asked, (i) => {
      const own = items.filter((it) => it.invoiceId === i.id);
      return (
        own.length > 0 &&
        own.every((it) => it.paidOn !== '' && i.createdAt.getTime() > Date.parse(`${it.paidOn}T00:00:00+11:00`)) &&
        (i.issuedAt === null || i.issuedAt > i.createdAt)
      );
    });
  });
});
