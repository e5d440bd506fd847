import type { RouteDef } from '../../lib/route.ts';
import { expenseRoutes } from './expenses.ts';
import { fileRoutes } from './files.ts';

/** Keeping a file with a machine, the one way (the monitor's snapshots too). */
export { addDeviceFile } from './files.ts';
import { logRoutes } from './logs.ts';
import { sleepRoutes } from './sleep.ts';

/** The records of a machine on its detail page: device and operation logs, sleep and wake, files, expenses. */
export const deviceRecordRoutes: RouteDef[] = [...logRoutes, ...sleepRoutes, ...fileRoutes, ...expenseRoutes];
