import type { QueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf } from '@console/contract/http/endpoint';
import { employeeEndpoints } from '@console/contract/http/employees';
import { callApi } from '../../../lib/api-client.ts';

/** The list's query key prefix ([area, resource]); every change below refreshes it. */
export const employeesKey = ['employees', 'list'] as const;

export const refreshEmployees = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: employeesKey });

/** Silent: the form shows a refusal on its field. */
export const createEmployee = (body: BodyOf<typeof employeeEndpoints.create>) =>
  callApi(employeeEndpoints.create, { body }, { silent: true });

export const editEmployee = (query: QueryOf<typeof employeeEndpoints.editUser>) =>
  callApi(employeeEndpoints.editUser, { query }, { silent: true });

/** Not silent: a refusal (one's own account, another organisation) is toasted. */
export const setEmployeesDisabled = (uids: number[], disabled: boolean) =>
  callApi(employeeEndpoints.setDisabled, { body: { uids, disabled } });
