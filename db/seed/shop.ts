import { and, eq, inArray } from 'drizzle-orm';
import { builtInModelImage } from '@console/contract/http/device-models';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { requiredPrices } from '@console/contract/codes/lease-pricing';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { couponReceipts, coupons } from '../schema/coupons.ts';
import { deviceModels } from '../schema/devices.ts';
import { leasePrices, products } from '../schema/products.ts';
import type { DemoOrganisations } from './accounts.ts';
import { dayOf } from './maintenance-fleet.ts';
import { listPrice } from './price-list.ts';
import { forEachInOrder } from '../in-order.ts';

const HOUR = 3_600_000;

type ProductSeed = Omit<typeof products.$inferInsert, 'orgId' | 'createdBy' | 'shares'> & { share: number };

/**
 * The operator's shop: terminals, connectivity, parts, accessories and a service, in Chinese with each name, spec and
 * description in English too (decision 064), since the company abroad buys from it in English.
 */
const OPERATOR_PRODUCTS: ProductSeed[] = [
  {
    category: 'terminal',
    name: '4G 定位终端 T3',
    nameZh: '4G 定位终端 T3',
    nameEn: 'T3 4G telematics terminal',
    image: builtInModelImage('aerialPlatform'),
    description: '适用于各类工程机械的 4G 定位与远程锁车终端',
    descriptionZh: '适用于各类工程机械的 4G 定位与远程锁车终端',
    descriptionEn: '4G positioning and remote lock-out terminal for all kinds of construction machinery',
    keyAttributes: '4G 全网通；北斗 + GPS 双模定位',
    otherAttributes: 'IP67 防护；-30℃ 至 70℃',
    salesAttributes: '48 小时内发货；一年质保',
    spec: 'T3 / 12-24V',
    specZh: 'T3 / 12-24V',
    specEn: 'T3 / 12-24 V',
    amountCents: 59_900,
    share: 1_000,
  },
  {
    category: 'connectivity',
    name: '物联网流量年卡',
    nameZh: '物联网流量年卡',
    nameEn: 'IoT data plan, one year',
    image: builtInModelImage('charger'),
    description: '终端联网服务一年，含短信与数据流量',
    descriptionZh: '终端联网服务一年，含短信与数据流量',
    descriptionEn: 'One year of connectivity for a terminal, SMS and mobile data included',
    keyAttributes: '每月 100MB 数据流量',
    otherAttributes: '全国通用',
    salesAttributes: '开通即生效',
    spec: '12 个月',
    specZh: '12 个月',
    specEn: '12 months',
    amountCents: 36_000,
    share: 800,
  },
  {
    category: 'parts',
    name: '高空作业平台液压油滤芯',
    nameZh: '高空作业平台液压油滤芯',
    nameEn: 'Hydraulic oil filter for aerial work platforms',
    image: builtInModelImage('aerialPlatform'),
    description: '剪叉式高空作业平台原厂规格液压油滤芯',
    descriptionZh: '剪叉式高空作业平台原厂规格液压油滤芯',
    descriptionEn: 'Hydraulic oil filter element to OEM specification for scissor lifts',
    keyAttributes: '过滤精度 10μm',
    otherAttributes: '每 500 工作小时更换',
    salesAttributes: '满 3 件包邮',
    spec: 'HF-10 / 件',
    specZh: 'HF-10 / 件',
    specEn: 'HF-10 / each',
    amountCents: 12_800,
    share: 1_500,
  },
  {
    category: 'accessory',
    name: '锂电池快速充电器',
    nameZh: '锂电池快速充电器',
    nameEn: 'Lithium battery fast charger',
    image: builtInModelImage('battery'),
    description: '适配 48V 锂电池组的快速充电器',
    descriptionZh: '适配 48V 锂电池组的快速充电器',
    descriptionEn: 'Fast charger for 48 V lithium battery packs',
    keyAttributes: '48V / 30A',
    otherAttributes: '过充过温保护',
    salesAttributes: '一年质保',
    spec: 'CH-4830',
    specZh: 'CH-4830',
    specEn: 'CH-4830',
    amountCents: 258_000,
    share: 600,
  },
  {
    category: 'service',
    name: '上门保养服务',
    nameZh: '上门保养服务',
    nameEn: 'On-site servicing',
    image: builtInModelImage('forklift'),
    description: '认证技师上门完成一次常规保养',
    descriptionZh: '认证技师上门完成一次常规保养',
    descriptionEn: 'One routine service carried out on site by a certified technician',
    keyAttributes: '含工时与常规耗材',
    otherAttributes: '覆盖华东地区',
    salesAttributes: '预约后 3 日内上门',
    spec: '1 次',
    specZh: '1 次',
    specEn: '1 visit',
    amountCents: 88_000,
    share: 2_000,
  },
];

