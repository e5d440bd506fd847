import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** A change of a machine's sleep state (sleep, wake, a cancelled command) shows in its state and its operation log. */
export const SLEEP_READS = [deviceRecordEndpoints.sleepState, deviceRecordEndpoints.operationLog];

/** A change of a machine's expenses shows in their list, the ledger's totals and the machine's operation log. */
export const EXPENSE_READS = [
  deviceRecordEndpoints.expenses,
  deviceRecordEndpoints.expenseSummary,
  deviceRecordEndpoints.operationLog,
];

// Background: it is re-read when a command event of the machine arrives.
export const sleepStateQuery = (deviceId: number) =>
  endpointQuery(deviceRecordEndpoints.sleepState, { deviceId }, { background: true });
