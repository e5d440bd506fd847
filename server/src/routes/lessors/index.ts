import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { phoneText } from '@console/contract/formats/phone';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import { lessorEndpoints, type LessorRow } from '@console/contract/http/lessors';
import { hashPassword } from '@console/db/password';
import { organisations, users } from '@console/db/schema/accounts';
import { billingZones } from '@console/db/schema/lease-billing';
import { lessorProfiles } from '@console/db/schema/lessors';
import { brandsOf, type BrandPack } from '../../lib/brands.ts';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { DEFAULT_ORG_ZONE } from '../../lib/org-day.ts';
import { nameInSql, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { updated } from '../../lib/record-writes.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { deliverSystemSms } from '../../notify/system.ts';
import { formatInZone } from '../../lib/time.ts';
import { organisationFields } from '../customers/index.ts';
import { samePhone } from '../employees.ts';

/** Rental companies the operator onboards (docs/decisions/065-operator-onboarding.md). */

const isLessor = eq(organisations.kind, 'lessor');
const customerCount = sql<number>`(select count(*) from organisations c
  where c.kind = 'customer' and c.parent_id = "organisations"."id")`;
const deviceCount = sql<number>`(select count(*) from devices d where d.org_id = "organisations"."id")`;

const lessorRows = (data: ScopedData) =>
  data
    .select({
      ...organisationFields,
      nameZh: organisations.nameZh,
      nameEn: organisations.nameEn,
      creditCode: organisations.creditCode,
      leaseType: organisations.leaseType,
      rentalDomestic: organisations.rentalDomestic,
      rentalForeign: organisations.rentalForeign,
      appid: sql<string>`coalesce((select p.appid from lessor_profiles p where p.org_id = "organisations"."id"), '')`,
      timeZone: sql<string | null>`(select z.time_zone from billing_zones z
        where z.lessor_org_id = "organisations"."id")`,
      customerCount,
      deviceCount,
    })
    .from(organisations, data.orgScope(organisations.id));

type Row = Awaited<ReturnType<typeof findLessor>>;

async function findLessor(data: ScopedData, id: number) {
  const row = await lessorRows(data)
    .where(and(isLessor, eq(organisations.id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Their administrators, "name (phone)", by organisation. */
async function adminsOf(data: ScopedData, orgIds: number[]): Promise<Map<number, string[]>> {
  const byOrg = new Map<number, string[]>();
  if (orgIds.length === 0) return byOrg;
  const rows = await data
    .select({ orgId: users.orgId, name: users.name, mobile: users.mobile, areaCode: users.areaCode })
    .from(users, data.orgScope(users.orgId))
    .where(and(eq(users.roleId, ROLE.lessorAdmin), eq(users.disabled, false)))
    .all();
  for (const r of rows) {
    if (!orgIds.includes(r.orgId)) continue;
    // The operator's list: a mainland number as typed, any other with its code.
    const phone = phoneText({ areaCode: r.areaCode, number: r.mobile }, '86');
    byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), `${r.name} (${phone})`]);
  }
  return byOrg;
}

async function present(data: ScopedData, deps: AppDeps, rows: Row[], timeZone: string): Promise<LessorRow[]> {
  const packs = brandsOf(deps).packs;
  const admins = await adminsOf(
    data,
    rows.map((r) => r.id),
  );
  return rows.map(({ leaseType, timeZone: zone, createdAt, ...r }) => ({
    ...r,
    areaCode: /^1[3-9]\d{9}$/.test(r.contactPhone) ? '86' : '',
    brandName: packs.get(r.appid)?.info.brand ?? '',
    timeZone: zone ?? DEFAULT_ORG_ZONE,
    leasing: leaseType !== 0,
    admins: admins.get(r.id) ?? [],
    createdAt: formatInZone(createdAt, timeZone),
    editable: data.me.roleId === ROLE.companyAdmin,
  }));
}

function loadedBrand(deps: AppDeps, appid: string): BrandPack {
  const pack = brandsOf(deps).packs.get(appid);
  if (!pack) throw invalidField('appid', 'lessors.brandUnknown');
  return pack;
}

/** Another rental company already has the name (two companies of one name cannot be told apart on a contract). */
async function nameTaken(data: ScopedData, name: string, except?: number) {
  return !!(await data
    .unscoped('uniqueness')
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(isLessor, eq(organisations.name, name), except ? ne(organisations.id, except) : undefined))
    .get());
}

/**
 * The address of the brand's console, for the administrator's text message: the console the request came from
 * when it is that brand's, else the pack's first host, else `<appid>.localhost` on this port (development).
 */
function brandAddress(c: Context, pack: BrandPack, currentAppid: string | undefined): string {
  const url = new URL(c.req.url);
  if (pack.appid === currentAppid) return url.origin;
  if (pack.hosts[0]) return `https://${pack.hosts[0]}`;
  return `${url.protocol}//${pack.appid}.localhost${url.port ? `:${url.port}` : ''}`;
}

const settings = (body: { leasing: boolean; rentalDomestic: boolean; rentalForeign: boolean }) => ({
  leaseType: body.leasing ? 1 : 0,
  rentalDomestic: body.rentalDomestic,
  rentalForeign: body.rentalForeign,
});

export const lessorRoutes: RouteDef[] = [
  route(lessorEndpoints.list, async ({ query, data, deps, timeZone }) => {
    const where = and(
      isLessor,
      // Any of its names: the one the reader reads it by, in either language, or the registered one (decision 064).
      keywordIn(
        data.dialect,
        [...ORG_NAME_COLUMNS, organisations.contactName, organisations.contactPhone, organisations.address],
        query.keyword,
      ),
      query.appid
        ? sql`exists (select 1 from lessor_profiles p where p.org_id = "organisations"."id"
        and p.appid = ${query.appid})`
        : undefined,
    );
    // Sorted by the name the console shows: the one kept in the reader's language, else the registered one.
    const sorts = {
      name: nameInSql(organisations, data.lang),
      createdAt: organisations.createdAt,
      customerCount,
      deviceCount,
    };
    const order = listOrder(query, sorts, organisations.id, [desc(organisations.createdAt), desc(organisations.id)]);
    const { rows, ...paging } = await listPage(data, query, lessorRows(data).where(where), order);
    return { list: await present(data, deps, rows, timeZone), ...paging };
  }),

  route(lessorEndpoints.brands, ({ deps }) => ({
    list: [...brandsOf(deps).packs.values()].map((p) => ({
      appid: p.appid,
      name: p.info.brand,
      region: p.info.region,
    })),
  })),

  route(lessorEndpoints.create, async ({ body, user, data, deps, c, t, setMessage }) => {
    const pack = loadedBrand(deps, body.appid);
    const admin = { mobile: body.adminMobile, areaCode: body.adminAreaCode };
    if (await nameTaken(data, body.name)) throw invalidField('name', 'lessors.nameTaken');
    // A number with an account is a person of another company: they are invited by the new administrator instead.
    if (await samePhone(data, admin)) throw invalidField('adminMobile', 'lessors.mobileTaken');
    const password = body.adminMode === 'password' ? body.adminPassword! : randomBytes(24).toString('base64url');
    const passwordHash = await hashPassword(password);
    if (body.adminMode === 'message') {
      // The message leaves first, so a failed send leaves no company whose administrator cannot get in.
      const current = brandsOf(deps);
      const host = new URL(c.req.url).hostname;
      const here = current.hosts.get(host) ?? /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1] ?? current.defaultAppid;
      const link = `${brandAddress(c, pack, here ?? undefined)}/reset`;
      // The operator's log shows it: the company does not exist until the text has left.
      const delivered = await deliverSystemSms(deps, {
        orgId: user.orgId,
        event: 'welcome',
        recipient: body.adminName,
        sms: { ...admin, text: t('lessors.welcomeSms', { org: body.name, brand: pack.info.brand, link }) },
      });
      if (!delivered) throw new ApiError(API_STATUS.error, 'employees.inviteFailed');
    }
    const {
      adminName,
      adminMobile: _m,
      adminAreaCode: _a,
      adminMode,
      adminPassword: _p,
      appid,
      timeZone: zone,
      leasing: _l,
      rentalDomestic: _d,
      rentalForeign: _f,
      areaCode: _c,
      ...company
    } = body;
    const created = await data.write(async (tx) => {
      // Checked again in the unit of work: another request may have taken the name or the number meanwhile.
      if (await nameTaken(tx, body.name)) throw invalidField('name', 'lessors.nameTaken');
      if (await samePhone(tx, admin)) throw invalidField('adminMobile', 'lessors.mobileTaken');
      const org = await tx
        .insert(organisations)
        .values({ ...company, ...settings(body), kind: 'lessor', parentId: user.orgId })
        .returning({ id: organisations.id })
        .get();
      await tx.insert(lessorProfiles).values({ orgId: org.id, appid, createdBy: user.id }).run();
      await tx.insert(billingZones).values({ lessorOrgId: org.id, timeZone: zone }).run();
      const uid = (
        await tx
          .insert(users)
          .values({ ...admin, orgId: org.id, name: adminName, roleId: ROLE.lessorAdmin, passwordHash })
          .returning({ id: users.id })
          .get()
      ).id;
      return { id: org.id, adminUid: uid };
    });
    setMessage(adminMode === 'message' ? 'lessors.createdMessage' : 'lessors.created');
    return created;
  }),

  route(lessorEndpoints.update, async ({ body, user, data, deps }) => {
    loadedBrand(deps, body.appid);
    const {
      id,
      appid,
      timeZone: zone,
      leasing: _l,
      rentalDomestic: _d,
      rentalForeign: _f,
      areaCode: _c,
      ...company
    } = body;
    await data.write(async (tx) => {
      const before = await findLessor(tx, id);
      if (await nameTaken(tx, body.name, id)) throw invalidField('name', 'lessors.nameTaken');
      // Spec section 4: a rental permission once enabled cannot be closed.
      if (before.rentalDomestic && !body.rentalDomestic)
        throw invalidField('rentalDomestic', 'lessors.rentalPermanent');
      if (before.rentalForeign && !body.rentalForeign) throw invalidField('rentalForeign', 'lessors.rentalPermanent');
      updated(
        await tx
          .update(organisations)
          .set({ ...company, ...settings(body) })
          .where(and(eq(organisations.id, id), isLessor))
          .run(),
      );
      await tx
        .insert(lessorProfiles)
        .values({ orgId: id, appid, createdBy: user.id })
        .onConflictDoUpdate({ target: lessorProfiles.orgId, set: { appid } })
        .run();
      await tx
        .insert(billingZones)
        .values({ lessorOrgId: id, timeZone: zone })
        .onConflictDoUpdate({ target: billingZones.lessorOrgId, set: { timeZone: zone } })
        .run();
    });
    return { id };
  }),
];