/** A rental company's own shop, in its language, its specs and descriptions in both. */
function lessorProducts(english: boolean): ProductSeed[] {
  return english
    ? [
        {
          category: 'parts',
          name: 'Guardrail kit for scissor lifts',
          nameEn: 'Guardrail kit for scissor lifts',
          image: builtInModelImage('aerialPlatform'),
          description: 'Folding guardrail kit that fits the fleet’s 10 m scissor lifts',
          descriptionZh: '适配车队 10 米剪叉式高空作业平台的折叠护栏套件',
          descriptionEn: 'Folding guardrail kit that fits the fleet’s 10 m scissor lifts',
          keyAttributes: 'Galvanised steel, folds flat',
          otherAttributes: 'Fits 1932 and 2632 models',
          salesAttributes: 'Collect from any depot',
          spec: 'GK-10 / set',
          specZh: 'GK-10 / 套',
          specEn: 'GK-10 / set',
          amountCents: 45_000,
          share: 1_200,
        },
        {
          category: 'service',
          name: 'Operator induction course',
          nameEn: 'Operator induction course',
          image: builtInModelImage('forklift'),
          description: 'Half-day safety induction for elevating work platform operators',
          descriptionZh: '高空作业平台操作员半天安全入职培训',
          descriptionEn: 'Half-day safety induction for elevating work platform operators',
          keyAttributes: 'Certificate on completion',
          otherAttributes: 'Up to 6 people',
          salesAttributes: 'Booked within a week',
          spec: '4 hours',
          specZh: '4 小时',
          specEn: '4 hours',
          amountCents: 32_000,
          share: 1_000,
        },
      ]
    : [
        {
          category: 'parts',
          name: '剪叉车护栏套件',
          nameZh: '剪叉车护栏套件',
          image: builtInModelImage('aerialPlatform'),
          description: '适配 10 米剪叉式高空作业平台的折叠护栏',
          descriptionZh: '适配 10 米剪叉式高空作业平台的折叠护栏',
          descriptionEn: 'Folding guardrail for 10 m scissor lifts',
          keyAttributes: '镀锌钢；可折叠',
          otherAttributes: '适配 1932、2632 型号',
          salesAttributes: '门店自提',
          spec: 'GK-10 / 套',
          specZh: 'GK-10 / 套',
          specEn: 'GK-10 / set',
          amountCents: 45_000,
          share: 1_200,
        },
        {
          category: 'service',
          name: '操作员安全培训',
          nameZh: '操作员安全培训',
          image: builtInModelImage('forklift'),
          description: '高空作业平台操作员半天安全培训',
          descriptionZh: '高空作业平台操作员半天安全培训',
          descriptionEn: 'Half-day safety training for aerial work platform operators',
          keyAttributes: '结业颁发证书',
          otherAttributes: '每期最多 6 人',
          salesAttributes: '一周内安排',
          spec: '4 小时',
          specZh: '4 小时',
          specEn: '4 hours',
          amountCents: 32_000,
          share: 1_000,
        },
      ];
}

