import { and, asc, eq, inArray } from 'drizzle-orm';
import { builtInModelImage } from '@console/contract/http/device-models';
import { centsText } from '@console/contract/codes/lease-pricing';
import { shareCents } from '@console/contract/codes/products';
import type { ShopOrderEvent, ShopOrderState } from '@console/contract/codes/shop-orders';
import type { Db } from '../client.ts';
import { shopOrderNumber } from '../doc-numbers.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { couponReceipts, coupons } from '../schema/coupons.ts';
import { products } from '../schema/products.ts';
import {
  distributorCredits,
  payments,
  shopOrderEvents,
  shopOrders,
  type PaymentRecordState,
} from '../schema/shop-orders.ts';
import type { DemoOrganisations } from './accounts.ts';
import { forEachInOrder } from '../in-order.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each step an order went through to reach its state, and what its payment became. */
const PATHS: Record<ShopOrderState, { steps: ShopOrderEvent[]; payment: PaymentRecordState | null }> = {
  created: { steps: [], payment: null },
  unpaid: { steps: ['pay', 'unpaid'], payment: 'unpaid' },
  charging: { steps: ['pay'], payment: 'charging' },
  paid: { steps: ['pay', 'paid'], payment: 'paid' },
  shipped: { steps: ['pay', 'paid', 'ship'], payment: 'paid' },
  received: { steps: ['pay', 'paid', 'ship', 'receive'], payment: 'paid' },
  completed: { steps: ['pay', 'paid', 'ship', 'receive', 'complete'], payment: 'paid' },
  cancelled: { steps: ['cancel'], payment: null },
  failed: { steps: ['pay', 'fail'], payment: 'failed' },
  abnormal: { steps: ['pay', 'abnormal'], payment: 'abnormal' },
};

interface OrderSeed {
  state: ShopOrderState;
  seller: number;
  buyerOrg: number;
  /** The product by its position in the seller's shop. */
  product: number;
  quantity: number;
  /** Days ago it was placed. */
  daysAgo: number;
}

/**
 * The shop orders of the demo (docs/decisions/050-shop-orders-and-payments.md), in every state, in each business's
 * language: a rental company's customers buy from it and from the operator, the companies buy from the operator. Each
 * rental company also sells the terminal of its fleet to its customers, with a coupon for it given to them. The
 * payments are the server's own records: the simulated provider keeps nothing, so a seeded payment still charging is
 * unknown to it and turns abnormal when its time has passed, as a payment lost at a real provider would.
 */
