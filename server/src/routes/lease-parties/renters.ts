import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { nameInSql, renamed, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts, renters, storeDevices, stores } from '@console/db/schema/lease';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { MAINLAND_MOBILE } from '@console/contract/http/fields';
import { API_STATUS } from '@console/contract/http/envelope';
import { partyEndpoints, type RenterRow } from '@console/contract/http/lease-parties';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { contractsVisibleTo } from '../../lease/access.ts';
import { checkedIdNumber } from '../../lib/identity-numbers.ts';
import { isLessor, isManager, ownLessor, refused, countContracts } from './shared.ts';

const renterFields = {
  id: renters.orgId,
  lessorOrgId: renters.lessorOrgId,
  identityType: renters.identityType,
  idNumber: renters.idNumber,
  realNameState: renters.realNameState,
  arrearsCents: renters.arrearsCents,
  createdAt: renters.createdAt,
  name: organisations.name,
  contactName: organisations.contactName,
  contactPhone: organisations.contactPhone,
  province: organisations.province,
  city: organisations.city,
  district: organisations.district,
  address: organisations.address,
  contractCount: sql<number>`(select count(*) from contracts where contracts.renter_org_id = ${renters.orgId})`,
};

const renterRows = (data: ScopedData) =>
  data
    .select({ ...renterFields, name: nameInSql(organisations, data.lang) })
    .from(renters, data.orgScope(renters.lessorOrgId))
    .innerJoin(organisations, eq(organisations.id, renters.orgId));

type RenterRecord = Awaited<ReturnType<ReturnType<typeof renterRows>['all']>>[number];

async function presentRenters(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  rows: RenterRecord[],
  timeZone: string,
): Promise<RenterRow[]> {
  const lessors = await orgNames(
    data,
    rows.map((r) => r.lessorOrgId),
  );
  // A renter owes its lessor in the lessor's currency: the operator lists renters of companies of several brands.
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  return rows.map(({ lessorOrgId, createdAt, ...r }) => ({
    ...r,
    identityType: r.identityType,
    areaCode: MAINLAND_MOBILE.test(r.contactPhone) ? '86' : '',
    lessorName: lessors.get(lessorOrgId) ?? '',
    createdAt: formatInZone(createdAt, timeZone),
    editable: isLessor(user) && lessorOrgId === user.orgId,
    deletable: isManager(user) && lessorOrgId === user.orgId,
    money: moneyOf(lessorOrgId),
  }));
}

async function findRenter(data: ScopedData, id: number): Promise<RenterRecord> {
  const row = await renterRows(data).where(eq(renters.orgId, id)).get();
  if (!row) throw notFound();
  return row;
}

/** A renter of the user's own lessor (one they may change), or "not found". */
async function ownRenter(data: ScopedData, user: SessionUser, id: number): Promise<RenterRecord> {
  const row = await findRenter(data, id);
  if (row.lessorOrgId !== user.orgId) throw notFound();
  return row;
}

/** An identity number names one renter of a lessor (another lessor may serve the same customer). */
async function checkIdNumber(data: ScopedData, lessorId: number, idNumber: string, id: number | null) {
  if (!idNumber) return;
  const taken = await data
    .select({ id: renters.orgId })
    .from(renters, data.orgScope(renters.lessorOrgId))
    .where(and(eq(renters.lessorOrgId, lessorId), eq(renters.idNumber, idNumber)))
    .get();
  if (taken && taken.id !== id) throw invalidField('idNumber', 'lease.idNumberTaken');
}

/**
 * The real-name state a salesperson's edit leaves (decision 034: only the managers, 5 and 10, record it, besides the
 * verification review): the one stored, whatever was sent; none once the name or identity it was verified for
 * changes, so a verified renter cannot be turned into another customer.
 */
function keptRealName(
  current: RenterRecord,
  next: { name: string; identityType: number; idNumber: string },
): RenterRecord['realNameState'] {
  const same =
    current.name === next.name && current.identityType === next.identityType && current.idNumber === next.idNumber;
  return same ? current.realNameState : 'none';
}

const RENTER_SORTS = { name: organisations.name, createdAt: renters.createdAt, arrearsCents: renters.arrearsCents };

