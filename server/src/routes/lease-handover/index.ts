import { addressText } from '@console/contract/formats/address';
import type { Dialect } from '@console/db/dialect';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leaseHandoverMachines, leaseHandovers } from '@console/db/schema/lease-handover';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { workOrders } from '@console/db/schema/work-orders';
import {
  leaseHandoverEndpoints as api,
  type HandoverDetail,
  type HandoverRow,
} from '@console/contract/http/lease-handover';
import type { ScopedData } from '../../lib/data.ts';
import { notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn, textContains } from '../../lib/search.ts';
import { requireUpload } from '../../lib/uploads.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { writesContracts } from '../../lease/access.ts';
import { confirmHandover, createHandover, deleteHandover, writableContract } from '../../lease/handover.ts';
import { deliverable } from '../../lease/machines-held.ts';
import { handoverScope } from './scope.ts';
import { periodRoutes } from './periods.ts';
import { nameInSql, orgBrand } from '../../lib/org-brand.ts';
import { orgNames } from '../../lib/scope.ts';
import { mapInOrder } from '@console/db/in-order';

type Handover = typeof leaseHandovers.$inferSelect;
const renterOrg = alias(organisations, 'renter_org');

const emptyPage = (query: { page: number; pageSize: number }) => ({
  list: [],
  total: 0,
  page: query.page,
  pageSize: query.pageSize,
});

/** A machine of the record whose serial contains the keyword. */
const serialMatches = (dialect: Dialect, keyword: string) =>
  sql`exists (select 1 from ${leaseHandoverMachines} join ${devices} on ${devices.id} = ${leaseHandoverMachines.deviceId} where ${leaseHandoverMachines.handoverId} = ${leaseHandovers.id} and ${textContains(dialect, devices.serialNumber, keyword)})`;

/** The lessor's writers act on drafts of contracts they write for (a salesperson: their own). */
const mayWrite = (user: SessionUser, h: Handover, contract: { createdBy: number; salespersonId: number | null }) =>
  h.state === 'draft' &&
  writesContracts(user) &&
  user.orgId === h.orgId &&
  (user.roleId !== 6 || contract.createdBy === user.id || contract.salespersonId === user.id);

type ReadRow = {
  h: Handover;
  contractNumber: string;
  createdBy: number;
  salespersonId: number | null;
  renterName: string | null;
};

async function present(data: ScopedData, user: SessionUser, rows: ReadRow[], timeZone: string): Promise<HandoverRow[]> {
  const ids = rows.map((r) => r.h.id);
  const machines =
    ids.length === 0
      ? []
      : await data
          .unscoped('alreadyScoped')
          .select({
            handoverId: leaseHandoverMachines.handoverId,
            damage: leaseHandoverMachines.damage,
            serial: devices.serialNumber,
          })
          .from(leaseHandoverMachines)
          .innerJoin(devices, eq(devices.id, leaseHandoverMachines.deviceId))
          .where(inArray(leaseHandoverMachines.handoverId, ids))
          .orderBy(leaseHandoverMachines.id)
          .all();
  return rows.map(({ h, contractNumber, createdBy, salespersonId, renterName }) => {
    const own = machines.filter((m) => m.handoverId === h.id);
    const writable = mayWrite(user, h, { createdBy, salespersonId });
    return {
      id: h.id,
      number: h.number,
      kind: h.kind,
      state: h.state,
      contractId: h.contractId,
      contractNumber,
      renterId: h.renterOrgId,
      renterName: renterName ?? '',
      day: h.day,
      siteAddress: addressText({
        province: h.siteProvince,
        city: h.siteCity,
        district: h.siteDistrict,
        address: h.siteAddress,
      }),
      deliveredBy: h.deliveredBy,
      receivedBy: h.receivedBy,
      machineCount: own.length,
      damageCount: own.filter((m) => m.damage !== '').length,
      serials: own.map((m) => m.serial),
      createdAt: formatInZone(h.createdAt, timeZone),
      confirmedAt: h.confirmedAt ? formatInZone(h.confirmedAt, timeZone) : '',
      canConfirm: writable,
      canDelete: writable,
    };
  });
}

