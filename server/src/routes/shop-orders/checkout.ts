import { and, asc, count, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { centsText } from '@console/contract/codes/lease-pricing';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { API_STATUS } from '@console/contract/http/envelope';
import { shopOrderNumber } from '@console/db/doc-numbers';
import { organisations } from '@console/db/schema/accounts';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import { products } from '@console/db/schema/products';
import { payments, shopOrderEvents, shopOrders } from '@console/db/schema/shop-orders';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, conflict, invalidField } from '../../lib/errors.ts';
import { nameIn, orgBrand, textIn } from '../../lib/org-brand.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { orgNumberDay } from '../../lib/org-day.ts';
import { formatInZone } from '../../lib/time.ts';
import { paygateOf } from '../../shop/check-payment.ts';
import { moveOrder } from '../../shop/order-moves.ts';
import { paygateSettings } from '../../shop/paygate-client.ts';
import { redeemCoupon } from '../coupons/index.ts';
import { assertMay, orderIn } from './access.ts';
import { presentOrders } from './present.ts';

/**
 * The shops a buyer buys from (decision 050): the operator's, and a customer's own rental company's. It is the shop's
 * rule of who sells to whom, so the reads of the sellers' catalogues are the domain's own.
 */
async function sellersOf(data: ScopedData, user: SessionUser): Promise<number[]> {
  const db = data.unscoped('domainRule');
  const operator = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.kind, 'operator'))
    .orderBy(organisations.id)
    .get();
  const own = await db.select().from(organisations).where(eq(organisations.id, user.orgId)).get();
  const sellers = operator ? [operator.id] : [];
  if (own?.kind === 'customer' && own.parentId !== null) sellers.push(own.parentId);
  return sellers;
}

/** The products of these sellers (sellersOf) the user may buy, narrowed by `condition`. */
const catalogRead = (data: ScopedData, sellers: number[], condition?: SQL) =>
  data
    .unscoped('domainRule')
    .select()
    .from(products)
    .where(and(inArray(products.orgId, sellers), condition));

/** The language a buyer reads a product in: the console's. */
const readerLang = (lang: string): 'zh' | 'en' => (lang === 'en_US' ? 'en' : 'zh');

