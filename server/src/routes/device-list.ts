import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn, type SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { ScopedData } from '../lib/data.ts';
import type { Dialect } from '@console/db/dialect';
import { deviceModels, devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { subleases } from '@console/db/schema/lease-sublease';
import { deviceConditions } from '@console/contract/codes/device-conditions';
import type { DeviceStatus } from '@console/contract/codes/device-status';
import { LOCK_LEVELS } from '@console/contract/mqtt/payloads';
import type { DeviceRow, deviceListQuery } from '@console/contract/http/devices';
import type { z } from 'zod';
import { RENEWAL_DAYS } from '@console/contract/codes/finance';
import { addDaysToDay, daysBetween } from '@console/contract/http/upkeep';
import { listOrder, preparedListPage } from '../lib/list-page.ts';
import { containsPattern, matches } from '../lib/search.ts';
import { binding, inline, type Binder } from '../lib/binding.ts';
import { formatInZone } from '../lib/time.ts';
import { nameInSql } from '../lib/org-brand.ts';
import { organisations } from '@console/db/schema/accounts';
import { deviceRead, keepsMachineOf } from '../lib/device-access.ts';
import { notFound } from '../lib/errors.ts';

type Device = typeof devices.$inferSelect;
type ListQuery = z.output<typeof deviceListQuery>;

const LOCKED = ['lock1', 'lock2'] as const;

/**
 * A status code as a filter over the stored sides of the state, the SQL twin of hasStatus() in
 * contract/codes/device-state.ts (a test holds the two together): a locked machine with an open alarm is
 * found under 1, 4 and 8 alike.
 */
export function statusFilter(code: DeviceStatus): SQL {
  const running = and(eq(devices.online, true), eq(devices.machineOnline, true))!;
  switch (code) {
    case 1:
      return eq(devices.online, true);
    case 2:
      return eq(devices.online, false);
    case 3:
      return and(running, eq(devices.activity, 'standby'))!;
    case 4:
      return inArray(devices.lockLevel, LOCKED);
    case 5:
      return not(inArray(devices.lockLevel, LOCKED));
    case 6:
      return and(running, eq(devices.activity, 'working'))!;
    case 7:
      return and(running, eq(devices.activity, 'stopped'))!;
    case 8:
      return eq(devices.alarmOpen, true);
    case 9:
      return and(eq(devices.online, true), eq(devices.machineOnline, false))!;
  }
}

/**
 * Service expiring within `days` (nested windows: 30 includes 7), or 0: already stopped. Expiry days are the last
 * day of service, judged on the viewer's `today` (decision 026): expiring today is within 1 day, yesterday's has
 * stopped. Days compare as text.
 */
export function expiryFilter(
  days: number,
  today: string,
  column: AnySQLiteColumn = devices.serviceExpiresAt,
  bind: Binder = inline,
): SQL {
  if (days === 0) return lt(column, bind.value('expiredBefore', today));
  return and(
    gte(column, bind.value('expiresFrom', today)),
    lte(column, bind.value('expiresBy', addDaysToDay(today, days - 1))),
  )!;
}

/** The tightest renewal window an expiry day falls in on `today` (1, 7, 15, 30 days, 0 stopped), or null. */
export function renewalWindow(expiresOn: string | null, today: string): number | null {
  if (!expiresOn) return null;
  const left = daysBetween(today, expiresOn);
  if (left < 0) return 0;
  return RENEWAL_DAYS.find((days) => left < days) ?? null;
}

const SORT_COLUMNS: Record<string, AnySQLiteColumn> = {
  serialNumber: devices.serialNumber,
  hostName: devices.hostName,
  kind: devices.kind,
  status: devices.status,
  serviceExpiresAt: devices.serviceExpiresAt,
  installedAt: devices.installedAt,
  lastReportAt: devices.lastReportAt,
  workingHours: devices.workingHours,
};

/**
 * The device list's filters (the list and its map view, dashboard positions); the scope is the caller's. `bind`
 * makes the values placeholders of a prepared read (listDevices).
 */
export function listWhere(
  dialect: Dialect,
  q: Omit<ListQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>,
  today: string,
  bind: Binder = inline,
): SQL | undefined {
  const contains = (name: string, columns: AnySQLiteColumn[], text: string | undefined) => {
    if (!text) return undefined;
    const pattern = bind.value(name, containsPattern(text));
    return or(...columns.map((column) => matches(dialect, column, pattern)));
  };
  return and(
    contains('serialNumber', [devices.serialNumber], q.serialNumber),
    contains('hostSerial', [devices.hostSerial], q.hostSerial),
    contains('name', [devices.hostName, devices.deviceName], q.name),
    q.modelId ? eq(devices.modelId, bind.value('modelId', q.modelId)) : undefined,
    q.kind ? eq(devices.kind, bind.value('kind', q.kind)) : undefined,
    q.brand ? eq(devices.brand, bind.value('brand', q.brand)) : undefined,
    q.status ? bind.shaped(`status${q.status}`, statusFilter(q.status)) : undefined,
    q.signal ? signalFilter(q.signal, bind) : undefined,
    q.leaseStatus
      ? eq(devices.leaseStatus, bind.value('leaseStatus', q.leaseStatus === 2 ? 'leased' : 'stock'))
      : undefined,
    q.inventoryState
      ? eq(devices.inventoryState, bind.value('inventoryState', q.inventoryState === 2 ? 'installed' : 'inventory'))
      : undefined,
    q.customerId ? eq(devices.customerOrgId, bind.value('customerId', q.customerId)) : undefined,
    q.distributorId ? eq(devices.distributorOrgId, bind.value('distributorId', q.distributorId)) : undefined,
    q.fenceId ? eq(devices.fenceId, bind.value('fenceId', q.fenceId)) : undefined,
    q.expiry !== undefined ? expiryFilter(q.expiry, today, devices.serviceExpiresAt, bind) : undefined,
  );
}

/** The signal a row shows (toRow): none while off line, else the one reported. */
function signalFilter(signal: Device['signal'], bind: Binder): SQL {
  if (signal === 'none') return bind.shaped('signalNone', or(eq(devices.online, false), eq(devices.signal, 'none'))!);
  return and(eq(devices.online, true), eq(devices.signal, bind.value('signal', signal)))!;
}

interface RowContext {
  timeZone: string;
  today: string;
  /** Who reads, to judge which rows they may change (keepsMachineOf). */
  data: ScopedData;
  user: Parameters<typeof keepsMachineOf>[1];
}

const ownerOrg = alias(organisations, 'device_owner');
const customerOrg = alias(organisations, 'device_customer');
const distributorOrg = alias(organisations, 'device_distributor');

/**
 * The machines a scoped read of whole rows answers, with the names they refer to in the reader's language (their
 * model's, organisations', fence's, and the sub-lessor's of one rented in now), in one statement: the list's page and
 * its names go to the database in one round trip (on PostgreSQL, to another process that waits for a core on a busy
 * host; docs/decisions/067). The read is a derived table under the table's own name, so the device columns and a
 * list's order apply to it as written; the tables joined to it are small, so a page of machines is read once. (The
 * names as subqueries by id were planned faster but answered the list more slowly under ingest: the addendum.)
 * `beside` are further columns of the same statement (the list's count).
 */
function withNames<B extends Record<string, SQL>>(data: ScopedData, machines: SQLiteSelect, beside = {} as B) {
  // Where a rented-in machine came from, through the sub-leases' scope on the lessor: its renters never learn it.
  const rentedFrom = data
    .select({ name: nameInSql(organisations, data.lang) })
    .from(subleases, data.orgScope(subleases.orgId))
    .innerJoin(organisations, eq(organisations.id, subleases.sublessorOrgId))
    .where(and(eq(subleases.state, 'renting'), eq(subleases.deviceId, devices.id)))
    .limit(1);
  return data
    .select({
      ...getTableColumns(devices),
      modelName: nameInSql(deviceModels, data.lang),
      // Every name the model is known by, to recognise a host type typed as one of them (hostTypeOf).
      modelNames: { name: deviceModels.name, nameZh: deviceModels.nameZh, nameEn: deviceModels.nameEn },
      ownerName: nameInSql(ownerOrg, data.lang),
      ownerKind: ownerOrg.kind,
      customerName: nameInSql(customerOrg, data.lang),
      distributorName: nameInSql(distributorOrg, data.lang),
      fenceName: sql<string>`coalesce(${fences.name}, '')`,
      rentedFrom: sql<string>`coalesce(${rentedFrom}, '')`,
      ...beside,
    })
    .from(machines.as('devices'), data.deviceScope())
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(ownerOrg, eq(ownerOrg.id, devices.orgId))
    .leftJoin(customerOrg, eq(customerOrg.id, devices.customerOrgId))
    .leftJoin(distributorOrg, eq(distributorOrg.id, devices.distributorOrgId))
    .leftJoin(fences, eq(fences.id, devices.fenceId));
}

type NamedDevice = Awaited<ReturnType<ReturnType<typeof withNames<Record<never, SQL>>>['all']>>[number];

/**
 * The host type a machine shows: the form suggests its model's name, so a host type that is one of the model's names
 * is shown as the model's name in the reader's language; any other text as typed.
 */
function hostTypeOf(d: NamedDevice): string {
  const names = d.modelNames ? [d.modelNames.name, d.modelNames.nameZh, d.modelNames.nameEn].filter(Boolean) : [];
  return names.includes(d.hostType) ? d.modelName : d.hostType;
}

function toRow(d: NamedDevice, ctx: RowContext): DeviceRow {
  return {
    id: d.id,
    serialNumber: d.serialNumber,
    hostSerial: d.hostSerial,
    hostName: d.hostName,
    deviceName: d.deviceName,
    hostType: hostTypeOf(d),
    brand: d.brand,
    kind: d.kind,
    modelId: d.modelId,
    modelName: d.modelName,
    machineNumber: d.machineNumber,
    gpsSerial: d.gpsSerial,
    positioning: d.positioning,
    licensePlate: d.licensePlate,
    engineNumber: d.engineNumber,
    frameNumber: d.frameNumber,
    installedAt: d.installedAt ?? '',
    location: d.location,
    // An off-line machine has no signal now; the detail gives the last known one with its time (decision 062).
    signal: d.online ? d.signal : 'none',
    inventoryState: d.inventoryState === 'installed' ? 2 : 1,
    leaseStatus: d.leaseStatus === 'leased' ? 2 : 1,
    serviceExpiresAt: d.serviceExpiresAt ?? '',
    renewal: renewalWindow(d.serviceExpiresAt, ctx.today),
    ownerId: d.orgId,
    ownerName: d.ownerName,
    customerId: d.customerOrgId,
    customerName: d.customerName,
    distributorId: d.distributorOrgId,
    distributorName: d.distributorName,
    status: d.status,
    alarmOpen: d.alarmOpen,
    // LOCK_LEVELS run from unlocked to the second-level lock, as the codes 0-4 of LOCK_LEVEL do.
    lockLevel: LOCK_LEVELS.indexOf(d.lockLevel),
    online: d.online,
    sleeping: d.sleeping,
    lastReportAt: d.lastReportAt ? formatInZone(d.lastReportAt, ctx.timeZone) : '',
    workingHours: d.workingHours,
    rentedFrom: d.rentedFrom,
    fenceId: d.fenceId,
    fenceName: d.fenceName,
    conditions: deviceConditions(d, ctx.today),
    editable: keepsMachineOf(ctx.data, ctx.user, { id: d.orgId, kind: d.ownerKind }),
  };
}

/**
 * A machine the user sees as the registry shows it, with its stored row (the detail reads both in one round trip);
 * else "not found", so others' serials cannot be probed.
 */
export async function presentedDevice(
  data: ScopedData,
  user: Parameters<typeof keepsMachineOf>[1],
  id: number,
  timeZone: string,
  today: string,
): Promise<{ device: NamedDevice; row: DeviceRow }> {
  const [device] = await withNames(data, deviceRead(data, id)).all();
  if (!device) throw notFound();
  return { device, row: toRow(device, { timeZone, today, data, user }) };
}

export async function listDevices(
  data: ScopedData,
  user: Parameters<typeof keepsMachineOf>[1],
  q: ListQuery,
  timeZone: string,
  today: string,
) {
  // The console's most asked list: its queries are prepared once per shape of filter and sort (preparedListPage).
  const filter = binding();
  const where = listWhere(data.dialect, q, today, filter);
  // Which rows the user may change is judged on each row's owner, read with the page: no statement of its own.
  const { rows, ...paging } = await preparedListPage(
    data,
    q,
    { shape: `devices:${filter.shape()}:${q.sortField ?? ''}:${q.sortOrder ?? ''}`, values: filter.values },
    () => ({
      rows: data.select().from(devices, data.deviceScope()).where(where),
      // Newest registrations first unless the user sorts; the id keeps pages stable among equal values.
      order: listOrder(q, SORT_COLUMNS, devices.id, [desc(devices.id)]),
      // The page with its names and the list's count, in the list's order again: a join keeps no order of its own.
      present: (page, order, total) => withNames(data, page, { listTotal: total }).orderBy(...order),
    }),
  );
  return { list: rows.map((row) => toRow(row, { timeZone, today, data, user })), ...paging };
}