export async function seedShopOrders(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const person = (orgId: number, roles?: number[]) =>
    db
      .select({ id: users.id, name: users.name, mobile: users.mobile })
      .from(users)
      .where(and(eq(users.orgId, orgId), roles ? inArray(users.roleId, roles) : undefined))
      .orderBy(asc(users.id))
      .get();
  const customersOf = (lessor: number) =>
    db
      .select()
      .from(organisations)
      .where(and(eq(organisations.parentId, lessor), eq(organisations.kind, 'customer')))
      .orderBy(asc(organisations.id))
      .all();
  const shopOf = (orgId: number) =>
    db.select().from(products).where(eq(products.orgId, orgId)).orderBy(asc(products.id)).all();

  await db.transaction(async (tx) => {
    await forEachInOrder(orgs.lessors, async (lessor, index) => {
      const english = index === 2;
      // A company without an administrator of its own in the demo has its shop kept by the operator's finance.
      const admin = (await person(lessor, [5])) ?? (await person(orgs.operator, [3]))!;
      // The terminal the company fits to its fleet, sold to its customers with a coupon for it.
      await tx
        .insert(products)
        .values({
          orgId: lessor,
          category: 'terminal',
          name: english ? '4G telematics terminal, fitted' : '4G 定位终端（含安装）',
          image: builtInModelImage('aerialPlatform'),
          description: english
            ? 'The fleet’s telematics terminal, fitted and registered to your machine'
            : '与本公司车队相同的定位终端，安装并入网到您的设备',
          descriptionZh: '与本公司车队相同的定位终端，安装并入网到您的设备',
          descriptionEn: 'The fleet’s telematics terminal, fitted and registered to your machine',
          keyAttributes: english ? '4G, GPS and BeiDou, remote lock' : '4G 全网通；北斗 + GPS；远程锁车',
          otherAttributes: english ? 'IP67; 12-24 V' : 'IP67；12-24V',
          salesAttributes: english ? 'Fitted within 3 days' : '三天内安装',
          spec: 'T3 / 12-24V',
          specZh: 'T3 / 12-24V',
          specEn: 'T3 / 12-24 V',
          amountCents: 68_000,
          shares: orgs.distributors.slice(0, 1).map((distributorId) => ({ distributorId, basisPoints: 1_000 })),
          createdBy: admin.id,
          createdAt: new Date(now - 30 * DAY),
          updatedAt: new Date(now - 30 * DAY),
        })
        .run();
      const coupon = await tx
        .insert(coupons)
        .values({
          orgId: lessor,
          // The amount off is the face value, shown in the company's currency: a bare "$" reads as yuan in Chinese.
          name: english ? 'Fleet tracking offer: telematics terminals' : '定位终端立减 100 元',
          type: 'cash',
          faceValueCents: 10_000,
          issueFrom: new Date(now - 10 * DAY).toISOString().slice(0, 10),
          issueTo: new Date(now + 60 * DAY).toISOString().slice(0, 10),
          minSpendCents: 50_000,
          total: 100,
          perUserLimit: 1,
          remaining: 100,
          validHours: 24 * 90,
          category: 'terminal',
          createdBy: admin.id,
          createdAt: new Date(now - 10 * DAY),
        })
        .returning()
        .get();
      const customers = await customersOf(lessor);
      // Every person of its customers holds one (the demo customer and the renter's user among them).
      const people =
        customers.length === 0
          ? []
          : await tx
              .select({ id: users.id, mobile: users.mobile })
              .from(users)
              .where(
                inArray(
                  users.orgId,
                  customers.map((c) => c.id),
                ),
              )
              .orderBy(asc(users.id))
              .all();
      for (const holder of people) {
        await tx
          .insert(couponReceipts)
          .values({
            couponId: coupon.id,
            orgId: lessor,
            holderId: holder.id,
            mobile: holder.mobile,
            receivedAt: new Date(now - 5 * DAY),
            expiresAt: new Date(now - 5 * DAY + coupon.validHours * HOUR),
            grantedBy: admin.id,
          })
          .run();
      }
      await tx
        .update(coupons)
        .set({ remaining: coupon.total - people.length })
        .where(eq(coupons.id, coupon.id))
        .run();

      const first = customers[0]?.id;
      const second = customers[1]?.id ?? first;
      if (first === undefined || second === undefined) return;
      // Huadong shows every state; the others a business in motion.
      const seeds: OrderSeed[] =
        index === 0
          ? [
              { state: 'completed', seller: orgs.operator, buyerOrg: first, product: 2, quantity: 4, daysAgo: 20 },
              { state: 'completed', seller: lessor, buyerOrg: first, product: 1, quantity: 1, daysAgo: 15 },
              { state: 'received', seller: lessor, buyerOrg: second, product: 0, quantity: 2, daysAgo: 9 },
              { state: 'shipped', seller: orgs.operator, buyerOrg: lessor, product: 1, quantity: 10, daysAgo: 4 },
              { state: 'paid', seller: orgs.operator, buyerOrg: first, product: 4, quantity: 1, daysAgo: 2 },
              { state: 'charging', seller: lessor, buyerOrg: second, product: 1, quantity: 1, daysAgo: 0 },
              { state: 'unpaid', seller: orgs.operator, buyerOrg: lessor, product: 3, quantity: 2, daysAgo: 1 },
              { state: 'created', seller: lessor, buyerOrg: first, product: 2, quantity: 1, daysAgo: 0 },
              { state: 'cancelled', seller: orgs.operator, buyerOrg: second, product: 0, quantity: 1, daysAgo: 6 },
              { state: 'failed', seller: lessor, buyerOrg: first, product: 0, quantity: 1, daysAgo: 3 },
              { state: 'abnormal', seller: orgs.operator, buyerOrg: lessor, product: 1, quantity: 5, daysAgo: 5 },
            ]
          : [
              { state: 'completed', seller: lessor, buyerOrg: first, product: 0, quantity: 1, daysAgo: 12 },
              { state: 'shipped', seller: lessor, buyerOrg: second, product: 1, quantity: 1, daysAgo: 3 },
              { state: 'paid', seller: orgs.operator, buyerOrg: lessor, product: 1, quantity: 6, daysAgo: 1 },
              { state: 'created', seller: lessor, buyerOrg: first, product: 2, quantity: 1, daysAgo: 0 },
            ];
      await forEachInOrder(seeds, async (seed, n) => {
        const product = (await shopOf(seed.seller))[seed.product]!;
        const buyerOrg = (await tx.select().from(organisations).where(eq(organisations.id, seed.buyerOrg)).get())!;
        const buyer = (await person(seed.buyerOrg, buyerOrg.kind === 'lessor' ? [5, 10] : undefined)) ?? admin;
        const sellerStaff = (await person(seed.seller, seed.seller === orgs.operator ? [3] : [5, 10])) ?? admin;
        const placed = now - seed.daysAgo * DAY - (n + 1) * 37 * MINUTE;
        const amountCents = product.amountCents * seed.quantity;
        const address = buyerOrg.address ?? '';
        // The name and the spec in the buyer's language (decision 064): the company abroad reads its orders in English.
        const productName = (english ? product.nameEn : product.nameZh) || product.name;
        const spec = (english ? product.specEn : product.specZh) || product.spec;
        const order = await tx
          .insert(shopOrders)
          .values({
            number: `tmp-${lessor}-${n}`,
            orgId: seed.buyerOrg,
            sellerOrgId: seed.seller,
            distributorOrgId: buyerOrg.distributorOrgId,
            buyerId: buyer.id,
            productId: product.id,
            productName,
            category: product.category,
            spec,
            unitCents: product.amountCents,
            quantity: seed.quantity,
            amountCents,
            payCents: amountCents,
            receiver: buyer.name,
            receiverPhone: buyer.mobile,
            address: [buyerOrg.province, buyerOrg.city, buyerOrg.district, address].filter(Boolean).join(' '),
            state: seed.state,
            createdAt: new Date(placed),
            updatedAt: new Date(placed),
          })
          .returning()
          .get();
        const number = shopOrderNumber(order.id, (await orgDay(tx, seed.buyerOrg, placed)).replaceAll('-', ''));
        const path = PATHS[seed.state];
        const at = (step: number) => new Date(placed + (step + 1) * (seed.daysAgo > 0 ? 7 * HOUR : 2 * MINUTE));
        const reference = `P-SEED-${number}`;
        let paymentId: number | null = null;
        if (path.payment) {
          paymentId = (
            await tx
              .insert(payments)
              .values({
                orgId: seed.buyerOrg,
                kind: 'shop',
                orderId: order.id,
                reference: `${number}-1`,
                providerPaymentId: reference,
                amountCents,
                state: path.payment,
                payUrl: '',
                createdBy: buyer.id,
                createdAt: at(0),
                settledAt: path.payment === 'charging' ? null : at(1),
              })
              .returning()
              .get()
          ).id;
        }
        const paid = path.steps.includes('paid');
        const shipped = path.steps.indexOf('ship');
        const share = product.shares.find((s) => s.distributorId === buyerOrg.distributorOrgId);
        const credit = share && seed.state === 'completed' ? shareCents(amountCents, share.basisPoints) : 0;
        const distributorName = buyerOrg.distributorOrgId
          ? ((await tx.select().from(organisations).where(eq(organisations.id, buyerOrg.distributorOrgId)).get())
              ?.name ?? '')
          : '';
        const courier = `SF${String(1_300_000_000 + order.id * 7919).slice(0, 12)}`;
        await tx
          .update(shopOrders)
          .set({
            number,
            paymentId,
            paidCents: paid ? amountCents : null,
            paidAt: paid ? at(1) : null,
            courierNumber: shipped >= 0 ? courier : '',
            shippedAt: shipped >= 0 ? at(shipped) : null,
            receivedAt: path.steps.includes('receive') ? at(path.steps.indexOf('receive')) : null,
            completedAt: seed.state === 'completed' ? at(path.steps.length - 1) : null,
            updatedAt: at(path.steps.length - 1),
          })
          .where(eq(shopOrders.id, order.id))
          .run();
        const amount = centsText(amountCents);
        const details: Record<ShopOrderEvent, Record<string, string | number>> = {
          create: { quantity: seed.quantity, product: productName, spec, amount, pay: amount },
          pay: { reference, amount },
          paid: { reference, amount },
          unpaid: { reference, state: 'cancelled' },
          fail: { reference, state: 'refused' },
          abnormal: { reference, reasonKey: 'shopOrders.abnormalUnknown' },
          cancel: { reason: english ? 'Ordered by mistake' : '下错单了' },
          refund: { reason: english ? 'Ordered by mistake' : '下错单了', reference, amount },
          ship: { courier, serials: '' },
          receive: {},
          complete: credit > 0 ? { creditCents: credit, distributor: distributorName } : {},
          query: {},
          ignored: {},
        };
        const actor = (event: ShopOrderEvent) =>
          ['ship', 'complete'].includes(event)
            ? sellerStaff.id
            : ['paid', 'unpaid', 'fail', 'abnormal'].includes(event)
              ? null
              : buyer.id;
        await tx
          .insert(shopOrderEvents)
          .values(
            (['create', ...path.steps] as ShopOrderEvent[]).map((event, step) => ({
              orderId: order.id,
              event,
              actorId: actor(event),
              details: details[event],
              at: step === 0 ? new Date(placed) : at(step - 1),
            })),
          )
          .run();
        if (credit > 0)
          await tx
            .insert(distributorCredits)
            .values({
              orgId: buyerOrg.distributorOrgId!,
              orderId: order.id,
              basisPoints: share!.basisPoints,
              amountCents: credit,
              creditedAt: at(path.steps.length - 1),
            })
            .run();
      });
    });
  });
}
