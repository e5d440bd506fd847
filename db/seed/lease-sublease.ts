import { and, asc, eq, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { subleaseCostCents } from '@console/contract/lease/sublease-cost';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { knownAddresses, users } from '../schema/accounts.ts';
import { deviceModels, devices } from '../schema/devices.ts';
import { contractLines, contracts } from '../schema/lease.ts';
import { subleases, sublessors } from '../schema/lease-sublease.ts';
import {
  createOrganisation,
  createUser,
  GLOBAL_BUSINESS,
  GLOBAL_DEMO_AREA_CODE,
  type DemoOrganisations,
} from './accounts.ts';
import { AU_SUBLESSOR, say, streetAddress, SUBLESSOR, type SeedLang } from './business.ts';
import { abnOf, auMobile, creditCodeOf, digitsOf, formatAbn } from './identities.ts';
import { listRound, marketRate } from './price-list.ts';
import { forEachInOrder } from '../in-order.ts';

/** The sub-lessor's demo account (role 11 in the sub-lessor's organisation): 138000011RR, RR its role. */
export const SUBLESSOR_DEMO_ACCOUNT = '13800001111';
/** The Australian sub-lessor's demo account, at +61 as the global brand's accounts (400000RR): 4 0000 11RR. */
export const AU_SUBLESSOR_DEMO_ACCOUNT = { account: '400001111', areaCode: GLOBAL_DEMO_AREA_CODE };

const HIRED_OUT = { zh: '已转租给客户', en: 'On hire to a customer' };

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The demo sub-lessor (docs/decisions/042-sub-leasing.md): its bank details and a sign-in account, and four machines
 * the first rental company rents in from it: two it has leased out again under running contracts (rented in ten days
 * before the contract began), two in stock. No faker: picks by id, so nothing seeded before shifts.
 */
export async function seedSublease(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const lessorId = orgs.lessors[0]!;
  await db
    .insert(sublessors)
    .values({
      orgId: orgs.sublessor,
      lessorOrgId: lessorId,
      identityType: 2,
      // A valid code of a company registered in Wuzhong (its form refuses any other on saving), whose account bears its
      // registered name.
      idNumber: creditCodeOf('吴中区', 'sublessor'),
      bankName: '中国工商银行苏州吴中支行',
      bankAccountName: SUBLESSOR.names.zh,
      bankAccount: '6222 0211 0203 4567 890',
      remark: '高空作业平台旺季补充设备',
    })
    .run();
  const user = await createUser(db, {
    orgId: orgs.sublessor,
    mobile: SUBLESSOR_DEMO_ACCOUNT,
    roleId: ROLE.other,
    nickname: '转租方 / Sub-lessor',
    name: '周建国',
  });
  for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    await db.insert(knownAddresses).values({ userId: user.id, ip }).onConflictDoNothing().run();
  }
  const admin = (await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, lessorId), eq(users.roleId, ROLE.lessorAdmin)))
    .orderBy(asc(users.id))
    .get())!;

  await rentIn(db, { lessorId, sublessorOrgId: orgs.sublessor, createdBy: admin.id, lang: 'zh', now });
  await seedNorthwindSublessor(db, orgs, now);
}

/**
 * Northwind's sub-lessor (the global brand's business): an Australian hire company in Western Sydney, identified by
 * its ABN, with an Australian bank account (BSB and account number) and contact, and a sign-in account at +61. It
 * lends Northwind a machine now on hire to a customer and one in stock, priced in Northwind's market (AUD, as its
 * brand bills).
 */
async function seedNorthwindSublessor(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const lessorId = orgs.lessors[GLOBAL_BUSINESS]!;
  const place = AU_SUBLESSOR.place;
  const contact = AU_SUBLESSOR.contact;
  const org = await createOrganisation(db, {
    name: AU_SUBLESSOR.name,
    nameEn: AU_SUBLESSOR.name,
    kind: 'sublessor',
    parentId: lessorId,
    province: place.province,
    city: place.city,
    district: place.district,
    address: streetAddress(place, 'en', 7),
    contactName: contact,
    // As the seed keeps every Australian contact number: the mobile with its leading 0.
    contactPhone: `0${auMobile(digitsOf(AU_SUBLESSOR.name))}`,
  });
  await db
    .insert(sublessors)
    .values({
      orgId: org.id,
      lessorOrgId: lessorId,
      identityType: 2,
      idNumber: formatAbn(abnOf(org.id)),
      bankName: 'Commonwealth Bank, Parramatta',
      bankAccountName: AU_SUBLESSOR.name,
      // BSB and account number, as an Australian invoice prints them.
      bankAccount: '062 141 1047 2863',
      remark: 'Tops up the fleet in the busy months',
    })
    .run();
  const user = await createUser(db, {
    orgId: org.id,
    mobile: AU_SUBLESSOR_DEMO_ACCOUNT.account,
    areaCode: AU_SUBLESSOR_DEMO_ACCOUNT.areaCode,
    roleId: ROLE.other,
    nickname: contact.split(' ')[0]!,
    name: contact,
  });
  for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    await db.insert(knownAddresses).values({ userId: user.id, ip }).onConflictDoNothing().run();
  }
  const admin = (await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, lessorId), eq(users.roleId, ROLE.lessorAdmin)))
    .orderBy(asc(users.id))
    .get())!;
  await rentIn(db, {
    lessorId,
    sublessorOrgId: org.id,
    createdBy: admin.id,
    lang: 'en',
    now,
    leasedOut: 1,
    inStock: 1,
  });
}

