import { and, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts, storeDevices, stores } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { subleases } from '@console/db/schema/lease-sublease';
import { mayInstallDevices } from '@console/contract/http/devices';
import { hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { HOLDING_STATUSES, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { API_STATUS } from '@console/contract/http/envelope';
import { subleaseAllows, subleaseEndpoints as api, type SubleaseRow } from '@console/contract/http/lease-sublease';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { orgNumberDay } from '../../lib/org-day.ts';
import { formatInZone } from '../../lib/time.ts';
import { subleaseCostCents } from '@console/contract/lease/sublease-cost';
import { modelForOwner } from '../../lib/device-access.ts';
import { log, newSecret } from '../devices.ts';
import { isManager, ownLessor } from '../lease-parties/index.ts';
import { ownSublessor } from './sublessors.ts';
import { nameInSql, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { mapInOrder } from '@console/db/in-order';
import type { AppDeps } from '../../lib/deps.ts';
import { moneyOfOrgs, totalsPerCurrency } from '../../lib/currencies.ts';

/**
 * The sub-leases in scope: a lessor's (org_id) and a sub-lessor's own (sublessor_org_id), every one for the
 * operator's staff. The machine is joined for what its sub-lessor may see of it: name, model and state.
 */
const subleaseRows = (data: ScopedData) =>
  data
    .select({
      sublease: subleases,
      serialNumber: devices.serialNumber,
      deviceName: devices.deviceName,
      kind: devices.kind,
      modelName: nameInSql(deviceModels, data.lang),
      sublessorName: nameInSql(organisations, data.lang),
      status: devices.status,
      online: devices.online,
      lastReportAt: devices.lastReportAt,
      leaseStatus: devices.leaseStatus,
    })
    .from(subleases, data.orgScope(subleases.orgId, subleases.sublessorOrgId))
    .innerJoin(devices, eq(devices.id, subleases.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .innerJoin(organisations, eq(organisations.id, subleases.sublessorOrgId));

type SubleaseRecord = Awaited<ReturnType<ReturnType<typeof subleaseRows>['all']>>[number];

async function present(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  rows: SubleaseRecord[],
  timeZone: string,
): Promise<SubleaseRow[]> {
  const lessors = await orgNames(
    data,
    rows.map((r) => r.sublease.orgId),
  );
  // A sub-lease is priced in the currency of the company renting the machine in (decision 064).
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  return rows.map(({ sublease: s, leaseStatus, lastReportAt, ...r }) => ({
    ...r,
    id: s.id,
    number: s.number,
    sublessorId: s.sublessorOrgId,
    // The company's own names (its name, its model names) are for its people and the operator's, not a sub-lessor.
    lessorName: data.sees(s.orgId) ? (lessors.get(s.orgId) ?? '') : '',
    modelName: data.sees(s.orgId) ? r.modelName : '',
    deviceId: s.deviceId,
    state: s.state,
    startOn: s.startOn,
    endOn: s.endOn,
    returnedOn: s.returnedOn ?? '',
    businessModel: s.businessModel,
    dayCents: s.dayCents,
    monthCents: s.monthCents,
    costCents: s.costCents,
    remark: s.remark,
    lastReportAt: lastReportAt ? formatInZone(lastReportAt, timeZone) : '',
    leasedOut: s.state === 'renting' && leaseStatus === 'leased',
    createdAt: formatInZone(s.createdAt, timeZone),
    editable: isManager(user) && s.orgId === user.orgId && subleaseAllows('edit', s.state),
    money: moneyOf(s.orgId),
  }));
}

async function findSublease(data: ScopedData, id: number): Promise<SubleaseRecord> {
  const row = await subleaseRows(data).where(eq(subleases.id, id)).get();
  if (!row) throw notFound();
  return row;
}

/** A sub-lease of the user's own lessor that its state lets `action` change, or the refusal. */
async function ownSublease(tx: ScopedWrite, user: SessionUser, id: number, action: 'edit' | 'return') {
  const row = await findSublease(tx, id);
  if (row.sublease.orgId !== user.orgId) throw notFound();
  if (!subleaseAllows(action, row.sublease.state)) throw new ApiError(API_STATUS.conflict, 'sublease.notRenting');
  return row;
}

/** A sub-lease's number: ZL (转租), the lessor's day it was written and its place that day within the lessor. */
async function nextNumber(tx: ScopedWrite, lessorId: number, now: number): Promise<string> {
  const prefix = `ZL-${await orgNumberDay(tx.unscoped('domainRule'), lessorId, now)}-`;
  const { n } = (await tx
    .select({ n: sql<number>`count(*)` })
    .from(subleases, tx.orgScope(subleases.orgId))
    .where(and(eq(subleases.orgId, lessorId), sql`${subleases.number} like ${`${prefix}%`}`))
    .get())!;
  return `${prefix}${String(n + 1).padStart(4, '0')}`;
}

/**
 * The machine a rented-in serial names: none yet (it is registered), or one its sub-lessor got back from an earlier
 * sub-lease (it is taken again). Registered anywhere else, or rented in now, it is refused.
 */
async function machineOf(tx: ScopedWrite, lessorId: number, sublessorId: number, serial: string) {
  const found = await tx
    .unscoped('uniqueness')
    .select({ id: devices.id, orgId: devices.orgId })
    .from(devices)
    .where(sql`lower(${devices.serialNumber}) = lower(${serial})`)
    .get();
  if (!found) return null;
  if (found.orgId === sublessorId) return found.id;
  const renting = found.orgId === lessorId && (await isRentedIn(tx, found.id));
  throw new ApiError(API_STATUS.invalid, renting ? 'sublease.alreadyRentedIn' : 'sublease.serialElsewhere', {
    serial,
  });
}

const isRentedIn = async (data: ScopedData, deviceId: number) =>
  !!(await data
    .select({ id: subleases.id })
    .from(subleases, data.orgScope(subleases.orgId))
    .where(and(eq(subleases.deviceId, deviceId), eq(subleases.state, 'renting')))
    .get());

/**
 * The contract that has the machine out or promised: one pending review or approved and not ended that names it,
 * unless the machine already came back from it (an ended lease period under that contract). A machine that went
 * back early may be returned to its sub-lessor while its contract runs on with the other machines.
 */
function holdingContract(tx: ScopedWrite, deviceId: number) {
  const cameBack = tx
    .select({ contractId: leasePeriods.contractId })
    .from(leasePeriods, tx.orgScope(leasePeriods.lessorOrgId))
    .where(and(eq(leasePeriods.deviceId, deviceId), isNotNull(leasePeriods.endOn)));
  return tx
    .select({ number: contracts.number })
    .from(contracts, tx.orgScope(contracts.lessorOrgId))
    .innerJoin(contractLines, eq(contractLines.contractId, contracts.id))
    .where(
      and(
        eq(contractLines.deviceId, deviceId),
        inArray(contracts.status, [LEASE_STATUS.pendingReview, ...HOLDING_STATUSES]),
        notInArray(contracts.id, cameBack),
      ),
    )
    .orderBy(contracts.id)
    .get();
}

const SORTS = { number: subleases.number, startOn: subleases.startOn, endOn: subleases.endOn };

export const subleaseRoutes: RouteDef[] = [
  route(api.subleaseList, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      keywordIn(
        data.dialect,
        [subleases.number, devices.serialNumber, devices.deviceName, ...ORG_NAME_COLUMNS],
        query.keyword,
      ),
      query.sublessorId ? eq(subleases.sublessorOrgId, query.sublessorId) : undefined,
      query.state ? eq(subleases.state, query.state) : undefined,
    );
    const order = listOrder(query, SORTS, subleases.id, [desc(subleases.startOn), desc(subleases.id)]);
    const { rows, ...paging } = await listPage(data, query, subleaseRows(data).where(where), order);
    // The cost per lessor, added up per currency: never across two companies' currencies (decision 064).
    const costs = await data
      .select({ orgId: subleases.orgId, costCents: sql<number>`coalesce(sum(${subleases.costCents}), 0)` })
      .from(subleases, data.orgScope(subleases.orgId, subleases.sublessorOrgId))
      .innerJoin(devices, eq(devices.id, subleases.deviceId))
      .innerJoin(organisations, eq(organisations.id, subleases.sublessorOrgId))
      .where(where)
      .groupBy(subleases.orgId)
      .all();
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const totals = {
      cost: totalsPerCurrency(
        costs,
        (c) => c.costCents,
        (c) => moneyOf(c.orgId),
      ),
    };
    return { list: await present(deps, data, user, rows, timeZone), ...paging, totals };
  }),
  route(api.subleaseDetail, async ({ query, user, data, deps, timeZone }) => {
    const sublease = (await present(deps, data, user, [await findSublease(data, query.id)], timeZone))[0]!;
    // Through the contracts' own scope: a sub-lessor sees none of the company's contracts.
    const leasedUnder = await data
      .select({
        id: contracts.id,
        number: contracts.number,
        status: contracts.status,
        renterName: nameInSql(organisations, data.lang),
        startOn: contracts.startOn,
        endOn: contracts.endOn,
      })
      .from(contracts, data.orgScope(contracts.lessorOrgId))
      .innerJoin(contractLines, eq(contractLines.contractId, contracts.id))
      .innerJoin(organisations, eq(organisations.id, contracts.renterOrgId))
      .where(and(eq(contractLines.deviceId, sublease.deviceId), sql`${contracts.startOn} >= ${sublease.startOn}`))
      .orderBy(desc(contracts.startOn))
      .limit(100)
      .all();
    return { sublease, contracts: leasedUnder };
  }),
  route(api.subleaseCreate, ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    const now = deps.now();
    return data.write(async (tx) => {
      await ownSublessor(tx, user, body.sublessorId);
      if (body.storeId !== null) {
        const store = await tx
          .select({ orgId: stores.orgId })
          .from(stores, tx.orgScope(stores.orgId))
          .where(eq(stores.id, body.storeId))
          .get();
        if (store?.orgId !== lessorId) throw invalidField('storeId', 'lease.storeRequired');
      }
      const list = await mapInOrder(body.machines, async (machine) => {
        const model = await modelForOwner(tx, lessorId, machine.modelId);
        const secret = newSecret();
        const fleet = {
          orgId: lessorId,
          customerOrgId: null,
          distributorOrgId: null,
          modelId: model.id,
          kind: model.category,
          brand: model.brand,
          deviceName: machine.deviceName,
          leaseStatus: 'stock' as const,
          mqttSecretHash: hashDeviceSecret(secret),
        };
        let deviceId = await machineOf(tx, lessorId, body.sublessorId, machine.serialNumber);
        if (deviceId === null) {
          deviceId = (
            await tx
              .insert(devices)
              .values({ ...fleet, serialNumber: machine.serialNumber })
              .returning({ id: devices.id })
              .get()
          ).id;
        } else {
          await tx.update(devices).set(fleet).where(eq(devices.id, deviceId)).run();
        }
        if (body.storeId !== null) {
          await tx
            .insert(storeDevices)
            .values({ deviceId, storeId: body.storeId })
            .onConflictDoUpdate({ target: storeDevices.deviceId, set: { storeId: body.storeId } })
            .run();
        }
        const terms = { ...body, returnedOn: null };
        const { id } = await tx
          .insert(subleases)
          .values({
            number: await nextNumber(tx, lessorId, now),
            orgId: lessorId,
            sublessorOrgId: body.sublessorId,
            deviceId,
            startOn: body.startOn,
            endOn: body.endOn,
            businessModel: body.businessModel,
            dayCents: body.dayCents,
            monthCents: body.monthCents,
            costCents: subleaseCostCents(terms),
            remark: body.remark,
            createdBy: user.id,
          })
          .returning({ id: subleases.id })
          .get();
        await log(tx, user, deviceId, 'sublease.rentIn', { sublessorId: body.sublessorId, subleaseId: id }, now);
        // A device secret goes only to those who fit devices, as the registry answers it (decisions 011, 061).
        const mayFit = mayInstallDevices(user.roleId);
        return { id, deviceId, serialNumber: machine.serialNumber, ...(mayFit ? { mqttSecret: secret } : {}) };
      });
      return { list };
    });
  }),
  route(api.subleaseUpdate, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownSublease(tx, user, body.id, 'edit');
      const { id, ...terms } = body;
      await tx
        .update(subleases)
        .set({ ...terms, costCents: subleaseCostCents({ ...terms, returnedOn: null }) })
        .where(eq(subleases.id, id))
        .run();
    });
    return { id: body.id };
  }),
  route(api.subleaseReturn, async ({ body, user, data, deps }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      const { sublease: s, serialNumber, leaseStatus } = await ownSublease(tx, user, body.id, 'return');
      if (body.day < s.startOn) throw invalidField('day', 'sublease.returnBeforeStart');
      const holding = await holdingContract(tx, s.deviceId);
      if (holding || leaseStatus === 'leased') {
        throw new ApiError(API_STATUS.conflict, 'sublease.leasedOut', {
          serial: serialNumber,
          number: holding?.number ?? '',
        });
      }
      await tx
        .update(subleases)
        .set({
          state: 'returned',
          returnedOn: body.day,
          returnedBy: user.id,
          costCents: subleaseCostCents({ ...s, returnedOn: body.day }),
        })
        .where(eq(subleases.id, s.id))
        .run();
      // The machine leaves the fleet: it is its sub-lessor's again, in no store of the company.
      await tx
        .update(devices)
        .set({ orgId: s.sublessorOrgId, customerOrgId: null, distributorOrgId: null })
        .where(eq(devices.id, s.deviceId))
        .run();
      await tx.delete(storeDevices).where(eq(storeDevices.deviceId, s.deviceId)).run();
      await log(tx, user, s.deviceId, 'sublease.return', { subleaseId: s.id, day: body.day }, deps.now());
    });
    return { id: body.id };
  }),
];
