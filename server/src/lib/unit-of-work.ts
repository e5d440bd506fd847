import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { appReleases } from '@console/db/schema/app-releases';
import { devices } from '@console/db/schema/devices';
import { controllers, gpsGateways, virtualHosts } from '@console/db/schema/peripherals';
import { simCards } from '@console/db/schema/sim-cards';
import { uniqueViolation } from '@console/db/unique-violation';
import { ApiError, conflict, invalidField } from './errors.ts';

/**
 * Writes that belong together, and the checks they depend on, as one transaction: all of them or none. The work
 * waits for nothing but its own statements: slow work (hashing a password, storing a file, asking a provider) is
 * done before, because on SQLite every other request's statements wait while it runs (db/gate.ts), and on a server
 * database it holds its connection. Handlers use this instead of the driver's own transaction. A unique index the
 * work runs into answers its proper refusal (asConflict, applied to every route by runRoute).
 */
export async function unitOfWork<T>(db: Db, work: (tx: Db) => Promise<T> | T): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/** What running into each unique index means to the user: the same refusal the handler's own check gives. */
const UNIQUE_INDEXES = [
  { table: users, index: 'users_phone', refuse: () => invalidField('mobile', 'auth.accountExists') },
  { table: devices, index: 'devices_serial', refuse: () => invalidField('serialNumber', 'devices.serialTaken') },
  { table: simCards, index: 'sim_cards_iccid', refuse: () => invalidField('iccid', 'simCards.iccidTaken') },
  {
    table: virtualHosts,
    index: 'virtual_hosts_org_number',
    refuse: () => invalidField('hostNumber', 'virtualHosts.numberTaken'),
  },
  {
    table: controllers,
    index: 'controllers_serial',
    refuse: () => invalidField('serialNumber', 'controllers.serialTaken'),
  },
  { table: gpsGateways, index: 'gps_gateways_imei', refuse: () => invalidField('imei', 'gpsGateways.imeiTaken') },
  { table: appReleases, index: 'app_releases_version', refuse: () => invalidField('version', 'appReleases.notNewer') },
];
const TABLES = [...new Set(UNIQUE_INDEXES.map((u) => u.table))];

/**
 * A write that ran into a unique index (another request took the value first) as the refusal its check gives,
 * or a general "changed meanwhile" conflict; null for any other error. Used for writes outside a unit of work too.
 */
export function asConflict(error: unknown): ApiError | null {
  if (error instanceof ApiError) return null;
  const index = uniqueViolation(error, TABLES);
  if (index === null) return null;
  return UNIQUE_INDEXES.find((u) => u.index === index)?.refuse() ?? conflict('error.taken');
}