/** Renters: a lessor's customers with their identity, contracts, machines on lease and balance. */
export const renterRoutes: RouteDef[] = [
  route(partyEndpoints.renterList, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      keywordIn(
        data.dialect,
        [...ORG_NAME_COLUMNS, organisations.contactName, organisations.contactPhone, renters.idNumber],
        query.keyword,
      ),
      query.identityType ? eq(renters.identityType, query.identityType) : undefined,
      query.realNameState ? eq(renters.realNameState, query.realNameState) : undefined,
    );
    const order = listOrder(query, RENTER_SORTS, renters.orgId, [desc(renters.createdAt), desc(renters.orgId)]);
    const { rows, ...paging } = await listPage(data, query, renterRows(data).where(where), order);
    return { list: await presentRenters(deps, data, user, rows, timeZone), ...paging };
  }),
  route(partyEndpoints.renterDetail, async ({ query, user, data, deps, timeZone }) => {
    const renter = (await presentRenters(deps, data, user, [await findRenter(data, query.id)], timeZone))[0]!;
    const visible = contractsVisibleTo(user);
    const contractRows = await data
      .select({
        id: contracts.id,
        number: contracts.number,
        status: contracts.status,
        storeName: sql<string>`coalesce(${stores.name}, '')`,
        startOn: contracts.startOn,
        endOn: contracts.endOn,
        totalCents: contracts.totalCents,
        depositCents: contracts.depositCents,
      })
      .from(contracts, data.orgScope(contracts.lessorOrgId))
      .leftJoin(stores, eq(stores.id, contracts.storeId))
      // The contracts this user sees (decision 029: a salesperson those they wrote or sell).
      .where(and(eq(contracts.renterOrgId, query.id), visible === false ? sql`1 = 0` : visible))
      .orderBy(desc(contracts.startOn), desc(contracts.id))
      .limit(500)
      .all();
    const machines = await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        modelName: nameInSql(deviceModels, data.lang),
        storeName: sql<string>`coalesce(${stores.name}, '')`,
      })
      .from(devices, data.deviceScope())
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .leftJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
      .leftJoin(stores, eq(stores.id, storeDevices.storeId))
      .where(and(eq(devices.customerOrgId, query.id), eq(devices.leaseStatus, 'leased')))
      .orderBy(asc(devices.serialNumber))
      .limit(1000)
      .all();
    const running = contractRows.filter((c) => c.status === LEASE_STATUS.inExecution);
    return {
      renter,
      contracts: contractRows.map(({ depositCents: _d, ...c }) => c),
      machines,
      balance: {
        arrearsCents: renter.arrearsCents,
        runningCents: running.reduce((s, c) => s + c.totalCents, 0),
        depositCents: running.reduce((s, c) => s + c.depositCents, 0),
        running: running.length,
      },
    };
  }),
  route(partyEndpoints.renterCreate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isLessor);
    const { realNameState: sent, identityType, areaCode: _a, contactPhone, ...org } = body;
    const idNumber = await checkedIdNumber(deps, data, lessorId, body);
    // Only the managers record the real-name state; a salesperson's renter starts unverified, whatever was sent.
    const realNameState = isManager(user) ? sent : 'none';
    return data.write(async (tx) => {
      await checkIdNumber(tx, lessorId, idNumber, null);
      const { id } = await tx
        .insert(organisations)
        .values({ ...org, contactPhone, kind: 'customer', parentId: lessorId })
        .returning({ id: organisations.id })
        .get();
      await tx
        .insert(renters)
        .values({ orgId: id, lessorOrgId: lessorId, identityType, idNumber, realNameState })
        .run();
      return { id };
    });
  }),
  route(partyEndpoints.renterUpdate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isLessor);
    const { id, realNameState: sent, identityType, areaCode: _a, ...org } = body;
    await data.write(async (tx) => {
      const current = await ownRenter(tx, user, id);
      // Checked once the renter is known to be the company's own: another company's gets "not found".
      const idNumber = await checkedIdNumber(deps, tx, lessorId, body);
      await checkIdNumber(tx, lessorId, idNumber, id);
      await tx
        .update(organisations)
        .set({ ...org, ...(await renamed(tx, id, org.name)) })
        .where(eq(organisations.id, id))
        .run();
      const realNameState = isManager(user) ? sent : keptRealName(current, { name: org.name, identityType, idNumber });
      await tx.update(renters).set({ identityType, idNumber, realNameState }).where(eq(renters.orgId, id)).run();
    });
    return { id };
  }),
  route(partyEndpoints.renterDelete, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownRenter(tx, user, body.id);
      const n = await countContracts(tx, eq(contracts.renterOrgId, body.id));
      if (n > 0) throw refused('lease.renterHasContracts', n);
      const machine = await tx
        .select({ id: devices.id })
        .from(devices, tx.deviceScope())
        .where(eq(devices.customerOrgId, body.id))
        .get();
      const account = await tx
        .select({ id: users.id })
        .from(users, tx.orgScope(users.orgId))
        .where(eq(users.orgId, body.id))
        .get();
      const child = await tx
        .select({ id: organisations.id })
        .from(organisations, tx.orgScope(organisations.id))
        .where(eq(organisations.parentId, body.id))
        .get();
      if (machine || account || child) throw new ApiError(API_STATUS.conflict, 'lease.renterInUse');
      await tx.delete(renters).where(eq(renters.orgId, body.id)).run();
      await tx.delete(organisations).where(eq(organisations.id, body.id)).run();
    });
    return { id: body.id };
  }),
];
