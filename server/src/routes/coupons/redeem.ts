import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  couponDiscountCents,
  couponIssueState,
  couponUseAllows,
  couponUseState,
  MAX_DISCOUNT,
  MIN_DISCOUNT,
  type CouponCategory,
} from '@console/contract/codes/coupons';
import type { ProductCategory } from '@console/contract/codes/products';
import { centsText } from '@console/contract/codes/lease-pricing';
import { API_STATUS } from '@console/contract/http/envelope';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import type { ScopedWrite } from '../../lib/data.ts';
import { ApiError } from '../../lib/errors.ts';
import { orgNameIn } from '../../lib/org-brand.ts';

export type CouponRecord = typeof coupons.$inferSelect;
const HOUR_MS = 3_600_000;

const refuse = (key: ConstructorParameters<typeof ApiError>[1], params: Record<string, string | number> = {}) =>
  new ApiError(API_STATUS.conflict, key, params);

/**
 * People receive a coupon, `count` each, inside the unit of work `tx`: all of them or none. The batch must be
 * issuing today, each holder stays within the per-user limit, and what remains is taken down by one conditional
 * update (`remaining >= wanted`), so two grants at once (two servers on one database) never take it below zero.
 */
export async function receiveCoupons(
  tx: ScopedWrite,
  coupon: CouponRecord,
  input: { holders: { id: number; mobile: string }[]; count: number; by: number | null; now: number; today: string },
): Promise<{ granted: number; remaining: number }> {
  if (couponIssueState(coupon, input.today) !== 'issuing') throw refuse('coupons.notIssuing');
  const held = new Map(
    (
      await tx
        .unscoped('alreadyScoped')
        .select({ holderId: couponReceipts.holderId, n: count() })
        .from(couponReceipts)
        .where(eq(couponReceipts.couponId, coupon.id))
        .groupBy(couponReceipts.holderId)
        .all()
    ).map((r) => [r.holderId, r.n]),
  );
  for (const holder of input.holders) {
    const already = held.get(holder.id) ?? 0;
    if (already + input.count > coupon.perUserLimit)
      throw refuse('coupons.overPerUserLimit', { mobile: holder.mobile, held: already, limit: coupon.perUserLimit });
  }
  const wanted = input.holders.length * input.count;
  const taken = await tx
    .update(coupons)
    .set({ remaining: sql`${coupons.remaining} - ${wanted}` })
    .where(and(eq(coupons.id, coupon.id), sql`${coupons.remaining} >= ${wanted}`, isNull(coupons.stoppedAt)))
    .returning({ remaining: coupons.remaining })
    .get();
  if (!taken) {
    const now = await tx.unscoped('alreadyScoped').select().from(coupons).where(eq(coupons.id, coupon.id)).get();
    if (now?.stoppedAt) throw refuse('coupons.notIssuing');
    throw refuse('coupons.notEnoughLeft', { remaining: now?.remaining ?? 0, wanted });
  }
  const expiresAt = new Date(input.now + coupon.validHours * HOUR_MS);
  await tx
    .insert(couponReceipts)
    .values(
      input.holders.flatMap((h) =>
        Array.from({ length: input.count }, () => ({
          couponId: coupon.id,
          orgId: coupon.orgId,
          holderId: h.id,
          mobile: h.mobile,
          receivedAt: new Date(input.now),
          expiresAt,
          grantedBy: input.by,
        })),
      ),
    )
    .run();
  return { granted: wanted, remaining: taken.remaining };
}

/**
 * A cash coupon takes a positive amount off; a discount pays 0.1 to 9.9 tenths of the price, stored × 10 (decision
 * 049: the spec's range 0-10 without its ends).
 */
function valueWithinRules(coupon: CouponRecord): boolean {
  if (coupon.type === 'cash') return (coupon.faceValueCents ?? 0) > 0;
  const stored = coupon.discountTenths ?? 0;
  return Number.isInteger(stored) && stored >= Math.round(MIN_DISCOUNT * 10) && stored <= Math.round(MAX_DISCOUNT * 10);
}

