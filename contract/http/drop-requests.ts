import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, idParam, pageQuery, paged, savedId } from './fields.ts';
import { DROP_DECIDERS } from '../access/drop-requests.ts';

export const DROP_STATE = codeTable('drop-requests:states', [
  ['pending', 'pending', 'gold'],
  ['done', 'done', 'green'],
  ['rejected', 'rejected', 'red'],
]);
export type DropState = (typeof DROP_STATE.values)[number];

export const dropRequestRow = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  /** The account's name and number while it exists; once anonymised, what is left of them (nothing). */
  name: z.string(),
  mobile: z.string(),
  areaCode: z.string(),
  orgName: z.string(),
  roleId: z.number().int(),
  reason: z.string(),
  state: z.enum(DROP_STATE.values),
  refusal: z.string(),
  decidedByName: z.string(),
  decidedAt: z.string(),
  /** The requester was told the outcome by text message. */
  notified: z.boolean(),
  createdAt: z.string(),
});
export type DropRequestRow = z.infer<typeof dropRequestRow>;

export const dropDecision = z
  .object({
    id: idParam,
    approve: z.boolean(),
    /** Required when refusing: it is sent to the requester. */
    refusal: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  })
  // Reads what was sent unchecked (acrossFields): each value's type is tested.
  .refine((v) => v.approve !== false || typeof v.refusal !== 'string' || v.refusal.trim().length > 0, {
    path: ['refusal'],
    error: 'dropRequests.refusalRequired',
    ...acrossFields,
  });

export const dropRequestEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/dropRequest/list.do',
    summary: 'Account deletion requests, pending first, by state and keyword (name, phone)',
    access: { roles: DROP_DECIDERS },
    scope: 'organisation',
    query: pageQuery.extend({
      state: z.enum(DROP_STATE.values).optional(),
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(dropRequestRow),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/dropRequest/decide.do',
    summary:
      'Approve a pending deletion request (the account is anonymised, its sessions end) or refuse it with a ' +
      'reason; the requester is told by text message',
    access: { roles: DROP_DECIDERS },
    scope: 'organisation',
    query: noInput,
    body: dropDecision,
    response: savedId,
  }),
} as const;
