import { z } from 'zod';
import { ADMIN_ROLES } from '../codes/roles.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged } from './fields.ts';
import { technicianProfileForm } from './work-order-forms.ts';
import { WORK_ORDER_KEEPERS } from '../access/work-orders.ts';

/**
 * The technicians page (spec /warning/worker): the maintenance technicians (role 7) of the organisations whose
 * machines the user keeps, with the region they cover, their skills and their work orders.
 */
export const technicianRow = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  region: z.string(),
  skills: z.array(z.string()),
  /** Work orders assigned to them and not resolved. */
  open: z.number().int(),
  /** Work orders assigned to them and resolved. */
  finished: z.number().int(),
  /** The user may change the region and skills (an administrator of the technician's organisation). */
  editable: z.boolean(),
});
export type TechnicianRow = z.infer<typeof technicianRow>;

export const technicianEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/technician/list.do',
    summary: 'Technicians of the organisations whose machines the user keeps, with their open and finished orders',
    access: { roles: WORK_ORDER_KEEPERS },
    scope: 'organisation',
    query: pageQuery.extend({ keyword: z.string().trim().max(40).optional() }),
    body: noInput,
    response: paged(technicianRow),
  }),
  saveProfile: defineEndpoint({
    method: 'POST',
    path: '/technician/profile.do',
    summary: "Set a technician's region and skills (administrators of the technician's organisation)",
    access: { roles: ADMIN_ROLES },
    scope: 'organisation',
    query: noInput,
    body: technicianProfileForm,
    response: technicianRow,
  }),
} as const;
