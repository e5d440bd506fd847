import { randomBytes } from 'node:crypto';
import { nameInSql, renamed, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { organisations, users } from '@console/db/schema/accounts';
import { hashPassword } from '@console/db/password';
import { subleases, sublessors } from '@console/db/schema/lease-sublease';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import { MAINLAND_MOBILE } from '@console/contract/http/fields';
import { subleaseEndpoints as api, type SublessorRow } from '@console/contract/http/lease-sublease';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { isManager, ownLessor } from '../lease-parties/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { checkedIdNumber } from '../../lib/identity-numbers.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';

const sublessorFields = {
  id: sublessors.orgId,
  lessorOrgId: sublessors.lessorOrgId,
  identityType: sublessors.identityType,
  idNumber: sublessors.idNumber,
  bankName: sublessors.bankName,
  bankAccountName: sublessors.bankAccountName,
  bankAccount: sublessors.bankAccount,
  remark: sublessors.remark,
  createdAt: sublessors.createdAt,
  name: organisations.name,
  contactName: organisations.contactName,
  contactPhone: organisations.contactPhone,
  province: organisations.province,
  city: organisations.city,
  district: organisations.district,
  address: organisations.address,
  renting: sql<number>`(select count(*) from subleases s where s.sublessor_org_id = ${sublessors.orgId} and s.state = 'renting')`,
  costCents: sql<number>`(select coalesce(sum(s.cost_cents), 0) from subleases s where s.sublessor_org_id = ${sublessors.orgId})`,
};

/** The sub-lessors in scope: a lessor's own (they hang under it), every lessor's for the operator's staff. */
const sublessorRows = (data: ScopedData) =>
  data
    .select({ ...sublessorFields, name: nameInSql(organisations, data.lang) })
    .from(sublessors, data.orgScope(sublessors.lessorOrgId))
    .innerJoin(organisations, eq(organisations.id, sublessors.orgId));

type SublessorRecord = Awaited<ReturnType<ReturnType<typeof sublessorRows>['all']>>[number];

async function present(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  rows: SublessorRecord[],
  timeZone: string,
): Promise<SublessorRow[]> {
  const lessors = await orgNames(
    data,
    rows.map((r) => r.lessorOrgId),
  );
  // What a lessor pays its sub-lessor is in the lessor's currency: the operator lists every lessor's (decision 064).
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  return rows.map(({ lessorOrgId, createdAt, ...r }) => ({
    ...r,
    areaCode: MAINLAND_MOBILE.test(r.contactPhone) ? '86' : '',
    lessorName: lessors.get(lessorOrgId) ?? '',
    createdAt: formatInZone(createdAt, timeZone),
    editable: isManager(user) && lessorOrgId === user.orgId,
    money: moneyOf(lessorOrgId),
  }));
}

async function findSublessor(data: ScopedData, id: number): Promise<SublessorRecord> {
  const row = await sublessorRows(data).where(eq(sublessors.orgId, id)).get();
  if (!row) throw notFound();
  return row;
}

/** A sub-lessor of the user's own lessor (one they may change), or "not found". */
export async function ownSublessor(data: ScopedData, user: SessionUser, id: number): Promise<SublessorRecord> {
  const row = await findSublessor(data, id);
  if (row.lessorOrgId !== user.orgId) throw notFound();
  return row;
}

/** An identity number names one sub-lessor of a lessor. */
async function checkIdNumber(data: ScopedData, lessorId: number, idNumber: string, id: number | null) {
  if (!idNumber) return;
  const taken = await data
    .select({ id: sublessors.orgId })
    .from(sublessors, data.orgScope(sublessors.lessorOrgId))
    .where(and(eq(sublessors.lessorOrgId, lessorId), eq(sublessors.idNumber, idNumber)))
    .get();
  if (taken && taken.id !== id) throw invalidField('idNumber', 'sublease.idNumberTaken');
}

const SORTS = { name: organisations.name, createdAt: sublessors.createdAt };

/** Sub-lessors: managed as renters are (decision 034), with bank details and a sign-in account (decision 042). */
export const sublessorRoutes: RouteDef[] = [
  route(api.sublessorList, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      keywordIn(
        data.dialect,
        [...ORG_NAME_COLUMNS, organisations.contactName, organisations.contactPhone, sublessors.idNumber],
        query.keyword,
      ),
      query.identityType ? eq(sublessors.identityType, query.identityType) : undefined,
    );
    const order = listOrder(query, SORTS, sublessors.orgId, [desc(sublessors.createdAt), desc(sublessors.orgId)]);
    const { rows, ...paging } = await listPage(data, query, sublessorRows(data).where(where), order);
    return { list: await present(deps, data, user, rows, timeZone), ...paging };
  }),
  route(api.sublessorDetail, async ({ query, user, data, deps, timeZone }) => {
    const sublessor = (await present(deps, data, user, [await findSublessor(data, query.id)], timeZone))[0]!;
    const accounts = await data
      .select({ id: users.id, name: users.name, areaCode: users.areaCode, mobile: users.mobile })
      .from(users, data.orgScope(users.orgId))
      .where(eq(users.orgId, query.id))
      .orderBy(users.id)
      .all();
    return { sublessor, accounts };
  }),
  route(api.sublessorCreate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    const idNumber = await checkedIdNumber(deps, data, lessorId, body);
    const {
      identityType,
      idNumber: _typed,
      bankName,
      bankAccountName,
      bankAccount,
      remark,
      accountMobile,
      accountAreaCode,
      ...org
    } = body;
    const { areaCode: _a, ...orgFields } = org;
    // The account's password is random: its holder sets one with "forgot password" (an SMS code to the mobile).
    const passwordHash = accountMobile ? await hashPassword(randomBytes(18).toString('base64url')) : '';
    return data.write(async (tx) => {
      await checkIdNumber(tx, lessorId, idNumber, null);
      if (accountMobile) {
        const taken = await tx
          .unscoped('uniqueness')
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.areaCode, accountAreaCode), eq(users.mobile, accountMobile)))
          .get();
        if (taken) throw invalidField('accountMobile', 'sublease.mobileTaken');
      }
      const { id } = await tx
        .insert(organisations)
        .values({ ...orgFields, kind: 'sublessor', parentId: lessorId })
        .returning({ id: organisations.id })
        .get();
      await tx
        .insert(sublessors)
        .values({
          orgId: id,
          lessorOrgId: lessorId,
          identityType,
          idNumber,
          bankName,
          bankAccountName,
          bankAccount,
          remark,
        })
        .run();
      if (accountMobile) {
        await tx
          .insert(users)
          .values({
            orgId: id,
            areaCode: accountAreaCode,
            mobile: accountMobile,
            passwordHash,
            roleId: ROLE.other,
            name: org.contactName,
          })
          .run();
      }
      return { id };
    });
  }),
  route(api.sublessorUpdate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    const {
      id,
      identityType,
      idNumber: _typed,
      bankName,
      bankAccountName,
      bankAccount,
      remark,
      accountMobile: _m,
      accountAreaCode: _c,
      ...org
    } = body;
    const { areaCode: _a, ...orgFields } = org;
    await data.write(async (tx) => {
      await ownSublessor(tx, user, id);
      // Checked once the sub-lessor is known to be the company's own: another company's gets "not found".
      const idNumber = await checkedIdNumber(deps, tx, lessorId, body);
      await checkIdNumber(tx, lessorId, idNumber, id);
      await tx
        .update(organisations)
        .set({ ...orgFields, ...(await renamed(tx, id, orgFields.name)) })
        .where(eq(organisations.id, id))
        .run();
      await tx
        .update(sublessors)
        .set({ identityType, idNumber, bankName, bankAccountName, bankAccount, remark })
        .where(eq(sublessors.orgId, id))
        .run();
    });
    return { id };
  }),
  route(api.sublessorDelete, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownSublessor(tx, user, body.id);
      const { n } = (await tx
        .select({ n: sql<number>`count(*)` })
        .from(subleases, tx.orgScope(subleases.orgId))
        .where(eq(subleases.sublessorOrgId, body.id))
        .get())!;
      if (n > 0) throw new ApiError(API_STATUS.conflict, 'sublease.hasSubleases', { count: n });
      await tx.delete(users).where(eq(users.orgId, body.id)).run();
      await tx.delete(sublessors).where(eq(sublessors.orgId, body.id)).run();
      await tx.delete(organisations).where(eq(organisations.id, body.id)).run();
    });
    return { id: body.id };
  }),
];