export interface Redemption {
  /** A coupon the buyer received (the first of theirs that can be used, soonest to expire) or one received coupon. */
  couponId?: number;
  receivedId?: number;
  buyerId: number;
  /** The organisation whose shop sells the order: a coupon is honoured only by the shop of the one that issued it. */
  sellerOrgId: number;
  amountCents: number;
  category: ProductCategory;
  now: number;
  /** The shop order's number, kept on the used coupon. */
  orderRef?: string;
}

/**
 * Use a received coupon at checkout, inside the shop order's unit of work: the buyer's own, received (not used,
 * not expired), issued by the seller's organisation, its value within the coupon rules, for this category, the
 * order reaching its minimum spend, the buyer within the per-user limit. Answers what it takes off the amount, in
 * cents. The holder is the rule for finding the coupon, whichever organisation issued it, so the read is the
 * domain's own (decision 049); the issuer is the rule for where it is honoured.
 * The coupon is marked used by a conditional update (`used_at IS NULL`): two checkouts at once use it once.
 */
export async function redeemCoupon(
  tx: ScopedWrite,
  input: Redemption,
): Promise<{ discountCents: number; receivedId: number }> {
  const db = tx.unscoped('domainRule');
  const mine = and(
    eq(couponReceipts.holderId, input.buyerId),
    input.receivedId !== undefined ? eq(couponReceipts.id, input.receivedId) : undefined,
    input.couponId !== undefined ? eq(couponReceipts.couponId, input.couponId) : undefined,
  );
  if (input.receivedId === undefined && input.couponId === undefined) throw refuse('coupons.notReceived');
  const usable = await db
    .select()
    .from(couponReceipts)
    .where(and(mine, isNull(couponReceipts.usedAt), gt(couponReceipts.expiresAt, new Date(input.now))))
    .orderBy(asc(couponReceipts.expiresAt), asc(couponReceipts.id))
    .get();
  if (!usable || !couponUseAllows('use', couponUseState(usable, input.now))) {
    const any = await db.select().from(couponReceipts).where(mine).orderBy(asc(couponReceipts.id)).get();
    if (!any) throw refuse('coupons.notReceived');
    throw refuse(couponUseState(any, input.now) === 'used' ? 'coupons.alreadyUsed' : 'coupons.expired');
  }
  const coupon = await db.select().from(coupons).where(eq(coupons.id, usable.couponId)).get();
  if (!coupon) throw refuse('coupons.notReceived');
  // A coupon is the issuing organisation's promise about its own prices: another shop does not honour it.
  if (coupon.orgId !== input.sellerOrgId) {
    throw refuse('coupons.otherShop', { issuer: await orgNameIn(db, coupon.orgId, tx.lang) });
  }
  // The form keeps a value within the rules; a row written around it (a script, an import) is not honoured
  // rather than give the product away.
  if (!valueWithinRules(coupon)) throw refuse('coupons.outsideRules');
  if (coupon.category !== ('all' satisfies CouponCategory) && coupon.category !== input.category)
    throw refuse('coupons.wrongCategory');
  if (input.amountCents < coupon.minSpendCents)
    throw refuse('coupons.belowMinSpend', { minSpend: centsText(coupon.minSpendCents) });
  const used =
    (
      await db
        .select({ n: count() })
        .from(couponReceipts)
        .where(
          and(
            eq(couponReceipts.couponId, coupon.id),
            eq(couponReceipts.holderId, input.buyerId),
            isNotNull(couponReceipts.usedAt),
          ),
        )
        .get()
    )?.n ?? 0;
  if (used >= coupon.perUserLimit) throw refuse('coupons.perUserUsed', { limit: coupon.perUserLimit });
  const discountCents = couponDiscountCents(
    { type: coupon.type, faceValueCents: coupon.faceValueCents ?? 0, discountTenths: coupon.discountTenths ?? 100 },
    input.amountCents,
  );
  const marked = await tx
    .update(couponReceipts)
    .set({ usedAt: new Date(input.now), discountCents, orderRef: input.orderRef ?? '' })
    .where(and(eq(couponReceipts.id, usable.id), isNull(couponReceipts.usedAt)))
    .returning({ id: couponReceipts.id })
    .get();
  if (!marked) throw refuse('coupons.alreadyUsed');
  return { discountCents, receivedId: usable.id };
}