/**
 * The business models each rental company lists its lease prices under (decision 029): daily, monthly by the
 * calendar month, and daily turning monthly. The prices are its market's for each model (price-list.ts): yuan in
 * China, Australian dollars in Sydney, a boom lift dearer than a scissor lift.
 */
const LISTED_BUSINESS_MODELS = [23, 25, 22] as const;

/** The prices a model's list shows under a business model: only the ones that business model bills by. */
function listedPrices(modelName: string, businessModel: number, lang: 'zh' | 'en') {
  const { dayCents, monthCents } = listPrice(modelName, businessModel, lang);
  const units = requiredPrices(businessModel);
  return {
    dayCents: units.includes('day') ? dayCents : null,
    monthCents: units.includes('month') ? monthCents : null,
  };
}

/**
 * The shop's demo (docs/decisions/049-products-and-coupons.md): the operator's products and each rental company's,
 * with their distributors' shares; each rental company's lease price list for the catalogue's first models; and
 * coupons of the operator and of each company, in its language, received, used and expired by their customers.
 */
export async function seedShop(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const today = dayOf(now);
  const userOf = async (orgId: number, roleId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.roleId, roleId)))
        .get()
    )?.id;
  const operatorModels = await db
    .select({ id: deviceModels.id, name: deviceModels.name })
    .from(deviceModels)
    .where(eq(deviceModels.orgId, orgs.operator))
    .orderBy(deviceModels.id)
    .limit(3)
    .all();
  await db.transaction(async (tx) => {
    const finance = (await userOf(orgs.operator, 3)) ?? (await userOf(orgs.operator, 2))!;
    const addProducts = async (orgId: number, by: number, list: ProductSeed[]) =>
      await forEachInOrder(list, async ({ share, ...product }, i) => {
        const distributors = orgs.distributors.slice(0, (i % 2) + 1);
        await tx
          .insert(products)
          .values({
            ...product,
            orgId,
            createdBy: by,
            createdAt: new Date(now - (list.length - i) * 24 * HOUR),
            updatedAt: new Date(now - (list.length - i) * 24 * HOUR),
            shares: distributors.map((distributorId, level) => ({
              distributorId,
              basisPoints: level === 0 ? share : Math.round(share / 2),
            })),
          })
          .run();
      });
    await addProducts(orgs.operator, finance, OPERATOR_PRODUCTS);

    /** A coupon and its received coupons: each received, used (on a shop order) or expired, by its holders. */
    const addCoupon = async (
      orgId: number,
      by: number,
      values: Omit<typeof coupons.$inferInsert, 'orgId' | 'createdBy' | 'remaining'>,
      holders: number[],
      states: ('received' | 'used' | 'expired')[],
    ) => {
      const given = states.length;
      const coupon = await tx
        .insert(coupons)
        .values({
          ...values,
          orgId,
          createdBy: by,
          remaining: values.total - given,
          createdAt: new Date(now - 20 * 24 * HOUR),
        })
        .returning()
        .get();
      const mobiles = new Map(
        (
          await tx.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.id, holders)).all()
        ).map((u) => [u.id, u.mobile]),
      );
      await forEachInOrder(states, async (state, i) => {
        const holderId = holders[i % holders.length]!;
        // Received an hour apart; an expired one received longer ago than its validity.
        const receivedAt = now - (state === 'expired' ? coupon.validHours + 24 : 2 + i) * HOUR;
        await tx
          .insert(couponReceipts)
          .values({
            couponId: coupon.id,
            orgId,
            holderId,
            mobile: mobiles.get(holderId) ?? '',
            receivedAt: new Date(receivedAt),
            expiresAt: new Date(receivedAt + coupon.validHours * HOUR),
            usedAt: state === 'used' ? new Date(receivedAt + HOUR) : null,
            discountCents: state === 'used' ? (coupon.faceValueCents ?? 1_000) : null,
            orderRef: state === 'used' ? `SO${String(coupon.id).padStart(6, '0')}${i}` : '',
            grantedBy: by,
          })
          .run();
      });
    };

    // The customers of the first rental company hold the operator's coupons.
    const customerPeople = async (lessor: number) =>
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(organisations, eq(organisations.id, users.orgId))
          .where(and(eq(organisations.parentId, lessor), eq(organisations.kind, 'customer')))
          .orderBy(users.id)
          .limit(4)
          .all()
      ).map((u) => u.id);
    const firstCustomers = await customerPeople(orgs.lessors[0]!);
    await addCoupon(
      orgs.operator,
      finance,
      {
        name: '新用户配件满 300 减 50',
        type: 'cash',
        faceValueCents: 5_000,
        issueFrom: addDaysToDay(today, -20),
        issueTo: addDaysToDay(today, 40),
        minSpendCents: 30_000,
        total: 500,
        perUserLimit: 2,
        validHours: 72,
        category: 'parts',
      },
      firstCustomers,
      ['received', 'received', 'used', 'used', 'expired'],
    );
    await addCoupon(
      orgs.operator,
      finance,
      {
        name: '流量年卡 8.5 折',
        type: 'discount',
        discountTenths: 85,
        issueFrom: addDaysToDay(today, -60),
        issueTo: addDaysToDay(today, -5),
        total: 200,
        perUserLimit: 1,
        validHours: 720,
        category: 'connectivity',
      },
      firstCustomers,
      ['used', 'received', 'expired'],
    );
    await addCoupon(
      orgs.operator,
      finance,
      {
        name: '双十二全场 9 折',
        type: 'discount',
        discountTenths: 90,
        issueFrom: addDaysToDay(today, 10),
        issueTo: addDaysToDay(today, 20),
        total: 1_000,
        perUserLimit: 1,
        validHours: 48,
        category: 'all',
      },
      [],
      [],
    );

    await forEachInOrder(orgs.lessors, async (orgId, index) => {
      const english = index === 2;
      const admin = (await userOf(orgId, 5)) ?? finance;
      await addProducts(orgId, admin, lessorProducts(english));
      for (const model of operatorModels)
        for (const businessModel of LISTED_BUSINESS_MODELS)
          await tx
            .insert(leasePrices)
            .values({
              orgId,
              modelId: model.id,
              businessModel,
              ...listedPrices(model.name, businessModel, english ? 'en' : 'zh'),
              updatedBy: admin,
            })
            .run();
      const holders = await customerPeople(orgId);
      if (holders.length === 0) return;
      await addCoupon(
        orgId,
        admin,
        {
          // An Australian promotion names what it is for; the amount off is the coupon's face value,
          // shown beside it in the company's currency (a "$" in a name reads as yuan on the Chinese console).
          name: english ? 'Site safety offer: guardrail kits' : '护栏套件立减 50 元',
          type: 'cash',
          faceValueCents: 5_000,
          issueFrom: addDaysToDay(today, -10),
          issueTo: addDaysToDay(today, 20),
          minSpendCents: 40_000,
          total: 50,
          perUserLimit: 1,
          validHours: 168,
          category: 'parts',
        },
        holders,
        ['received', 'used', 'expired'],
      );
      const stopped = english ? 'Operator induction: 20% off' : '培训 8 折（已停发）';
      await addCoupon(
        orgId,
        admin,
        {
          name: stopped,
          type: 'discount',
          discountTenths: 80,
          issueFrom: addDaysToDay(today, -30),
          issueTo: addDaysToDay(today, 30),
          total: 20,
          perUserLimit: 1,
          validHours: 240,
          category: 'service',
          stoppedAt: new Date(now - 3 * 24 * HOUR),
        },
        holders,
        ['received'],
      );
    });
  });
}
