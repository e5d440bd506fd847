import { eq } from 'drizzle-orm';
import { Faker, en } from '@faker-js/faker';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { OrgKind } from '@console/contract/codes/org-kinds';
import type { Db } from '../client.ts';
import { hashPassword } from '../password.ts';
import { knownAddresses, organisations, users } from '../schema/accounts.ts';
import { billingZones } from '../schema/lease-billing.ts';
import { lessorProfiles } from '../schema/lessors.ts';
import { BUSINESSES, DISTRIBUTORS, OPERATOR, SUBLESSOR, streetAddress, type SeedLang } from './business.ts';
import { auMobile, cnMobile, creditCodeOf, personName } from './identities.ts';
import type { Place } from './places.ts';
import { flatMapInOrder, forEachInOrder, mapInOrder } from '../in-order.ts';

export const DEMO_PASSWORD = 'Demo@2026';
const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** Demo account of a role: 138000000RR where RR is the two-digit roleId. */
export function demoAccount(roleId: RoleId): string {
  return `138000000${String(roleId).padStart(2, '0')}`;
}

type OrgInsert = typeof organisations.$inferInsert;
type UserInsert = typeof users.$inferInsert;

export function createOrganisation(db: Db, fields: Partial<OrgInsert> & { name: string; kind: OrgKind }) {
  return db.insert(organisations).values(fields).returning().get();
}

/** A user; `password` is hashed here so tests and seeds never handle hashes. */
export async function createUser(
  db: Db,
  fields: Omit<Partial<UserInsert>, 'passwordHash'> & {
    orgId: number;
    mobile: string;
    roleId: number;
    password?: string;
  },
) {
  const { password = DEMO_PASSWORD, ...rest } = fields;
  return db
    .insert(users)
    .values({ ...rest, passwordHash: await hashPassword(password) })
    .returning()
    .get();
}

export interface DemoOrganisations {
  operator: number;
  lessors: number[];
  customers: number[];
  distributors: number[];
  sublessor: number;
}

/**
 * The demo business (business.ts): one operator, three lessors (the first two leasing in China, the third abroad
 * for the global brand), three customers each, distributors. Addresses are real places, written in the language
 * of the business they belong to.
 */
