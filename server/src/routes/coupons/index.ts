import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  couponIssueState,
  couponUseState,
  type CouponIssueState,
  type CouponUseState,
} from '@console/contract/codes/coupons';
import { couponEndpoints, type CouponRow } from '@console/contract/http/coupons';
import { COUPON_WRITERS } from '@console/contract/access/coupons';
import { users } from '@console/db/schema/accounts';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { keeps } from '../../lib/shop-owner.ts';
import { receiveCoupons, type CouponRecord } from './redeem.ts';

/** The batch's issue state as a condition, for the list's filter (couponIssueState's rule). */
function issueStateIs(state: CouponIssueState, today: string): SQL | undefined {
  const open = isNull(coupons.stoppedAt);
  switch (state) {
    case 'stopped':
      return isNotNull(coupons.stoppedAt);
    case 'upcoming':
      return and(open, gt(coupons.issueFrom, today));
    case 'ended':
      return and(open, lt(coupons.issueTo, today));
    case 'issuing':
      return and(open, lte(coupons.issueFrom, today), gte(coupons.issueTo, today));
  }
}

/** A received coupon's state as a condition (couponUseState's rule). */
function useStateIs(state: CouponUseState, now: number): SQL | undefined {
  const at = new Date(now);
  switch (state) {
    case 'used':
      return isNotNull(couponReceipts.usedAt);
    case 'expired':
      return and(isNull(couponReceipts.usedAt), lte(couponReceipts.expiresAt, at));
    case 'received':
      return and(isNull(couponReceipts.usedAt), gt(couponReceipts.expiresAt, at));
  }
}

interface Ctx {
  data: ScopedData;
  user: SessionUser;
  timeZone: string;
  now: number;
  /** The viewer's organisation's today: a batch issues on its days (decision 026). */
  today: string;
  deps: AppDeps;
}

async function present({ data, user, timeZone, now, today, deps }: Ctx, rows: CouponRecord[]): Promise<CouponRow[]> {
  // A coupon's amounts are in its organisation's brand's money (decision 064), whoever reads it.
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  const ids = rows.map((r) => r.id);
  const at = new Date(now);
  const counts = new Map(
    (ids.length === 0
      ? []
      : await data
          .select({
            couponId: couponReceipts.couponId,
            received: count(),
            used: data.dialect.sumTrue(sql`${couponReceipts.usedAt} is not null`),
            expired: data.dialect.sumTrue(
              sql`${couponReceipts.usedAt} is null and ${couponReceipts.expiresAt} <= ${at.getTime()}`,
            ),
          })
          .from(couponReceipts, data.orgScope(couponReceipts.orgId))
          .where(inArray(couponReceipts.couponId, ids))
          .groupBy(couponReceipts.couponId)
          .all()
    ).map((c) => [c.couponId, c]),
  );
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const names = await userNames(
    data,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => {
    const c = counts.get(r.id);
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      faceValueCents: r.type === 'cash' ? r.faceValueCents : null,
      discount: r.type === 'discount' && r.discountTenths !== null ? r.discountTenths / 10 : null,
      issueFrom: r.issueFrom,
      issueTo: r.issueTo,
      minSpendCents: r.minSpendCents,
      total: r.total,
      perUserLimit: r.perUserLimit,
      remaining: r.remaining,
      validHours: r.validHours,
      category: r.category,
      issueState: couponIssueState(r, today),
      received: c?.received ?? 0,
      used: Number(c?.used ?? 0),
      expired: Number(c?.expired ?? 0),
      orgName: orgs.get(r.orgId) ?? '',
      createdByName: names.get(r.createdBy) ?? '',
      createdAt: formatInZone(r.createdAt, timeZone),
      editable: keeps(user, COUPON_WRITERS, r.orgId),
      money: moneyOf(r.orgId),
    };
  });
}

async function findCoupon(data: ScopedData, id: number): Promise<CouponRecord> {
  const row = await data.select().from(coupons, data.orgScope(coupons.orgId)).where(eq(coupons.id, id)).get();
  if (!row) throw notFound();
  return row;
}

/** A coupon the user's organisation keeps (grant, stop, delete). */
async function ownCoupon(data: ScopedData, user: SessionUser, id: number): Promise<CouponRecord> {
  const row = await findCoupon(data, id);
  if (!keeps(user, COUPON_WRITERS, row.orgId)) throw forbidden();
  return row;
}

const refuse = (key: ConstructorParameters<typeof ApiError>[1], params: Record<string, string | number> = {}) =>
  new ApiError(API_STATUS.conflict, key, params);

