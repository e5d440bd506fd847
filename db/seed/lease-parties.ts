import { and, eq, inArray } from 'drizzle-orm';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { DEFAULT_TEMPLATE_FIELDS } from '@console/contract/lease/template';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { approvalRules, renters, storeDevices, stores } from '../schema/lease.ts';
import { esignAccounts, esignTemplates, sealGrants, seals } from '../schema/lease-esign.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say, streetAddress, type Business } from './business.ts';
import { abnOf, auMobile, creditCodeOf, digitsOf, fixedCnMobile, formatAbn } from './identities.ts';
import { placeName } from './places.ts';
import { forEachInOrder, mapInOrder } from '../in-order.ts';

/**
 * The parties of the lease seed (db/seed/lease.ts): each lessor's renters (its customers, and one person who rents
 * in their own name), stores, automatic approval rules, template, seal and the provider standing, in the business's
 * language (decision 026).
 */

/** A person renting in their own name, per business (identity type 1). */
const PERSON_RENTERS: { name: string; idNumber: string }[] = [
  { name: '张建华', idNumber: completeIdNumber(1, '31011519820514361') },
  { name: '陈志强', idNumber: completeIdNumber(1, '44010619790923581') },
  // A New South Wales driver licence: eight digits.
  { name: "Liam O'Connor", idNumber: '18452967' },
];
/**
 * Registration numbers of the customers abroad, in the form of their countries: the Sydney one's ABN (the one its
 * invoices carry, invoices.ts), a Singapore UEN, a Dubai trade licence.
 */
const foreignCompanyId = (orgId: number, n: number): string =>
  [formatAbn(abnOf(orgId)), 'UEN 201734918E', 'DED 1023847'][n]!;

export interface LeaseParties {
  lessorId: number;
  business: Business;
  renterIds: number[];
  storeIds: number[];
  templateId: number;
  sealId: number;
  /** Its managers (5 and 10) and salespeople (6), by id. */
  managers: number[];
  sales: number[];
}

