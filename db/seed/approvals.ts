import { and, asc, eq, isNull, min } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { bindRequests, verifications } from '../schema/approvals.ts';
import { devices } from '../schema/devices.ts';
import { createUser, demoAccount, type DemoOrganisations } from './accounts.ts';
import { abnOf } from './identities.ts';
import { customerPersonMobile } from './people.ts';

/**
 * Binding requests and verifications in every state (decision 047), in each company's language: Huadong and Pearl
 * River in Chinese, Northwind in English. No faker: fixed people and picks by id, so nothing seeded after shifts.
 * Join requesters are registered users (role 0) among the customers' people, with fixed mobiles of prefixes the
 * drawn ones never take (identities.ts); the customers' people of people.ts ask for machines and submit their real
 * names.
 */
const DAY = 86_400_000;
/** The join requesters' mobiles in China and in Australia (+61), which tests sign in with. */
export const JOIN_MOBILES = ['18621745039', '13162958847', '15692407318', '18025364971'] as const;
export const JOIN_MOBILES_ABROAD = ['412738605', '423916047', '438120594'] as const;
/**
 * The seeded enterprise verifications' licence: a sample picture shipped with the console (web/public/demo), as
 * models show the built-in machine pictures; the seed has no file store, and a company submitting uploads its own.
 */
export const DEMO_LICENCE_IMAGE = '/demo/business-licence.svg';
type State = 'pending' | 'approved' | 'rejected';

const userId = async (db: Db, mobile: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).get())!.id;

/** A registered person (role 0) among a customer's people, as the demo's registered user is. */
function registered(db: Db, orgId: number, mobile: string, nickname: string, areaCode = '86') {
  return createUser(db, { orgId, mobile, areaCode, nickname, roleId: ROLE.registeredUser });
}

/** The lessor's machines not bound to any customer, by id, and the first one bound to `customerOrgId`. */
function machines(db: Db, lessor: number) {
  return db
    .select({ id: devices.id, serial: devices.serialNumber })
    .from(devices)
    .where(and(eq(devices.orgId, lessor), isNull(devices.customerOrgId)))
    .orderBy(asc(devices.id))
    .limit(6)
    .all();
}
function boundTo(db: Db, customerOrgId: number) {
  return db
    .select({ id: devices.id, serial: devices.serialNumber })
    .from(devices)
    .where(eq(devices.customerOrgId, customerOrgId))
    .orderBy(asc(devices.id))
    .get();
}