export async function seedOrganisations(db: Db, faker: Faker): Promise<DemoOrganisations> {
  const english = new Faker({ locale: [en] });
  english.seed(faker.number.int({ max: 2 ** 31 }));
  let n = 0;
  const address = (place: Place, lang: SeedLang) => ({
    province: place.province,
    city: place.city,
    district: place.district,
    address: streetAddress(place, lang, n++),
    // Faker's draw is kept as the key, so every step after draws what it drew (identities.ts).
    contactName: personName(lang, (lang === 'zh' ? faker : english).person.fullName()).name,
    contactPhone: lang === 'zh' ? cnMobile(faker.string.numeric(8)) : `0${auMobile(english.string.numeric(8))}`,
  });
  const operator = await createOrganisation(db, {
    name: OPERATOR.name,
    nameZh: OPERATOR.names.zh,
    nameEn: OPERATOR.names.en,
    kind: 'operator',
    ...address(OPERATOR.place, 'zh'),
    creditCode: creditCodeOf(OPERATOR.place.district, OPERATOR.name),
    verifyStatus: 'approved',
  });
  const lessors = await mapInOrder(BUSINESSES, (business, i) =>
    createOrganisation(db, {
      name: business.lessor,
      nameZh: business.names.zh,
      nameEn: business.names.en,
      kind: 'lessor',
      parentId: operator.id,
      leaseType: [1, 2, 0][i],
      rentalDomestic: business.lang === 'zh',
      ...address(business.places[0]!, business.lang),
    }),
  );
  // Each rental company works under its business's brand: its currency, tax regime and console (decision 064).
  await db
    .insert(lessorProfiles)
    .values(BUSINESSES.map((business, i) => ({ orgId: lessors[i]!.id, appid: business.appid })))
    .onConflictDoNothing()
    .run();
  // …and keeps its business days in its head office's zone: Northwind bills on Sydney time (decision 036).
  await forEachInOrder(BUSINESSES, async (business, i) => {
    if (business.timeZone) {
      await db
        .insert(billingZones)
        .values({ lessorOrgId: lessors[i]!.id, timeZone: business.timeZone })
        .onConflictDoNothing()
        .run();
    }
  });
  const customers = await flatMapInOrder(
    BUSINESSES,
    async (business, i) =>
      await mapInOrder(business.customers, (name, c) =>
        createOrganisation(db, {
          name,
          // A customer keeps its name in its business's language.
          ...(business.lang === 'zh' ? { nameZh: name } : { nameEn: name }),
          kind: 'customer',
          parentId: lessors[i]!.id,
          ...address(business.places[c % business.places.length]!, business.lang),
        }),
      ),
  );
  const distributors = await mapInOrder(DISTRIBUTORS, ({ name, names, place }) =>
    createOrganisation(db, {
      name,
      nameZh: names.zh,
      nameEn: names.en,
      kind: 'distributor',
      parentId: operator.id,
      ...address(place, 'zh'),
    }),
  );
  // Owning distributors (decision 043): the demo distributor owns two of Huadong's customers (the demo customer's
  // among them), the other one a Pearl River customer; the rest, abroad included, have none.
  const owned: [number, number][] = [
    [0, 0],
    [1, 0],
    [3, 1],
  ];
  for (const [customer, distributor] of owned) {
    await db
      .update(organisations)
      .set({ distributorOrgId: distributors[distributor]!.id })
      .where(eq(organisations.id, customers[customer]!.id))
      .run();
  }
  const sublessor = await createOrganisation(db, {
    name: SUBLESSOR.name,
    nameZh: SUBLESSOR.names.zh,
    nameEn: SUBLESSOR.names.en,
    kind: 'sublessor',
    parentId: lessors[0]!.id,
    ...address(SUBLESSOR.place, 'zh'),
  });
  return {
    operator: operator.id,
    lessors: lessors.map((o) => o.id),
    customers: customers.map((o) => o.id),
    distributors: distributors.map((o) => o.id),
    sublessor: sublessor.id,
  };
}

/** The organisation each demo account belongs to. */
export function demoOrgOf(roleId: RoleId, orgs: DemoOrganisations): number {
  switch (roleId) {
    case ROLE.lessorAdmin:
    case ROLE.lessorSales:
    case ROLE.lessorStaff:
    case ROLE.technician:
      return orgs.lessors[0]!;
    case ROLE.distributor:
      return orgs.distributors[0]!;
    case ROLE.registeredUser:
    case ROLE.other:
      return orgs.customers[0]!;
    default:
      return orgs.operator;
  }
}

const DEMO_NAMES: Record<RoleId, [string, string]> = {
  0: ['Registered user', '注册用户'],
  1: ['Company employee', '公司员工'],
  2: ['Company administrator', '公司管理员'],
  3: ['Finance staff', '财务人员'],
  4: ['Data-screen viewer', '大屏查看员'],
  5: ['Rental-company administrator', '租赁公司管理员'],
  6: ['Rental-company salesperson', '租赁公司业务员'],
  7: ['Maintenance technician', '维修师傅'],
  8: ['Distributor', '经销商'],
  9: ['Process maintainer', '流程维护员'],
  10: ['Rental-company administrative staff', '租赁公司行政人员'],
  11: ['Other', '其他'],
};

/**
 * Demo accounts of the rental company abroad (Northwind, the global brand's business, headquartered in
 * Parramatta): Australian mobiles +61 4000000RR, RR the roleId, so they never clash with 138000000RR and the
 * global brand's sign-in form (dial code +61 by default) takes them as typed. Without them only the operator's
 * accounts would see the English business.
 */
export const GLOBAL_DEMO_AREA_CODE = '61';
export const GLOBAL_DEMO_ROLES = [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician] as const;
export type GlobalDemoRole = (typeof GLOBAL_DEMO_ROLES)[number];
export function globalDemoAccount(roleId: GlobalDemoRole | typeof ROLE.other): { account: string; areaCode: string } {
  return { account: `4000000${String(roleId).padStart(2, '0')}`, areaCode: GLOBAL_DEMO_AREA_CODE };
}
/** The English business's index in BUSINESSES (and so in DemoOrganisations.lessors). */
export const GLOBAL_BUSINESS = BUSINESSES.findIndex((b) => b.lang === 'en');