export const couponRoutes: RouteDef[] = [
  route(couponEndpoints.list, async ({ query, user, data, timeZone, deps, today }) => {
    const now = deps.now();
    const where = and(
      keywordIn(data.dialect, [coupons.name], query.keyword),
      query.type ? eq(coupons.type, query.type) : undefined,
      query.category ? eq(coupons.category, query.category) : undefined,
      query.issueState ? issueStateIs(query.issueState, today()) : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(coupons, data.orgScope(coupons.orgId)).where(where),
      listOrder(query, { createdAt: coupons.createdAt, remaining: coupons.remaining }, coupons.id, [desc(coupons.id)]),
    );
    return { list: await present({ data, user, timeZone, now, today: today(), deps }, rows), ...paging };
  }),

  route(
    couponEndpoints.detail,
    async ({ query, user, data, timeZone, deps, today }) =>
      (
        await present({ data, user, timeZone, now: deps.now(), today: today(), deps }, [
          await findCoupon(data, query.id),
        ])
      )[0]!,
  ),

  route(couponEndpoints.received, async ({ query, data, timeZone, deps }) => {
    // One coupon's: refused as not found when it is not in scope, rather than answering an empty list.
    if (query.couponId !== undefined) await findCoupon(data, query.couponId);
    const now = deps.now();
    const where = and(
      query.couponId !== undefined ? eq(couponReceipts.couponId, query.couponId) : undefined,
      query.state ? useStateIs(query.state, now) : undefined,
      keywordIn(data.dialect, [couponReceipts.mobile], query.keyword),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(couponReceipts, data.orgScope(couponReceipts.orgId)).where(where),
      listOrder(
        query,
        { receivedAt: couponReceipts.receivedAt, expiresAt: couponReceipts.expiresAt },
        couponReceipts.id,
        [desc(couponReceipts.id)],
      ),
    );
    const names = await userNames(
      data,
      rows.flatMap((r) => [r.holderId, r.grantedBy]),
    );
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      list: rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        holderName: names.get(r.holderId) ?? '',
        state: couponUseState(r, now),
        receivedAt: formatInZone(r.receivedAt, timeZone),
        expiresAt: formatInZone(r.expiresAt, timeZone),
        usedAt: r.usedAt ? formatInZone(r.usedAt, timeZone) : '',
        discountCents: r.discountCents,
        orderRef: r.orderRef,
        grantedByName: r.grantedBy ? (names.get(r.grantedBy) ?? '') : '',
        money: moneyOf(r.orgId),
      })),
      ...paging,
    };
  }),

  route(couponEndpoints.create, async ({ body, user, data, deps, setMessage }) => {
    const { discount, faceValueCents, ...rules } = body;
    const row = await data.write((tx) =>
      tx
        .insert(coupons)
        .values({
          ...rules,
          // Only the type's own value is kept: a form may carry the other one.
          faceValueCents: body.type === 'cash' ? faceValueCents : null,
          discountTenths: body.type === 'discount' && discount !== null ? Math.round(discount * 10) : null,
          remaining: body.total,
          orgId: user.orgId,
          createdBy: user.id,
          createdAt: new Date(deps.now()),
        })
        .returning({ id: coupons.id })
        .get(),
    );
    setMessage('products.saved');
    return { id: row.id };
  }),

  route(couponEndpoints.grant, async ({ body, user, data, deps, today, setMessage }) => {
    const now = deps.now();
    const result = await data.write(async (tx) => {
      const coupon = await ownCoupon(tx, user, body.id);
      // A mobile names someone in the granting organisation's scope (its staff and customers; the operator: all).
      const found = await tx
        .select({ id: users.id, mobile: users.mobile })
        .from(users, tx.orgScope(users.orgId))
        .where(inArray(users.mobile, body.mobiles))
        .orderBy(users.id)
        .all();
      const byMobile = new Map<string, { id: number; mobile: string }>();
      for (const u of found) if (!byMobile.has(u.mobile)) byMobile.set(u.mobile, u);
      const unknown = body.mobiles.filter((m) => !byMobile.has(m));
      if (unknown.length > 0) throw refuse('coupons.unknownMobiles', { mobiles: unknown.join(', ') });
      return receiveCoupons(tx, coupon, {
        holders: body.mobiles.map((m) => byMobile.get(m)!),
        count: body.count,
        by: user.id,
        now,
        today: today(),
      });
    });
    setMessage('coupons.granted', { granted: result.granted });
    return result;
  }),

  route(couponEndpoints.stop, async ({ body, user, data, deps, setMessage }) => {
    await data.write(async (tx) => {
      const coupon = await ownCoupon(tx, user, body.id);
      if (coupon.stoppedAt) throw refuse('coupons.alreadyStopped');
      await tx
        .update(coupons)
        .set({ stoppedAt: new Date(deps.now()) })
        .where(eq(coupons.id, coupon.id))
        .run();
    });
    setMessage('coupons.stopped');
    return { id: body.id };
  }),

  route(couponEndpoints.remove, async ({ body, user, data }) => {
    await data.write(async (tx) => {
      const coupon = await ownCoupon(tx, user, body.id);
      const received = await tx
        .select({ n: count() })
        .from(couponReceipts, tx.orgScope(couponReceipts.orgId))
        .where(eq(couponReceipts.couponId, coupon.id))
        .get();
      if ((received?.n ?? 0) > 0) throw refuse('coupons.inUse');
      await tx.delete(coupons).where(eq(coupons.id, coupon.id)).run();
    });
    return { id: body.id };
  }),
];

/** Checkout uses a received coupon in the shop order's unit of work (decision 049). */
export { redeemCoupon } from './redeem.ts';
