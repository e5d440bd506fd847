import { and, asc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { subleaseCostCents } from '@console/contract/lease/sublease-cost';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { knownAddresses, users } from '../schema/accounts.ts';
import { deviceModels, devices } from '../schema/devices.ts';
import { contractLines, contracts } from '../schema/lease.ts';
import { subleases, sublessors } from '../schema/lease-sublease.ts';
import { createUser, type DemoOrganisations } from './accounts.ts';
import { SUBLESSOR } from './business.ts';
import { creditCodeOf } from './identities.ts';
import { listRound, marketRate } from './price-list.ts';
import { forEachInOrder } from '../in-order.ts';

/** The sub-lessor's demo account (role 11 in the sub-lessor's organisation): 138000011RR, RR its role. */
export const SUBLESSOR_DEMO_ACCOUNT = '13800001111';

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
        eq(devices.leaseStatus, 'leased'),
        notInArray(devices.id, hiredBefore),
      ),
    )
    .groupBy(contractLines.deviceId)
    .orderBy(asc(contractLines.deviceId))
    .limit(2)
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
    .limit(2)
    .all();
  const machines = [
    ...leased.map((m) => ({ deviceId: m.deviceId!, startOn: day(Date.parse(`${m.startOn}T00:00:00Z`) - 10 * DAY) })),
    ...stock.map((m) => ({ deviceId: m.id, startOn: day(now - 20 * DAY) })),
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
    const rate = marketRate(await modelOf(deviceId), 'zh');
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
        sublessorOrgId: orgs.sublessor,
        deviceId,
        costCents: subleaseCostCents(terms),
        remark: i < leased.length ? '已转租给客户' : '',
        createdBy: admin.id,
        createdAt: new Date(Date.parse(`${startOn}T02:00:00Z`)),
      })
      .run();
  });
}
