import { deviceEndpoints } from '@console/contract/http/devices';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Choices for filters and forms; they change only when the registry does. */
export const deviceOptionsQuery = () => ({
  ...endpointQuery(deviceEndpoints.options, {}, { background: true }),
  staleTime: 60000,
});

/** What a change of the registry changes: the lists, the choices and the record itself. */
export const DEVICE_READS = [
  deviceEndpoints.list,
  deviceEndpoints.options,
  deviceEndpoints.get,
  deviceOverviewEndpoints.list,
  deviceOverviewEndpoints.figures,
];

/** What a change of the device types changes: their list and the choices that name them. */
export const MODEL_READS = [deviceModelEndpoints.list, deviceEndpoints.options];
