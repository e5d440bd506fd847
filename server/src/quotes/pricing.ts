import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { deviceModels, devices } from '@console/db/schema/devices';
import { storeDevices } from '@console/db/schema/lease';
import { leasePrices } from '@console/db/schema/products';
import { quoteSettings } from '@console/db/schema/quotes';
import { lineAmountCents, requiredPrices } from '@console/contract/codes/lease-pricing';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import type { QuoteInput } from '@console/contract/quotes/forms';
import { ApiError, invalidField } from '../lib/errors.ts';
import { nameInSql, type ReaderLang } from '../lib/org-brand.ts';
import type { SessionUser } from '../lib/session.ts';

/** A company keeps 10 % as its limit until its administrator sets one. */
export const DEFAULT_MAX_DISCOUNT_BP = 1_000;

export async function maxDiscountOf(db: Db, orgId: number): Promise<number> {
  const row = await db.select().from(quoteSettings).where(eq(quoteSettings.orgId, orgId)).get();
  return row?.maxDiscountBp ?? DEFAULT_MAX_DISCOUNT_BP;
}

/** The limit this person is held to: the administrator sets it and is not held to it. */
export async function discountLimitFor(db: Db, user: SessionUser): Promise<number | null> {
  return user.roleId === ROLE.lessorAdmin ? null : maxDiscountOf(db, user.orgId);
}

const off = (cents: number | null, bp: number) =>
  cents === null ? null : Math.round((cents * (10_000 - bp)) / 10_000);

export type PricedLine = Awaited<ReturnType<typeof priceLines>>['lines'][number];

/**
 * The lines priced from the lessor's lease price list: the list price of the line's model (a named machine's own)
 * under its business model, less the line's discount, over the quote's days. Named machines must be the company's
 * and at the quote's store; a discount over the limit, or a model without a list price, is refused.
 */
export async function priceLines(
  tx: Db,
  orgId: number,
  input: Pick<QuoteInput, 'lines' | 'startOn' | 'endOn' | 'storeId'>,
  limitBp: number | null,
  lang: ReaderLang,
) {
  const ids = input.lines.flatMap((l) => (l.deviceId === null ? [] : [l.deviceId]));
  const machines = ids.length
    ? await tx
        .select({ id: devices.id, orgId: devices.orgId, modelId: devices.modelId, serial: devices.serialNumber })
        .from(devices)
        .leftJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
        .where(and(inArray(devices.id, ids), eq(storeDevices.storeId, input.storeId)))
        .all()
    : [];
  const lines = [];
  for (const l of input.lines) {
    let modelId = l.modelId;
    if (l.deviceId !== null) {
      const machine = machines.find((m) => m.id === l.deviceId && m.orgId === orgId);
      if (!machine) throw invalidField('lines', 'lease.machineInvalid');
      modelId = machine.modelId;
    }
    if (limitBp !== null && l.discountBp > limitBp) {
      throw new ApiError(API_STATUS.invalid, 'quotes.discountOverLimit', { limit: limitBp / 100 });
    }
    const list = await tx
      .select()
      .from(leasePrices)
      .where(
        and(
          eq(leasePrices.orgId, orgId),
          eq(leasePrices.modelId, modelId!),
          eq(leasePrices.businessModel, l.businessModel),
        ),
      )
      .get();
    const needs = requiredPrices(l.businessModel);
    if (!list || (needs.includes('day') && !list.dayCents) || (needs.includes('month') && !list.monthCents)) {
      const model = await tx
        .select({ name: nameInSql(deviceModels, lang) })
        .from(deviceModels)
        .where(eq(deviceModels.id, modelId!))
        .get();
      if (!model) throw invalidField('lines', 'lease.modelInvalid');
      throw new ApiError(API_STATUS.invalid, 'quotes.noListPrice', { model: model.name });
    }
    const listDayCents = needs.includes('day') ? list.dayCents : null;
    const listMonthCents = needs.includes('month') ? list.monthCents : null;
    const dayCents = off(listDayCents, l.discountBp);
    const monthCents = off(listMonthCents, l.discountBp);
    lines.push({
      deviceId: l.deviceId,
      modelId: l.deviceId === null ? modelId : null,
      count: l.count,
      businessModel: l.businessModel,
      listDayCents,
      listMonthCents,
      discountBp: l.discountBp,
      dayCents,
      monthCents,
      amountCents: lineAmountCents(l.businessModel, { dayCents, monthCents }, input.startOn, input.endOn, l.count),
    });
  }
  return { lines, totalCents: lines.reduce((s, l) => s + l.amountCents, 0) };
}
