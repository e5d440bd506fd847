import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { FAULT_TYPE } from '../codes/service.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, optionalText, requiredText } from './fields.ts';
import { recordEndpoints } from './records.ts';
import { CASE_READERS, CASE_WRITERS } from '../access/cases.ts';

/**
 * The expert library (spec /approvalManagement/caselibrary): fault cases that technicians read when they repair
 * a machine, and that a work order lists as the cases that fit it (docs/decisions/019-maintenance-records.md).
 */

export type FaultType = (typeof FAULT_TYPE.values)[number];
export const FAULT_TYPES = FAULT_TYPE.values as unknown as [FaultType, ...FaultType[]];

/** One or more fault types (FAULT_TYPE), each at most once. */
export const faultTypeList = z
  .array(z.enum(FAULT_TYPES, { error: 'validation.invalid' }), { error: 'maintenance.faultTypesRequired' })
  .min(1, { error: 'maintenance.faultTypesRequired' })
  .max(FAULT_TYPES.length, { error: 'validation.tooLong' })
  .transform((list) => [...new Set(list)]);

/** Fault types in a query string: comma-separated (`hydraulic,electrical`); unknown words are dropped. */
export const faultTypesParam = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((text) => (text ?? '').split(',').filter((v): v is FaultType => FAULT_TYPE.get(v) !== undefined));

export const caseForm = z.object({
  machineKind: z.enum(MACHINE_KINDS, { error: 'cases.machineKindRequired' }),
  faultTypes: faultTypeList,
  title: requiredText(100),
  symptom: requiredText(2000),
  cause: requiredText(2000),
  solution: requiredText(4000),
  parts: optionalText(500).default(''),
});
export type CaseForm = z.infer<typeof caseForm>;

export const caseRow = z.object({
  id: z.number().int(),
  machineKind: z.enum(MACHINE_KINDS),
  faultTypes: z.array(z.string()),
  title: z.string(),
  symptom: z.string(),
  cause: z.string(),
  solution: z.string(),
  parts: z.string(),
  authorName: z.string(),
  orgName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The user's organisation keeps this case (edit and delete). */
  editable: z.boolean(),
});
export type CaseRow = z.infer<typeof caseRow>;

export const caseMatch = z.object({
  id: z.number().int(),
  title: z.string(),
  machineKind: z.enum(MACHINE_KINDS),
  faultTypes: z.array(z.string()),
  /** Higher fits better: the same machine kind, shared fault types, words of the text found in the case. */
  score: z.number(),
});
export type CaseMatch = z.infer<typeof caseMatch>;

export const caseEndpoints = {
  ...recordEndpoints({
    base: '/cases',
    names: { one: 'a case of the expert library', many: 'cases of the expert library' },
    read: { roles: CASE_READERS },
    write: { roles: CASE_WRITERS },
    scope: 'organisation',
    filters: {
      machineKind: z.enum(MACHINE_KINDS).optional(),
      faultType: z.enum(FAULT_TYPES).optional(),
      /** Found in the title, symptom, cause, solution or parts. */
      keyword: z.string().trim().max(50).optional(),
    },
    row: caseRow,
    form: caseForm,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/cases/detail.do',
    summary: 'One case',
    access: { roles: CASE_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: caseRow,
  }),
  match: defineEndpoint({
    method: 'GET',
    path: '/cases/match.do',
    summary: 'The cases that fit a work order (machine kind, fault types, text), best first',
    access: { roles: CASE_READERS },
    scope: 'organisation',
    query: z.object({
      machineKind: z.enum(MACHINE_KINDS).optional(),
      faultTypes: faultTypesParam,
      text: z.string().trim().max(500).optional(),
      limit: z.coerce.number().int().min(1).max(20).default(5),
    }),
    body: noInput,
    response: z.object({ list: z.array(caseMatch) }),
  }),
} as const;
