import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@console/contract/http/endpoint';
import { alarmRuleEndpoints } from '@console/contract/http/alarm-rules';
import { warningEndpoints } from '@console/contract/http/warning';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Query keys of the area: [area, resource, params]. Every key starts with 'warning', so a live alarm event
 * (lib/live-events.ts) refreshes the bell, the alarm centre's list and an open alarm's details at once.
 */
export const alarmsKey = ['warning', 'alarms'] as const;

export const alarmOptionsQuery = () =>
  queryOptions({
    queryKey: ['warning', 'options'],
    queryFn: ({ signal }) => callApi(warningEndpoints.options, {}, { background: true, signal }),
    staleTime: 60000,
  });

export const alarmDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['warning', 'detail', id],
    queryFn: ({ signal }) => callApi(warningEndpoints.detail, { query: { id } }, { signal }),
  });

export const alarmRulesQuery = (orgId: number | undefined) =>
  queryOptions({
    queryKey: ['warning', 'rules', orgId ?? null],
    queryFn: ({ signal }) => callApi(alarmRuleEndpoints.list, { query: orgId ? { orgId } : {} }, { signal }),
  });

/** After acknowledging or handling: the lists, the bell and any open details. */
export const refreshAlarms = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['warning'] });

export const acknowledgeAlarms = (ids: number[]) => callApi(warningEndpoints.acknowledge, { body: { ids } });

// Silent: the dialog shows a refusal on its field.
export const handleAlarms = (body: BodyOf<typeof warningEndpoints.handle>) =>
  callApi(warningEndpoints.handle, { body }, { silent: true });

export const saveAlarmRule = (body: BodyOf<typeof alarmRuleEndpoints.save>) =>
  callApi(alarmRuleEndpoints.save, { body }, { silent: true });

export const resetAlarmRule = (body: BodyOf<typeof alarmRuleEndpoints.reset>) =>
  callApi(alarmRuleEndpoints.reset, { body });
