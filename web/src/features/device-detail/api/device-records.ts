import { queryOptions } from '@tanstack/react-query';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import type { QueryOf } from '@console/contract/http/endpoint';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of a machine's records: [area, resource, machine, params]. Changes invalidate through these. */
export const recordKeys = {
  deviceLog: (id: number) => ['device-detail', 'deviceLog', id] as const,
  operationLog: (id: number) => ['device-detail', 'operationLog', id] as const,
  sleep: (id: number) => ['device-detail', 'sleep', id] as const,
  files: (id: number) => ['device-detail', 'files', id] as const,
  expenses: (id: number) => ['device-detail', 'expenses', id] as const,
};

export const deviceLogQuery = (query: QueryOf<typeof deviceRecordEndpoints.deviceLog>) =>
  queryOptions({
    queryKey: [...recordKeys.deviceLog(Number(query.deviceId)), query],
    queryFn: ({ signal }) => callApi(deviceRecordEndpoints.deviceLog, { query }, { signal }),
  });

export const operationLogQuery = (query: QueryOf<typeof deviceRecordEndpoints.operationLog>) =>
  queryOptions({
    queryKey: [...recordKeys.operationLog(Number(query.deviceId)), query],
    queryFn: ({ signal }) => callApi(deviceRecordEndpoints.operationLog, { query }, { signal }),
  });

// Background: it is re-read when a command event of the machine arrives.
export const sleepStateQuery = (deviceId: number) =>
  queryOptions({
    queryKey: recordKeys.sleep(deviceId),
    queryFn: ({ signal }) =>
      callApi(deviceRecordEndpoints.sleepState, { query: { deviceId } }, { signal, background: true }),
  });

export const filesQuery = (deviceId: number) =>
  queryOptions({
    queryKey: recordKeys.files(deviceId),
    queryFn: ({ signal }) => callApi(deviceRecordEndpoints.files, { query: { deviceId } }, { signal }),
  });

export const expensesQuery = (query: QueryOf<typeof deviceRecordEndpoints.expenses>) =>
  queryOptions({
    queryKey: [...recordKeys.expenses(Number(query.deviceId)), query],
    queryFn: ({ signal }) => callApi(deviceRecordEndpoints.expenses, { query }, { signal }),
  });
