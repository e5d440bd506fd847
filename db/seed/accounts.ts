import type { Faker } from '@faker-js/faker';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { OrgKind } from '@console/contract/codes/org-kinds';
import type { Db } from '../client.ts';
import { hashPassword } from '../password.ts';
import { knownAddresses, organisations, users } from '../schema/accounts.ts';

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

/** The demo business: one operator, three lessors (the first two leasing), customers, distributors. */
export function seedOrganisations(db: Db, faker: Faker): DemoOrganisations {
  const address = () => ({
    province: faker.location.state(),
    city: faker.location.city(),
    district: faker.location.county(),
    address: faker.location.streetAddress(),
    contactName: faker.person.fullName(),
    contactPhone: `139${faker.string.numeric(8)}`,
  });
  const operator = createOrganisation(db, {
    name: 'Zhongji Machinery Cloud',
    kind: 'operator',
    ...address(),
    creditCode: '91310000MA1FL0XX1A',
    verifyStatus: 'approved',
  });
  const lessorNames = ['Huadong Aerial Leasing', 'Pearl River Lift Rental', 'Northwind Equipment Hire'];
  const lessors = lessorNames.map((name, i) =>
    createOrganisation(db, {
      name,
      kind: 'lessor',
      parentId: operator.id,
      leaseType: [1, 2, 0][i],
      rentalDomestic: i < 2,
      ...address(),
    }),
  );
  const customers = lessors.flatMap((lessor) =>
    Array.from({ length: 3 }, () =>
      createOrganisation(db, { name: faker.company.name(), kind: 'customer', parentId: lessor.id, ...address() }),
    ),
  );
  const distributors = ['Sanjiang Machinery Distribution', 'Lingnan Equipment Trading'].map((name) =>
    createOrganisation(db, { name, kind: 'distributor', parentId: operator.id, ...address() }),
  );
  const sublessor = createOrganisation(db, {
    name: 'Jiangnan Sublease Partners',
    kind: 'sublessor',
    parentId: lessors[0]!.id,
    ...address(),
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

/** One demo account per role (13800000000 ... 13800000011), and a few colleagues per organisation. */
export async function seedUsers(db: Db, faker: Faker, orgs: DemoOrganisations): Promise<void> {
  for (const roleId of Object.values(ROLE)) {
    const [en, zh] = DEMO_NAMES[roleId];
    await createUser(db, {
      orgId: demoOrgOf(roleId, orgs),
      mobile: demoAccount(roleId),
      roleId,
      nickname: `${zh} / ${en}`,
      name: faker.person.fullName(),
      avatar: '',
    });
  }
  // Demo accounts have signed in from this machine before, so a laptop demo needs no SMS code.
  const demoUsers = db.select({ id: users.id }).from(users).all();
  for (const { id } of demoUsers) {
    for (const ip of LOOPBACK) db.insert(knownAddresses).values({ userId: id, ip }).onConflictDoNothing().run();
  }
  for (const orgId of [orgs.operator, ...orgs.lessors]) {
    const colleagues =
      orgId === orgs.operator ? [ROLE.companyEmployee, ROLE.finance] : [ROLE.lessorStaff, ROLE.lessorSales];
    for (const role of colleagues) {
      await createUser(db, {
        orgId,
        mobile: `137${faker.string.numeric(8)}`,
        roleId: role,
        nickname: faker.person.firstName(),
        name: faker.person.fullName(),
        password: faker.internet.password({ length: 14 }),
      });
    }
  }
}