/**
 * The demo renter of the rental company abroad (+61 400000011, role 11 as 13800000011 at Huadong's first customer): a
 * site manager of Northwind's first customer, an Australian builder, who reads its bills and pays them online.
 */
export const GLOBAL_DEMO_RENTER = { ...globalDemoAccount(ROLE.other), name: 'Mitchell Harris' } as const;

/** The customers of the English business, in the order of its list (DemoOrganisations.customers runs business by business). */
export function globalCustomers(orgs: DemoOrganisations): number[] {
  const before = BUSINESSES.slice(0, GLOBAL_BUSINESS).reduce((n, b) => n + b.customers.length, 0);
  return orgs.customers.slice(before, before + BUSINESSES[GLOBAL_BUSINESS]!.customers.length);
}

/**
 * One demo account per role (13800000000 ... 13800000011), the English company's administrator, salesperson
 * and technician (+61 400000005 ... 07) and its customer's renter (+61 400000011), and a few colleagues per
 * organisation.
 */
export async function seedUsers(db: Db, faker: Faker, orgs: DemoOrganisations): Promise<void> {
  for (const roleId of Object.values(ROLE)) {
    const [en, zh] = DEMO_NAMES[roleId];
    await createUser(db, {
      orgId: demoOrgOf(roleId, orgs),
      mobile: demoAccount(roleId),
      roleId,
      nickname: `${zh} / ${en}`,
      name: personName('zh', faker.person.fullName()).name,
      avatar: '',
    });
  }
  const english = new Faker({ locale: [en] });
  english.seed(faker.number.int({ max: 2 ** 31 }));
  for (const roleId of GLOBAL_DEMO_ROLES) {
    const { account, areaCode } = globalDemoAccount(roleId);
    await createUser(db, {
      orgId: orgs.lessors[GLOBAL_BUSINESS]!,
      mobile: account,
      areaCode,
      roleId,
      nickname: DEMO_NAMES[roleId][0],
      name: personName('en', english.person.fullName()).name,
      avatar: '',
    });
  }
  // Northwind's renter, named without a draw so the colleagues below keep their names.
  await createUser(db, {
    orgId: globalCustomers(orgs)[0]!,
    mobile: GLOBAL_DEMO_RENTER.account,
    areaCode: GLOBAL_DEMO_RENTER.areaCode,
    roleId: ROLE.other,
    nickname: DEMO_NAMES[ROLE.other][0],
    name: GLOBAL_DEMO_RENTER.name,
    avatar: '',
  });
  // Demo accounts have signed in from this machine before, so a laptop demo needs no SMS code.
  const demoUsers = await db.select({ id: users.id }).from(users).all();
  for (const { id } of demoUsers) {
    for (const ip of LOOPBACK) await db.insert(knownAddresses).values({ userId: id, ip }).onConflictDoNothing().run();
  }
  for (const orgId of [orgs.operator, ...orgs.lessors]) {
    // The global brand's staff have English names and Australian mobiles.
    const lang = BUSINESSES[orgs.lessors.indexOf(orgId)]?.lang ?? 'zh';
    const names = lang === 'en' ? english : faker;
    const colleagues =
      orgId === orgs.operator ? [ROLE.companyEmployee, ROLE.finance] : [ROLE.lessorStaff, ROLE.lessorSales];
    for (const role of colleagues) {
      const digits = faker.string.numeric(8);
      const person = personName(lang, `${names.person.firstName()} ${names.person.fullName()}`);
      await createUser(db, {
        orgId,
        ...(lang === 'en'
          ? { mobile: auMobile(digits), areaCode: GLOBAL_DEMO_AREA_CODE }
          : { mobile: cnMobile(digits) }),
        roleId: role,
        nickname: person.given,
        name: person.name,
        password: faker.internet.password({ length: 14 }),
      });
    }
  }
}
