import type { z } from 'zod';
import { FAULT_RAISERS, FAULT_WRITERS, faultEndpoints } from '@console/contract/http/faults';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: the list is ListPage's (['faults', 'list', ...]). */
export const faultsKey = ['faults'] as const;

type Body<K extends keyof typeof faultEndpoints> = z.output<(typeof faultEndpoints)[K]['body']>;
export const createFault = (body: Body<'create'>) => callApi(faultEndpoints.create, { body }, { silent: true });
export const updateFault = (body: Body<'update'>) => callApi(faultEndpoints.update, { body }, { silent: true });
export const repairFault = (body: Body<'repair'>) => callApi(faultEndpoints.repair, { body }, { silent: true });
export const raiseFaultWorkOrder = (id: number) => callApi(faultEndpoints.raiseWorkOrder, { body: { id } });

export const useIsFaultWriter = () => (FAULT_WRITERS as readonly number[]).includes(useSession().roleId);
export const useIsFaultRaiser = () => (FAULT_RAISERS as readonly number[]).includes(useSession().roleId);
