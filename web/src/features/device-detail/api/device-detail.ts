import { commandEndpoints, type CreateCommandForm } from '@console/contract/http/commands';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

type Range = { from: number; to: number };

// Background: live events re-read it often; the page shows its own skeleton on the first load.
export const deviceDetailQuery = (id: number) =>
  endpointQuery(deviceDetailEndpoints.detail, { id }, { background: true });

// History calls are background calls: the charts show their own loading and, when refused, the reason.
export const seriesQuery = (id: number, range: Range, period: 1 | 5) =>
  endpointQuery(deviceDetailEndpoints.series, { id, ...range, period }, { background: true });

export const recordsQuery = (id: number, range: Range) =>
  endpointQuery(deviceDetailEndpoints.records, { id, ...range }, { background: true });

export const trackQuery = (id: number, range: Range) =>
  endpointQuery(deviceDetailEndpoints.track, { id, ...range }, { background: true });

export const workingHoursQuery = (id: number, range: Range) =>
  endpointQuery(deviceDetailEndpoints.workingHours, { id, ...range }, { background: true });

/** The machine's latest commands of one type (lock/unlock or params), newest first, to follow their state. */
export const latestCommandsQuery = (id: number) =>
  endpointQuery(commandEndpoints.list, { deviceId: id, pageSize: 20 }, { background: true });

/**
 * Command this machine through the durable queue. A machine that is offline or asleep gets it when it comes
 * back (decision 010); the caller has asked the user first. The machine's commands are re-read after.
 */
export function useCommandDevice(id: number) {
  const create = useEndpointMutation(commandEndpoints.create, { invalidates: [commandEndpoints.list] });
  return (command: Omit<CreateCommandForm, 'deviceIds' | 'ttlMinutes' | 'whenOffline'>) =>
    create.mutateAsync({ body: { deviceIds: [id], ...command } });
}
