import { and, asc, eq, inArray } from 'drizzle-orm';
import { bandPrice } from '@console/contract/codes/charges';
import { writeChargeBill, writeCreditNote } from '../billing/charges.ts';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { chargePrices, charges } from '../schema/charges.ts';
import { invoiceItems } from '../schema/invoices.ts';
import { bills } from '../schema/lease-billing.ts';
import { contracts } from '../schema/lease.ts';
import { BUSINESSES, say } from './business.ts';

/**
 * Charges beyond rent and credit notes (docs/decisions/074-charges-and-credit-notes.md), written as the moves write
 * them, in each rental company's language: its charges price list (delivery by distance band, collection, cleaning,
 * fuel and an accessory at fixed prices); on its running contracts a delivery waiting for the next bill, a damage
 * charge billed at once on a bill of its own, and a fuel charge cancelled before billing; and a credit note on an
 * open bill, for part of what it asks. After the bills and deposits, before the created times.
 */

const TEXT = {
  delivery: { zh: '送机费（按距离）', en: 'Delivery by distance' },
  collection: { zh: '回收费', en: 'Collection' },
  cleaning: { zh: '清洗费', en: 'Cleaning' },
  fuel: { zh: '充电/加油费', en: 'Fuel or charging' },
  accessory: { zh: '安全带租用', en: 'Harness hire' },
  damage: { zh: '归还时护栏变形，需更换', en: 'Bent guard rail found at the return, to be replaced' },
  fuelReason: { zh: '退场时电量不足', en: 'Returned with a flat battery' },
  fuelCancel: { zh: '客户已自行充电', en: 'The customer charged it themselves' },
  credit: { zh: '设备故障停机三天，减免租金', en: 'Three days stood down by a breakdown, rent reduced' },
  creditLine: { zh: '停机三天租金减免', en: 'Three idle days' },
} as const;

type Lang = 'zh' | 'en';

async function lessorLang(db: Db, lessorOrgId: number): Promise<Lang> {
  const lessor = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, lessorOrgId))
    .get();
  return BUSINESSES.find((b) => b.lessor === lessor?.name)?.lang ?? 'zh';
}

export async function seedCharges(db: Db, now: number): Promise<void> {
  const running = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.kind, 'contract'), inArray(contracts.status, [7, 8, 9])))
    .orderBy(asc(contracts.id))
    .all();
  const byLessor = new Map<number, (typeof running)[number][]>();
  for (const c of running) byLessor.set(c.lessorOrgId, [...(byLessor.get(c.lessorOrgId) ?? []), c]);
  for (const [lessorOrgId, list] of byLessor) {
    const lang = await lessorLang(db, lessorOrgId);
    const today = await orgDay(db, lessorOrgId, now);
    const clerk = await db
      .select({ id: users.id, roleId: users.roleId })
      .from(users)
      .where(and(eq(users.orgId, lessorOrgId), inArray(users.roleId, [5, 10])))
      .orderBy(asc(users.roleId), asc(users.id))
      .all();
    const admin = clerk.find((u) => u.roleId === 5) ?? clerk[0];
    const staff = clerk.find((u) => u.roleId === 10) ?? clerk[0];
    if (!admin || !staff) continue;
    const at = new Date(now);
    const price = async (values: Omit<typeof chargePrices.$inferInsert, 'orgId' | 'updatedBy' | 'updatedAt'>) =>
      await db
        .insert(chargePrices)
        .values({ ...values, orgId: lessorOrgId, updatedBy: admin.id, updatedAt: at })
        .returning()
        .get();
    const bands = [
      { uptoKm: 10, cents: 20_000 },
      { uptoKm: 30, cents: 45_000 },
      { uptoKm: 80, cents: 90_000 },
    ];
    const delivery = await price({ kind: 'delivery', name: say(lang, TEXT.delivery), pricing: 'distance', bands });
    await price({ kind: 'collection', name: say(lang, TEXT.collection), pricing: 'fixed', cents: 30_000 });
    await price({ kind: 'cleaning', name: say(lang, TEXT.cleaning), pricing: 'fixed', cents: 15_000 });
    const fuel = await price({ kind: 'fuel', name: say(lang, TEXT.fuel), pricing: 'fixed', cents: 8_000 });
    await price({ kind: 'accessory', name: say(lang, TEXT.accessory), pricing: 'fixed', cents: 5_000 });

    const live = list.filter((c) => c.status === 7);
    const [first, second, third] = [live[0] ?? list[0]!, live[1] ?? list[0]!, live[2] ?? list[0]!];
    const charge = (c: (typeof list)[number], values: Partial<typeof charges.$inferInsert>) =>
      db
        .insert(charges)
        .values({
          orgId: lessorOrgId,
          renterOrgId: c.renterOrgId,
          contractId: c.id,
          kind: 'other',
          unitCents: 0,
          amountCents: 0,
          billing: 'next',
          createdBy: staff.id,
          createdAt: at,
          ...values,
        })
        .returning()
        .get();
    // Pending: a delivery of 18 km on the contract's next bill.
    const unit = bandPrice(bands, 18)!;
    await charge(first, {
      kind: 'delivery',
      priceId: delivery.id,
      priceName: delivery.name,
      distanceKm: 18,
      unitCents: unit,
      amountCents: unit,
    });
    // Billed at once: a damage found at a return, entered with its reason.
    const damage = await charge(second, {
      kind: 'damage',
      unitCents: 120_000,
      amountCents: 120_000,
      reason: say(lang, TEXT.damage),
      billing: 'now',
    });
    await writeChargeBill(db, damage, second, today);
    // Cancelled before billing.
    await charge(third, {
      kind: 'fuel',
      priceId: fuel.id,
      priceName: fuel.name,
      unitCents: fuel.cents!,
      amountCents: fuel.cents!,
      reason: say(lang, TEXT.fuelReason),
      state: 'cancelled',
      cancelledAt: at,
      cancelledBy: staff.id,
      cancelReason: say(lang, TEXT.fuelCancel),
    });
    // A credit note on the company's oldest open cycle bill no invoice was asked for: a tenth of what it asks.
    const invoiced = db
      .select({ id: invoiceItems.sourceId })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.source, 'bill'), eq(invoiceItems.live, true)));
    const open = await db
      .select()
      .from(bills)
      .where(and(eq(bills.lessorOrgId, lessorOrgId), eq(bills.kind, 'cycle'), eq(bills.state, 'open')))
      .orderBy(asc(bills.id))
      .all();
    const invoicedIds = new Set((await invoiced.all()).map((r) => r.id));
    const bill = open.find((b) => !invoicedIds.has(b.id) && b.amountCents - b.paidCents >= 1_000);
    if (bill) {
      const cents = Math.floor((bill.amountCents - bill.paidCents) / 10);
      await writeCreditNote(
        db,
        {
          bill,
          reason: say(lang, TEXT.credit),
          lines: [{ description: say(lang, TEXT.creditLine), amountCents: cents }],
          userId: admin.id,
          regime: lang === 'en' ? 'auGst' : 'cnVat',
        },
        today,
        now,
      );
    }
  }
}