export async function seedApprovals(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const [huadong, pearl, northwind] = orgs.lessors as [number, number, number];
  const c = orgs.customers;
  const operatorAdmin = await userId(db, demoAccount(ROLE.companyAdmin));
  // Each company's requests are decided by its own administrator (the operator's where it has none).
  const adminOf = async (orgId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.lessorAdmin)))
        .orderBy(asc(users.id))
        .get()
    )?.id ?? operatorAdmin;
  // Submitted at a moment, decided a day later.
  const decidedAt = (state: State, by: number, submitted: number, reason = '') =>
    state === 'pending'
      ? { state, createdAt: new Date(submitted) }
      : { state, reason, decidedBy: by, decidedAt: new Date(submitted + DAY), createdAt: new Date(submitted) };
  const decided = (state: State, by: number, daysAgo: number, reason = '') =>
    decidedAt(state, by, now - daysAgo * DAY, reason);

  // People asking to join: pending, approved (now a member) and rejected, per language.
  const join = async (
    orgId: number,
    customerOrgId: number,
    mobile: string,
    nickname: string,
    note: string,
    state: State,
    daysAgo: number,
    reason = '',
    areaCode = '86',
  ) => {
    const person = await registered(db, customerOrgId, mobile, nickname, areaCode);
    const roleId = state === 'approved' ? ROLE.lessorSales : null;
    if (roleId !== null) await db.update(users).set({ orgId, roleId }).where(eq(users.id, person.id)).run();
    await db
      .insert(bindRequests)
      .values({
        kind: 'join',
        orgId,
        requesterId: person.id,
        requesterOrgId: person.orgId,
        note,
        roleId,
        ...decided(state, await adminOf(orgId), daysAgo, reason),
      })
      .run();
  };
  await join(huadong, c[0]!, JOIN_MOBILES[0], '郑海涛', '我是新入职的高空车司机，申请加入公司', 'pending', 1);
  await join(huadong, c[0]!, JOIN_MOBILES[1], '沈佳伟', '浦东门店业务员', 'approved', 6);
  await join(huadong, c[0]!, JOIN_MOBILES[2], '邵文杰', '想加入贵公司', 'rejected', 4, '经核实非本公司人员');
  await join(pearl, c[4]!, JOIN_MOBILES[3], '梁国栋', '广州仓库调度员，申请加入', 'pending', 2);
  await join(
    northwind,
    c[7]!,
    JOIN_MOBILES_ABROAD[0],
    'Liam Carter',
    'New crane operator at the Parramatta depot',
    'pending',
    1,
    '',
    '61',
  );
  await join(
    northwind,
    c[7]!,
    JOIN_MOBILES_ABROAD[1],
    'Olivia Brown',
    'Please add me to the hire desk',
    'rejected',
    5,
    'Not an employee of Northwind',
    '61',
  );

  // Customers asking for machines: the free machines of each lessor, and one already bound by an approval.
  const english = await createUser(db, {
    orgId: c[6]!,
    mobile: JOIN_MOBILES_ABROAD[2],
    areaCode: '61',
    nickname: 'Jack Wilson',
    roleId: ROLE.other,
  });
  const machine = async (
    orgId: number,
    requester: { id: number; orgId: number },
    device: { id: number; serial: string } | undefined,
    note: string,
    state: State,
    daysAgo: number,
    reason = '',
  ) => {
    if (!device) return;
    await db
      .insert(bindRequests)
      .values({
        kind: 'machine',
        orgId,
        requesterId: requester.id,
        requesterOrgId: requester.orgId,
        deviceId: device.id,
        serialNumber: device.serial,
        note,
        ...decided(state, await adminOf(orgId), daysAgo, reason),
      })
      .run();
  };
  const person = async (mobile: string) => (await db.select().from(users).where(eq(users.mobile, mobile)).get())!;
  const [h1, h2, h3] = await machines(db, huadong);
  const [p1, p2] = await machines(db, pearl);
  const [n1, n2] = await machines(db, northwind);
  await machine(huadong, await person(demoAccount(ROLE.other)), h1, '浦江工地新到的剪叉车，请绑定', 'pending', 1);
  await machine(huadong, await person(customerPersonMobile(0)), h2, '外滩项目二期使用', 'pending', 2);
  await machine(huadong, await person(customerPersonMobile(1)), h3, '临时借用', 'rejected', 5, '该设备未签订租赁合同');
  await machine(
    huadong,
    await person(customerPersonMobile(3)),
    await boundTo(db, c[1]!),
    '之江幕墙项目设备',
    'approved',
    9,
  );
  await machine(
    pearl,
    await person(customerPersonMobile(8)),
    p1,
    '鹏城物业园区使用',
    'rejected',
    3,
    '设备序列号与合同不符',
  );
  await machine(pearl, await person(customerPersonMobile(10)), p2, '江汉路桥项目', 'pending', 2);
  await machine(northwind, english, n1, 'Needed for the Harbourline tower fit-out', 'pending', 1);
  await machine(
    northwind,
    english,
    n2,
    'Spare forklift for the yard',
    'rejected',
    4,
    'Machine is not on a hire contract with you',
  );
  await machine(northwind, english, await boundTo(db, c[6]!), 'Boom lift on site since March', 'approved', 12);

  // Real-name verifications of the customers' people, as their accounts stand (people.ts).
  const realName = async (mobile: string, state: State, daysAgo: number, reason = '') => {
    const u = await person(mobile);
    await db
      .insert(verifications)
      .values({
        kind: 'realName',
        orgId: u.orgId,
        userId: u.id,
        idType: u.idType,
        name: u.name,
        idNumber: u.idNumber,
        submittedBy: u.id,
        ...decided(state, operatorAdmin, daysAgo, reason),
      })
      .run();
  };
  await realName(customerPersonMobile(0), 'approved', 20);
  await realName(customerPersonMobile(3), 'approved', 15);
  await realName(customerPersonMobile(6), 'approved', 11);
  await realName(customerPersonMobile(2), 'pending', 1);
  await realName(customerPersonMobile(7), 'pending', 2);
  await realName(customerPersonMobile(4), 'rejected', 6, '姓名与身份证号码不一致');
  await realName(customerPersonMobile(9), 'rejected', 3, '身份证号码有误，请核对后重新提交');
  // Abroad: a passport number (any identity number outside the mainland).
  await db.update(users).set({ name: 'Jack Wilson', idNumber: 'PA4471902' }).where(eq(users.id, english.id)).run();
  await realName(JOIN_MOBILES_ABROAD[2], 'pending', 1);

  // Enterprise verifications, which rental companies submit in their settings. Northwind was verified when it joined
  // the platform, before its first machine was fitted, after a first rejection. Pearl River joined before the platform
  // asked for one and submitted this month: its first licence picture was unreadable, its second is under review.
  const enterprise = (
    orgId: number,
    name: string,
    creditCode: string,
    legalPerson: string,
    state: State,
    submitted: number,
    reason = '',
  ) =>
    db
      .insert(verifications)
      .values({
        kind: 'enterprise',
        orgId,
        name,
        creditCode,
        legalPerson,
        licenseImage: DEMO_LICENCE_IMAGE,
        submittedBy: operatorAdmin,
        ...decidedAt(state, operatorAdmin, submitted, reason),
      })
      .run();
  const onRecord = (orgId: number, creditCode: string, legalPerson: string, verifyStatus: State) =>
    db
      .update(organisations)
      .set({ creditCode, legalPerson, licenseImage: DEMO_LICENCE_IMAGE, verifyStatus })
      .where(eq(organisations.id, orgId))
      .run();
  const nameOf = async (id: number) =>
    (await db.select().from(organisations).where(eq(organisations.id, id)).get())!.name;
  const joined = (orgId: number) => beforeFirstMachine(db, orgId, now);
  const pearlCode = '91440101MA5CXK7Q37';
  await enterprise(
    pearl,
    await nameOf(pearl),
    pearlCode,
    '陈国强',
    'rejected',
    now - 9 * DAY,
    '营业执照照片不清晰，请重新上传',
  );
  await enterprise(pearl, await nameOf(pearl), pearlCode, '陈国强', 'pending', now - 2 * DAY);
  await onRecord(pearl, pearlCode, '陈国强', 'pending');
  // An Australian company registers under its ABN (decision 064), the one its tax invoices carry.
  const northwindAbn = abnOf(northwind);
  const refused = 'The licence does not show the registered name';
  await enterprise(
    northwind,
    await nameOf(northwind),
    northwindAbn,
    'Grace Mitchell',
    'rejected',
    (await joined(northwind)) - 20 * DAY,
    refused,
  );
  await enterprise(
    northwind,
    await nameOf(northwind),
    northwindAbn,
    'Grace Mitchell',
    'approved',
    (await joined(northwind)) - 16 * DAY,
  );
  await onRecord(northwind, northwindAbn, 'Grace Mitchell', 'approved');
}

/**
 * A moment some weeks before a rental company's first machine was fitted, when it joined the platform (three
 * years before the seed's clock for a fleet too small to give it one).
 */
async function beforeFirstMachine(db: Db, orgId: number, now: number): Promise<number> {
  const first = (
    await db
      .select({ day: min(devices.installedAt) })
      .from(devices)
      .where(eq(devices.orgId, orgId))
      .get()
  )?.day;
  return first ? Date.parse(`${first}T02:00:00Z`) - 14 * DAY : now - 3 * 365 * DAY;
}