export const checkoutRoutes: RouteDef[] = [
  route(shopOrderEndpoints.catalog, async (ctx) => {
    const { data, user, query, deps, timeZone } = ctx;
    const lang = readerLang(ctx.lang);
    const list = await catalogRead(
      data,
      await sellersOf(data, user),
      and(
        query.category ? eq(products.category, query.category) : undefined,
        keywordIn(
          data.dialect,
          [products.name, products.nameZh, products.nameEn, products.spec, products.specZh, products.specEn],
          query.keyword,
        ),
      ),
    )
      .orderBy(asc(products.orgId), asc(products.category), asc(products.id))
      .limit(200)
      .all();
    // The caller's own received coupons, usable now (the holder is the rule, decision 049), of the shops the caller
    // buys from: a coupon is honoured only by its issuer's shop, so the form offers it only on that shop's products.
    const usable = await data
      .unscoped('domainRule')
      .select({ receipt: couponReceipts, coupon: coupons })
      .from(couponReceipts)
      .innerJoin(coupons, eq(coupons.id, couponReceipts.couponId))
      .where(
        and(
          eq(couponReceipts.holderId, user.id),
          isNull(couponReceipts.usedAt),
          gt(couponReceipts.expiresAt, new Date(deps.now())),
          inArray(coupons.orgId, await sellersOf(data, user)),
        ),
      )
      .orderBy(asc(couponReceipts.expiresAt))
      .limit(100)
      .all();
    const sellers = await orgNames(data, [...list.map((p) => p.orgId), ...usable.map((u) => u.coupon.orgId)]);
    return {
      products: list.map((p) => ({
        id: p.id,
        category: p.category,
        name: nameIn(p, lang),
        image: p.image,
        spec: textIn(p, 'spec', lang),
        amountCents: p.amountCents,
        sellerId: p.orgId,
        sellerName: sellers.get(p.orgId) ?? '',
      })),
      coupons: usable.map(({ receipt, coupon }) => ({
        receiptId: receipt.id,
        name: coupon.name,
        type: coupon.type,
        faceValueCents: coupon.faceValueCents,
        discountTenths: coupon.discountTenths,
        minSpendCents: coupon.minSpendCents,
        category: coupon.category,
        sellerId: coupon.orgId,
        sellerName: sellers.get(coupon.orgId) ?? '',
        expiresAt: formatInZone(receipt.expiresAt, timeZone),
      })),
    };
  }),

  route(shopOrderEndpoints.create, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const lang = readerLang(ctx.lang);
    const now = deps.now();
    const order = await data.write(async (tx) => {
      const product = await catalogRead(tx, await sellersOf(tx, user), eq(products.id, body.productId)).get();
      if (!product) throw invalidField('productId', 'shopOrders.notForSale');
      const buyerOrg = await tx
        .unscoped('alreadyScoped')
        .select({ distributorOrgId: organisations.distributorOrgId })
        .from(organisations)
        .where(eq(organisations.id, user.orgId))
        .get();
      const amountCents = product.amountCents * body.quantity;
      // The order keeps the name and the spec its buyer read (decision 064).
      const productName = nameIn(product, lang);
      const spec = textIn(product, 'spec', lang);
      const created = await tx
        .insert(shopOrders)
        .values({
          number: `tmp-${now}-${user.id}-${Math.random()}`,
          orgId: user.orgId,
          sellerOrgId: product.orgId,
          distributorOrgId: buyerOrg?.distributorOrgId ?? null,
          buyerId: user.id,
          productId: product.id,
          productName,
          category: product.category,
          spec,
          unitCents: product.amountCents,
          quantity: body.quantity,
          amountCents,
          payCents: amountCents,
          receiver: body.receiver,
          receiverPhone: body.receiverPhone,
          address: body.address,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning()
        .get();
      const number = shopOrderNumber(created.id, await orgNumberDay(tx.unscoped('domainRule'), user.orgId, now));
      let discountCents = 0;
      let couponName = '';
      if (body.couponReceiptId !== null) {
        const redeemed = await redeemCoupon(tx, {
          receivedId: body.couponReceiptId,
          buyerId: user.id,
          sellerOrgId: product.orgId,
          amountCents,
          category: product.category,
          now,
          orderRef: number,
        });
        discountCents = redeemed.discountCents;
        couponName =
          (
            await tx
              .unscoped('domainRule')
              .select({ name: coupons.name })
              .from(couponReceipts)
              .innerJoin(coupons, eq(coupons.id, couponReceipts.couponId))
              .where(eq(couponReceipts.id, redeemed.receivedId))
              .get()
          )?.name ?? '';
      }
      const placed = await tx
        .update(shopOrders)
        .set({
          number,
          discountCents,
          couponReceiptId: body.couponReceiptId,
          payCents: amountCents - discountCents,
        })
        .where(eq(shopOrders.id, created.id))
        .returning()
        .get();
      await tx
        .insert(shopOrderEvents)
        .values({
          orderId: placed.id,
          event: 'create',
          actorId: user.id,
          details: {
            quantity: body.quantity,
            product: productName,
            spec,
            amount: centsText(amountCents),
            pay: centsText(placed.payCents),
            ...(couponName ? { coupon: couponName, discount: centsText(discountCents) } : {}),
          },
          at: new Date(now),
        })
        .run();
      return placed;
    });
    setMessage('shopOrders.created');
    return { order: (await presentOrders(ctx, [order]))[0]! };
  }),

  route(shopOrderEndpoints.pay, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const before = await orderIn(data, body.id);
    assertMay(user, before, 'pay');
    if (!['created', 'unpaid'].includes(before.state)) throw conflict();
    if (before.payCents <= 0) throw conflict();
    const attempt =
      ((
        await data
          .unscoped('alreadyScoped')
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.kind, 'shop'), eq(payments.orderId, before.id)))
          .get()
      )?.n ?? 0) + 1;
    const paygate = paygateOf(deps);
    const settings = paygateSettings(deps.env);
    // The slow call first, outside the unit of work; the state is checked again inside.
    let view;
    try {
      view = await paygate.create({
        reference: `${before.number}-${attempt}`,
        amountCents: before.payCents,
        // The payer pays in its brand's currency, the one its console showed the order in.
        currency: (await orgBrand(deps, data.unscoped('alreadyScoped'), user.orgId)).money.currency.code,
        subject: `${before.productName} × ${before.quantity}`.slice(0, 120),
        returnUrl: `${settings.consoleUrl}/productCenter/order?id=${before.id}`,
      });
    } catch (error) {
      deps.log('warn', `payment of ${before.number} not opened: ${(error as Error).message}`);
      throw new ApiError(API_STATUS.conflict, 'shopOrders.paymentUnavailable');
    }
    const now = deps.now();
    let order;
    try {
      order = await data.write(async (tx) => {
        const current = await orderIn(tx, before.id);
        const payment = await tx
          .insert(payments)
          .values({
            orgId: current.orgId,
            kind: 'shop',
            orderId: current.id,
            reference: view.reference,
            providerPaymentId: view.paymentId,
            amountCents: view.amountCents,
            payUrl: view.payUrl,
            createdBy: user.id,
            createdAt: new Date(now),
          })
          .returning()
          .get();
        return moveOrder(tx.unscoped('alreadyScoped'), current, 'pay', {
          actorId: user.id,
          now,
          details: { reference: view.paymentId, amount: centsText(view.amountCents) },
          set: { paymentId: payment.id },
        });
      });
    } catch (error) {
      // Another move came first: the payment just opened is not needed.
      await paygate.close(view.paymentId).catch((e: unknown) => {
        deps.log('warn', `payment ${view.paymentId} not closed: ${(e as Error).message}`);
      });
      throw error;
    }
    setMessage('shopOrders.payOpened');
    return { order: (await presentOrders(ctx, [order]))[0]!, payUrl: view.payUrl };
  }),
];
