import { queryOptions } from '@tanstack/react-query';
import { commandEndpoints, type CreateCommandForm } from '@console/contract/http/commands';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import type { QueryOf } from '@console/contract/http/endpoint';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of the area: [area, resource, params]. Live events and commands invalidate through these. */
export const detailKeys = {
  all: ['device-detail'] as const,
  detail: (id: number) => ['device-detail', 'detail', id] as const,
  history: (id: number) => ['device-detail', 'history', id] as const,
  commands: (id: number) => ['device-detail', 'commands', id] as const,
};

type Range = { from: number; to: number };

// Background: live events re-read it often; the page shows its own skeleton on the first load.
export const deviceDetailQuery = (id: number) =>
  queryOptions({
    queryKey: detailKeys.detail(id),
    queryFn: ({ signal }) => callApi(deviceDetailEndpoints.detail, { query: { id } }, { signal, background: true }),
  });

// History calls are background calls: the charts show their own loading and, when refused, the reason.
export const seriesQuery = (id: number, range: Range, period: 1 | 5) =>
  queryOptions({
    queryKey: [...detailKeys.history(id), 'series', range, period],
    queryFn: ({ signal }) =>
      callApi(deviceDetailEndpoints.series, { query: { id, ...range, period } }, { signal, background: true }),
  });

export const recordsQuery = (id: number, range: Range) =>
  queryOptions({
    queryKey: [...detailKeys.history(id), 'records', range],
    queryFn: ({ signal }) =>
      callApi(deviceDetailEndpoints.records, { query: { id, ...range } }, { signal, background: true }),
  });

export const trackQuery = (id: number, range: Range) =>
  queryOptions({
    queryKey: [...detailKeys.history(id), 'track', range],
    queryFn: ({ signal }) =>
      callApi(deviceDetailEndpoints.track, { query: { id, ...range } }, { signal, background: true }),
  });

export const workingHoursQuery = (id: number, range: Range) =>
  queryOptions({
    queryKey: [...detailKeys.history(id), 'workingHours', range],
    queryFn: ({ signal }) =>
      callApi(deviceDetailEndpoints.workingHours, { query: { id, ...range } }, { signal, background: true }),
  });

export const alarmsQuery = (query: QueryOf<typeof deviceDetailEndpoints.alarms> & { id: number }) =>
  queryOptions({
    queryKey: [...detailKeys.history(query.id), 'alarms', query],
    queryFn: ({ signal }) => callApi(deviceDetailEndpoints.alarms, { query }, { signal }),
  });

/** The machine's latest commands of one type (lock/unlock or params), newest first, to follow their state. */
export const latestCommandsQuery = (id: number) =>
  queryOptions({
    queryKey: detailKeys.commands(id),
    queryFn: ({ signal }) =>
      callApi(commandEndpoints.list, { query: { deviceId: id, pageSize: 20 } }, { signal, background: true }),
  });

/**
 * Command this machine through the durable queue. A machine that is offline or asleep gets it when it comes
 * back (decision 010); the caller has asked the user first.
 */
export const commandDevice = (
  id: number,
  command: Omit<CreateCommandForm, 'deviceIds' | 'ttlMinutes' | 'whenOffline'>,
) => callApi(commandEndpoints.create, { body: { deviceIds: [id], ...command } });
