import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@console/contract/http/endpoint';
import { deviceEndpoints } from '@console/contract/http/devices';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of the area: [area, resource, params]. The lists are ListPage's (area 'devices'). */
export const devicesKey = ['devices', 'list'] as const;
export const modelsKey = ['devices', 'models'] as const;

/** Choices for filters and forms; they change only when the registry does. */
export const deviceOptionsQuery = () =>
  queryOptions({
    queryKey: ['devices', 'options'],
    queryFn: ({ signal }) => callApi(deviceEndpoints.options, {}, { background: true, signal }),
    staleTime: 60000,
  });

export const deviceQuery = (id: number) =>
  queryOptions({
    queryKey: ['devices', 'detail', id],
    queryFn: ({ signal }) => callApi(deviceEndpoints.get, { query: { id } }, { signal }),
  });

/** After a change of the registry: the lists, the choices and the record itself. */
export const refreshDevices = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: devicesKey }),
    queryClient.invalidateQueries({ queryKey: ['devices', 'options'] }),
    queryClient.invalidateQueries({ queryKey: ['devices', 'detail'] }),
  ]);

export const refreshModels = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: modelsKey }),
    queryClient.invalidateQueries({ queryKey: ['devices', 'options'] }),
  ]);

// Silent: the forms show a refusal on its field.
export const createDevice = (body: BodyOf<typeof deviceEndpoints.create>) =>
  callApi(deviceEndpoints.create, { body }, { silent: true });

export const updateDevice = (body: BodyOf<typeof deviceEndpoints.update>) =>
  callApi(deviceEndpoints.update, { body }, { silent: true });

// Not silent: a refusal (a machine of another company) is toasted.
export const resetDeviceSecret = (id: number) => callApi(deviceEndpoints.resetSecret, { body: { id } });

export const assignDistributor = (ids: number[], distributorId: number | null) =>
  callApi(deviceEndpoints.assignDistributor, { body: { ids, distributorId } }, { silent: true });

export const createModel = (body: BodyOf<typeof deviceModelEndpoints.create>) =>
  callApi(deviceModelEndpoints.create, { body }, { silent: true });

export const updateModel = (body: BodyOf<typeof deviceModelEndpoints.update>) =>
  callApi(deviceModelEndpoints.update, { body }, { silent: true });

export const deleteModel = (id: number) => callApi(deviceModelEndpoints.delete, { body: { id } });
