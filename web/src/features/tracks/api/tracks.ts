import { queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '@console/contract/http/endpoint';
import { trackEndpoints } from '@console/contract/http/tracks';
import { callApi } from '../../../lib/api-client.ts';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { downloadFile } from '../../../components/export-list.ts';

export type TrackParams = QueryOf<typeof trackEndpoints.history>;

/** Query keys of the area: [area, resource, params]. A track in the past does not change: read it once. */
export const trackQuery = (params: TrackParams) =>
  queryOptions({
    queryKey: ['tracks', 'history', params],
    queryFn: ({ signal }) => callApi(trackEndpoints.history, { query: params }, { signal }),
    retry: retryNetworkOnly,
    staleTime: 60_000,
  });

/** The same track as a CSV or KML file, written by the server, handed to the browser as a download. */
export async function exportTrack(params: TrackParams, format: 'csv' | 'kml'): Promise<void> {
  const file = await callApi(trackEndpoints.export, { query: { ...params, format } });
  downloadFile(file.fileName, file.content, file.mimeType);
}
