/**
 * The PostgreSQL tables of the one schema: every table of every module of db/schema, converted (convert.ts). Read by
 * drizzle-kit for db/migrations-pg (drizzle.pg.config.ts) and by the test that keeps those migrations current.
 */
import { getTableName, is } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getViewConfig, SQLiteTable, SQLiteView } from 'drizzle-orm/sqlite-core';
import * as accounts from '../schema/accounts.ts';
import * as activities from '../schema/activities.ts';
import * as alarmRules from '../schema/alarm-rules.ts';
import * as apiKeys from '../schema/api-keys.ts';
import * as notificationsSchema from '../schema/notifications.ts';
import * as analysis from '../schema/analysis.ts';
import * as appReleases from '../schema/app-releases.ts';
import * as approvals from '../schema/approvals.ts';
import * as banners from '../schema/banners.ts';
import * as cases from '../schema/cases.ts';
import * as charges from '../schema/charges.ts';
import * as coupons from '../schema/coupons.ts';
import * as deviceRecords from '../schema/device-records.ts';
import * as deposits from '../schema/deposits.ts';
import * as payables from '../schema/payables.ts';
import * as devices from '../schema/devices.ts';
import * as faults from '../schema/faults.ts';
import * as feedback from '../schema/feedback.ts';
import * as fences from '../schema/fences.ts';
import * as handoverNotes from '../schema/handover-notes.ts';
import * as invoices from '../schema/invoices.ts';
import * as leaseBilling from '../schema/lease-billing.ts';
import * as leaseEsign from '../schema/lease-esign.ts';
import * as leaseHandover from '../schema/lease-handover.ts';
import * as leasePeriods from '../schema/lease-periods.ts';
import * as leaseSublease from '../schema/lease-sublease.ts';
import * as lease from '../schema/lease.ts';
import * as lessors from '../schema/lessors.ts';
import * as monitor from '../schema/monitor.ts';
import * as onlinePayments from '../schema/online-payments.ts';
import * as people from '../schema/people.ts';
import * as peripherals from '../schema/peripherals.ts';
import * as processes from '../schema/processes.ts';
import * as products from '../schema/products.ts';
import * as quotes from '../schema/quotes.ts';
import * as quality from '../schema/quality.ts';
import * as renewals from '../schema/renewals.ts';
import * as risk from '../schema/risk.ts';
import * as shopOrders from '../schema/shop-orders.ts';
import * as simCards from '../schema/sim-cards.ts';
import * as technicians from '../schema/technicians.ts';
import * as terms from '../schema/terms.ts';
import * as upkeep from '../schema/upkeep.ts';
import * as warning from '../schema/warning.ts';
import * as workOrders from '../schema/work-orders.ts';
import { toPgTable } from './convert.ts';

export { toPgTable } from './convert.ts';

/**
 * Every module of db/schema by its file name. drizzle.config.ts takes the folder by glob (`./schema/*.ts`); an ES
 * module can only list its imports, so tests/integration/db-pg/schema.test.ts holds this list to the folder.
 */
export const schemaModules: Record<string, Record<string, unknown>> = {
  accounts,
  activities,
  'alarm-rules': alarmRules,
  'api-keys': apiKeys,
  notifications: notificationsSchema,
  analysis,
  'app-releases': appReleases,
  approvals,
  banners,
  cases,
  charges,
  coupons,
  'device-records': deviceRecords,
  deposits,
  payables,
  devices,
  faults,
  feedback,
  fences,
  'handover-notes': handoverNotes,
  invoices,
  'lease-billing': leaseBilling,
  'lease-esign': leaseEsign,
  'lease-handover': leaseHandover,
  'lease-periods': leasePeriods,
  'lease-sublease': leaseSublease,
  lease,
  lessors,
  monitor,
  'online-payments': onlinePayments,
  people,
  peripherals,
  processes,
  products,
  quotes,
  quality,
  renewals,
  risk,
  'shop-orders': shopOrders,
  'sim-cards': simCards,
  technicians,
  terms,
  upkeep,
  warning,
  'work-orders': workOrders,
};

/**
 * The sqlite tables of the given modules by table name. A view the migrations of both engines create by hand
 * (`.existing()`) is skipped; any other view, or two tables of one name, stop the conversion.
 */
export function sqliteTablesOf(modules: Record<string, Record<string, unknown>>): Map<string, SQLiteTable> {
  const tables = new Map<string, SQLiteTable>();
  for (const [file, exports] of Object.entries(modules))
    for (const [key, value] of Object.entries(exports)) {
      if (is(value, SQLiteView) && getViewConfig(value).isExisting) continue;
      if (is(value, SQLiteView)) throw new Error(`db/schema/${file}.ts: views have no PostgreSQL conversion (${key})`);
      if (!is(value, SQLiteTable)) continue;
      const name = getTableName(value);
      const known = tables.get(name);
      if (known && known !== value) throw new Error(`db/schema/${file}.ts: a second table named ${name} (${key})`);
      tables.set(name, value);
    }
  return tables;
}

/** Every table of db/schema in its PostgreSQL form, by table name. */
export const pgTables: Record<string, PgTable> = Object.fromEntries(
  [...sqliteTablesOf(schemaModules)].map(([name, table]) => [name, toPgTable(table)]),
);