export async function seedLeaseParties(db: Db, orgs: DemoOrganisations, now: number): Promise<LeaseParties[]> {
  return await mapInOrder(BUSINESSES, async (business, i) => {
    const lessorId = orgs.lessors[i]!;
    const staff = await db.select().from(users).where(eq(users.orgId, lessorId)).orderBy(users.id).all();
    const managers = staff
      .filter((u) => u.roleId === ROLE.lessorAdmin || u.roleId === ROLE.lessorStaff)
      .map((u) => u.id);
    const sales = staff.filter((u) => u.roleId === ROLE.lessorSales).map((u) => u.id);
    const lang = business.lang;
    const customers = await db
      .select()
      .from(organisations)
      .where(and(eq(organisations.parentId, lessorId), eq(organisations.kind, 'customer')))
      .orderBy(organisations.id)
      .all();
    await forEachInOrder(customers, (c, n) =>
      db
        .insert(renters)
        .values({
          orgId: c.id,
          lessorOrgId: lessorId,
          identityType: 2,
          idNumber:
            // The same code its invoices carry (invoices.ts): one company, one number.
            lang === 'zh' ? creditCodeOf(c.district, c.name) : foreignCompanyId(c.id, n),
          // The second customer is still being verified and the third owes rent: automatic approval passes them by.
          realNameState: n === 1 ? 'pending' : 'verified',
          arrearsCents: n === 2 ? 1_250_000 : 0,
        })
        .run(),
    );
    // The person renting in their own name lives where their licence was issued: Northwind's in Sydney.
    const place = (lang === 'en' ? undefined : business.places[1]) ?? business.places[0]!;
    const person = PERSON_RENTERS[i]!;
    const personOrg = await db
      .insert(organisations)
      .values({
        name: person.name,
        kind: 'customer',
        parentId: lessorId,
        contactName: person.name,
        contactPhone:
          lang === 'zh' ? fixedCnMobile(`person-renter-${i}`) : `0${auMobile(digitsOf(`person-renter-${i}`))}`,
        province: place.province,
        city: place.city,
        district: place.district,
        address: streetAddress(place, lang, 40 + i),
      })
      .returning({ id: organisations.id })
      .get();
    await db
      .insert(renters)
      .values({
        orgId: personOrg.id,
        lessorOrgId: lessorId,
        identityType: 1,
        idNumber: person.idNumber,
        realNameState: 'verified',
      })
      .run();

    const storeIds = await mapInOrder(business.places.slice(0, 2), async (p, n) => {
      const manager = staff.find((u) => u.id === managers[n % managers.length]);
      return (
        await db
          .insert(stores)
          .values({
            orgId: lessorId,
            name: lang === 'zh' ? `${p.district}门店` : `${p.district} Depot`,
            province: p.province,
            city: p.city,
            district: p.district,
            address: streetAddress(p, lang, 70 + n),
            lat: p.lat + 0.004 * (n + 1),
            lng: p.lng - 0.003 * (n + 1),
            managerId: manager?.id ?? null,
            areaCode: manager?.areaCode ?? '86',
            phone: manager?.mobile ?? '',
          })
          .returning({ id: stores.id })
          .get()
      ).id;
    });
    // Each machine belongs to the store nearest its place: the head office's or the second.
    const fleet = await db
      .select({ id: devices.id, location: devices.location })
      .from(devices)
      .where(eq(devices.orgId, lessorId))
      .all();
    const second = placeName(business.places[1] ?? business.places[0]!, lang);
    const rows = fleet.map((d) => ({ deviceId: d.id, storeId: storeIds[d.location === second ? 1 : 0]! }));
    for (let k = 0; k < rows.length; k += 500)
      await db
        .insert(storeDevices)
        .values(rows.slice(k, k + 500))
        .run();

    await db
      .insert(approvalRules)
      .values([
        {
          orgId: lessorId,
          name: say(lang, { zh: '小额合同自动审批', en: 'Small contracts' }),
          position: 1,
          requireVerifiedRenter: true,
          requireNoArrears: true,
          maxTotalCents: 5_000_000,
        },
        {
          orgId: lessorId,
          name: say(lang, { zh: '一周内日租', en: 'Daily hire within a week' }),
          position: 2,
          enabled: false,
          requireVerifiedRenter: true,
          maxDays: 7,
          allowedModels: [23, 27],
        },
      ])
      .run();
    const templateId = (
      await db
        .insert(esignTemplates)
        .values({
          orgId: lessorId,
          name: say(lang, { zh: '标准设备租赁合同', en: 'Standard equipment lease' }),
          lang,
          fields: DEFAULT_TEMPLATE_FIELDS,
          isDefault: true,
        })
        .returning({ id: esignTemplates.id })
        .get()
    ).id;
    const sealId = (
      await db
        .insert(seals)
        .values({
          orgId: lessorId,
          name: say(lang, { zh: '合同专用章', en: 'Contract seal' }),
          kind: 'contract',
          // A seal carries the registered name: the Chinese one where the company keeps it.
          sealText: business.names.zh
            ? `${business.names.zh}合同专用章`
            : `${business.names.en.toUpperCase()} CONTRACT SEAL`,
          providerSealId: `S-${lessorId}`,
        })
        .returning({ id: seals.id })
        .get()
    ).id;
    const yearOn = new Date(now + 365 * 86_400_000).toISOString().slice(0, 10);
    await db
      .insert(esignAccounts)
      .values({
        kind: 'org',
        ownerId: lessorId,
        providerAccountId: `A-org-${lessorId}`,
        state: 'verified',
        expiresOn: yearOn,
        checkedAt: new Date(now),
      })
      .run();
    // Its people verified their e-signature in the app; the seal is granted to its staff and salespeople.
    for (const userId of [...managers, ...sales]) {
      await db
        .insert(esignAccounts)
        .values({
          kind: 'user',
          ownerId: userId,
          providerAccountId: `A-user-${userId}`,
          state: 'verified',
          checkedAt: new Date(now),
        })
        .run();
    }
    const admin = staff.find((u) => u.roleId === ROLE.lessorAdmin)?.id ?? managers[0]!;
    const grantees = staff.filter((u) => u.roleId !== ROLE.lessorAdmin && [...managers, ...sales].includes(u.id));
    for (const u of grantees) await db.insert(sealGrants).values({ sealId, userId: u.id, grantedBy: admin }).run();

    return {
      lessorId,
      business,
      renterIds: [...customers.map((c) => c.id), personOrg.id],
      storeIds,
      templateId,
      sealId,
      managers,
      sales,
    };
  });
}

/** A lessor's machines by lease state, oldest first, for the contracts. */
export function machinesOf(db: Db, lessorId: number) {
  return db
    .select({
      id: devices.id,
      leaseStatus: devices.leaseStatus,
      customerOrgId: devices.customerOrgId,
      modelId: devices.modelId,
      installedAt: devices.installedAt,
    })
    .from(devices)
    .where(and(eq(devices.orgId, lessorId), inArray(devices.leaseStatus, ['stock', 'leased'])))
    .orderBy(devices.id)
    .all();
}