interface RentIn {
  lessorId: number;
  sublessorOrgId: number;
  createdBy: number;
  lang: SeedLang;
  now: number;
  /** Machines leased out again under running contracts, and machines in stock (two of each unless told). */
  leasedOut?: number;
  inStock?: number;
}

/**
 * Machines a rental company rents in from a sub-lessor: the first `leasedOut` it has leased out again under running
 * contracts begun over a billing period ago (rented in ten days before the contract began), then `inStock` in stock, rented in from about eleven
 * months back (January of the demo's year) a month apart, at the sub-lessor's trade rate of the company's market. No faker: picks by id, so nothing seeded before shifts.
 */
async function rentIn(db: Db, o: RentIn): Promise<void> {
  const { lessorId, now, leasedOut = 2, inStock = 2 } = o;
  const everContracted = db
    .select({ id: contractLines.deviceId })
    .from(contractLines)
    .where(sql`${contractLines.deviceId} is not null`);
  // Rented in for the contract it is on: a machine the company hired out before (lease.ts) was not the sub-lessor's.
  const hiredBefore = db
    .select({ id: contractLines.deviceId })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(sql`${contractLines.deviceId} is not null`, ne(contracts.status, 7)));
  const leased = await db
    .select({ deviceId: contractLines.deviceId, startOn: sql<string>`min(${contracts.startOn})` })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .innerJoin(devices, eq(devices.id, contractLines.deviceId))
    .where(
      and(
        eq(contracts.lessorOrgId, lessorId),
        eq(contracts.status, 7),
        // Hired out for more than a billing period: its bills show what it earns against what renting it in costs,
        // whatever day the demo is seeded on.
        lte(contracts.startOn, day(now - 45 * DAY)),
        eq(devices.leaseStatus, 'leased'),
        notInArray(devices.id, hiredBefore),
      ),
    )
    .groupBy(contractLines.deviceId)
    .orderBy(asc(contractLines.deviceId))
    .limit(leasedOut)
    .all();
  const stock = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.orgId, lessorId),
        eq(devices.leaseStatus, 'stock'),
        isNull(devices.customerOrgId),
        notInArray(devices.id, everContracted),
      ),
    )
    .orderBy(asc(devices.id))
    .limit(inStock)
    .all();
  const machines = [
    ...leased.map((m) => ({ deviceId: m.deviceId!, startOn: day(Date.parse(`${m.startOn}T00:00:00Z`) - 10 * DAY) })),
    // In stock since the start of the year, a month apart: the company tops up its fleet for the whole season, so
    // its payables run over the year (payables.ts).
    ...stock.map((m, j) => ({ deviceId: m.id, startOn: day(now - (330 - 30 * j) * DAY) })),
  ];
  const modelOf = async (deviceId: number) =>
    (await db
      .select({ name: deviceModels.name })
      .from(devices)
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(eq(devices.id, deviceId))
      .get())!.name;
  // A sub-lease is numbered on the day it was recorded, its first day (as the console numbers a new one today).
  const perDay = new Map<string, number>();
  await forEachInOrder(machines, async ({ deviceId, startOn }, i) => {
    const stamp = startOn.replaceAll('-', '');
    perDay.set(stamp, (perDay.get(stamp) ?? 0) + 1);
    // Rented in at the sub-lessor's trade rate, about two thirds of what the company lists the model at
    // (price-list.ts): what it earns leasing the machine out again leaves it a margin.
    const rate = marketRate(await modelOf(deviceId), o.lang);
    const trade = (cents: number) => listRound(cents * 0.65);
    const terms = {
      startOn,
      endOn: day(Date.parse(`${startOn}T00:00:00Z`) + 364 * DAY),
      returnedOn: null,
      businessModel: i % 2 === 0 ? 25 : 22,
      dayCents: i % 2 === 0 ? null : trade(rate.dayCents),
      monthCents: trade(rate.monthCents),
    };
    await db
      .insert(subleases)
      .values({
        ...terms,
        number: `ZL-${stamp}-${String(perDay.get(stamp)).padStart(4, '0')}`,
        orgId: lessorId,
        sublessorOrgId: o.sublessorOrgId,
        deviceId,
        costCents: subleaseCostCents(terms),
        remark: i < leased.length ? say(o.lang, HIRED_OUT) : '',
        createdBy: o.createdBy,
        createdAt: new Date(Date.parse(`${startOn}T02:00:00Z`)),
      })
      .run();
  });
}