function readRows(data: ScopedData, scope: NonNullable<Awaited<ReturnType<typeof handoverScope>>>) {
  return data
    .select({
      h: leaseHandovers,
      contractNumber: contracts.number,
      createdBy: contracts.createdBy,
      salespersonId: contracts.salespersonId,
      renterName: renterOrg.name,
    })
    .from(leaseHandovers, scope)
    .innerJoin(contracts, eq(contracts.id, leaseHandovers.contractId))
    .leftJoin(renterOrg, eq(renterOrg.id, leaseHandovers.renterOrgId));
}

const SORTS = { day: leaseHandovers.day, number: leaseHandovers.number, createdAt: leaseHandovers.createdAt };

const personName = async (data: ScopedData, id: number | null) =>
  id === null
    ? ''
    : ((
        await data
          .unscoped('referencedNames')
          .select({ name: users.name, nickname: users.nickname })
          .from(users)
          .where(eq(users.id, id))
          .all()
      ).map((u) => u.name || u.nickname)[0] ?? '');

async function detailOf(data: ScopedData, user: SessionUser, id: number, timeZone: string): Promise<HandoverDetail> {
  const scope = handoverScope(data, user);
  const row = scope ? await readRows(data, scope).where(eq(leaseHandovers.id, id)).get() : undefined;
  if (!row) throw notFound();
  const [base] = await present(data, user, [row as ReadRow], timeZone);
  const machines = await data
    .unscoped('alreadyScoped')
    .select({
      m: leaseHandoverMachines,
      serial: devices.serialNumber,
      model: nameInSql(deviceModels, data.lang),
      order: workOrders.number,
    })
    .from(leaseHandoverMachines)
    .innerJoin(devices, eq(devices.id, leaseHandoverMachines.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(workOrders, eq(workOrders.id, leaseHandoverMachines.workOrderId))
    .where(eq(leaseHandoverMachines.handoverId, id))
    .orderBy(leaseHandoverMachines.id)
    .all();
  const h = row.h;
  return {
    ...base!,
    siteProvince: h.siteProvince,
    siteCity: h.siteCity,
    siteDistrict: h.siteDistrict,
    remark: h.remark,
    createdByName: await personName(data, h.createdBy),
    confirmedByName: await personName(data, h.confirmedBy),
    machines: machines.map(({ m, serial, model, order }) => ({
      id: m.id,
      lineId: m.lineId,
      deviceId: m.deviceId,
      serialNumber: serial,
      modelName: model ?? '',
      hourMeter: m.hourMeter,
      batteryPct: m.batteryPct,
      readAt: m.readAt ? formatInZone(m.readAt, timeZone) : '',
      photos: m.photos,
      damage: m.damage,
      // The renter's users do not read the lessor's work orders.
      workOrderId: user.orgKind === 'customer' ? null : m.workOrderId,
      workOrderNumber: user.orgKind === 'customer' ? '' : (order ?? ''),
      periodId: m.periodId,
    })),
  };
}

/** What an entry or exit of the contract picks from now. */
async function optionsOf(data: ScopedData, user: SessionUser, contractId: number, kind: 'entry' | 'exit') {
  const c = await writableContract(data, user, contractId);
  const db = data.unscoped('domainRule');
  const lines = await db
    .select({ line: contractLines, serial: devices.serialNumber, model: nameInSql(deviceModels, data.lang) })
    .from(contractLines)
    .leftJoin(devices, eq(devices.id, contractLines.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${contractLines.modelId}, ${devices.modelId})`))
    .where(eq(contractLines.contractId, c.id))
    .orderBy(contractLines.id)
    .all();
  const open = await db
    .select({ period: leasePeriods, serial: devices.serialNumber, model: nameInSql(deviceModels, data.lang) })
    .from(leasePeriods)
    .innerJoin(devices, eq(devices.id, leasePeriods.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(eq(leasePeriods.contractId, c.id), isNull(leasePeriods.endOn)))
    .orderBy(devices.serialNumber)
    .all();
  // The lessor's, in stock, on no lease and reserved by no other contract: what an entry may deliver.
  const stock = async (where: SQL) =>
    (
      await db
        .select({
          deviceId: devices.id,
          serialNumber: devices.serialNumber,
          modelName: nameInSql(deviceModels, data.lang),
        })
        .from(devices)
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .where(and(where, eq(devices.orgId, c.lessorOrgId), deliverable(c.id)))
        .orderBy(devices.serialNumber)
        .limit(500)
        .all()
    ).map((d) => ({ ...d, modelName: d.modelName ?? '' }));
  return {
    contract: {
      id: c.id,
      number: c.number,
      renterName: (await orgNames(data, [c.renterOrgId])).get(c.renterOrgId) ?? '',
      startOn: c.startOn,
      endOn: c.endOn,
      siteProvince: c.siteProvince,
      siteCity: c.siteCity,
      siteDistrict: c.siteDistrict,
      siteAddress: c.siteAddress,
    },
    lines: await mapInOrder(lines, async ({ line, serial, model }) => {
      const mine = open.filter((o) => o.period.lineId === line.id);
      const candidates =
        kind === 'exit'
          ? mine.map((o) => ({ deviceId: o.period.deviceId, serialNumber: o.serial, modelName: o.model ?? '' }))
          : mine.length >= line.count
            ? []
            : line.deviceId !== null
              ? await stock(eq(devices.id, line.deviceId))
              : line.modelId !== null
                ? await stock(eq(devices.modelId, line.modelId))
                : [];
      return {
        lineId: line.id,
        modelName: model ?? '',
        serialNumber: serial ?? '',
        count: line.count,
        onLease: mine.length,
        candidates,
      };
    }),
  };
}

export const leaseHandoverRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, timeZone }) => {
    const scope = handoverScope(data, user);
    if (!scope) return emptyPage(query);
    const where = and(
      eq(leaseHandovers.kind, query.kind),
      query.contractId === undefined ? undefined : eq(leaseHandovers.contractId, query.contractId),
      query.renterId === undefined ? undefined : eq(leaseHandovers.renterOrgId, query.renterId),
      query.state === undefined ? undefined : eq(leaseHandovers.state, query.state),
      query.dayFrom ? sql`${leaseHandovers.day} >= ${query.dayFrom}` : undefined,
      query.dayTo ? sql`${leaseHandovers.day} <= ${query.dayTo}` : undefined,
      query.keyword
        ? or(
            keywordIn(data.dialect, [leaseHandovers.number, contracts.number], query.keyword),
            serialMatches(data.dialect, query.keyword),
          )
        : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      readRows(data, scope).where(where),
      listOrder(query, SORTS, leaseHandovers.id, [desc(leaseHandovers.day), desc(leaseHandovers.id)]),
    );
    return { list: await present(data, user, rows as ReadRow[], timeZone), ...paging };
  }),
  route(api.detail, ({ query, user, data, timeZone }) => detailOf(data, user, query.id, timeZone)),
  route(api.options, ({ query, user, data }) => optionsOf(data, user, query.contractId, query.kind)),
  route(api.create, async ({ body, user, data, deps }) => {
    // Photos are pictures the user's own organisation uploaded (kind photo: jpg/png of at most 500 kb).
    const machines = await mapInOrder(body.machines, async (m, i) => ({
      ...m,
      photos: await mapInOrder(m.photos, (url) =>
        requireUpload(deps, user, url, `machines.${i}.photos`, { kinds: ['photo'] }),
      ),
    }));
    return createHandover(data, user, { ...body, machines }, deps.now());
  }),
  route(api.confirm, async ({ body, user, data, deps, setMessage }) => {
    // An exit's last bill is issued inside the confirmation (decision 036).
    const done = await confirmHandover(
      data,
      user,
      body.id,
      deps.now(),
      async (orgId) => (await orgBrand(deps, data.unscoped('referencedNames'), orgId)).dialCode,
    );
    if (done.workOrders.length > 0) setMessage('handover.workOrdersRaised', { numbers: done.workOrders.join(', ') });
    return done;
  }),
  route(api.remove, async ({ body, user, data }) => {
    await deleteHandover(data, user, body.id);
    return { id: body.id };
  }),
  ...periodRoutes,
];
