import { queryOptions } from '@tanstack/react-query';
import { CASE_WRITERS, caseEndpoints, type CaseForm } from '@console/contract/http/cases';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: [area, resource, params]. The list is ListPage's (['cases', 'list', ...]). */
export const casesKey = ['cases'] as const;

export const caseQuery = (id: number) =>
  queryOptions({
    queryKey: ['cases', 'detail', id],
    queryFn: ({ signal }) => callApi(caseEndpoints.detail, { query: { id } }, { signal }),
  });

export const createCase = (body: CaseForm) => callApi(caseEndpoints.create, { body }, { silent: true });
export const updateCase = (body: CaseForm & { id: number }) =>
  callApi(caseEndpoints.update, { body }, { silent: true });
export const deleteCase = (id: number) => callApi(caseEndpoints.remove, { body: { id } });

/** May the signed-in user write cases? The server decides too (and which cases). */
export const useIsCaseWriter = () => (CASE_WRITERS as readonly number[]).includes(useSession().roleId);

export const caseDetailUrl = (id: number) => `/approvalManagement/caselibraryDetail?id=${id}`;
