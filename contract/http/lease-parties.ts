import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { approvalRuleInput, renterInput, storeInput } from '../lease/forms.ts';
import { templateField, templateFields } from '../lease/template.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, idParam, paged, pageQuery } from './fields.ts';
import {
  PARTY_MANAGERS,
  PARTY_READERS,
  RENTER_WRITERS,
  SEAL_GRANTERS,
  SETTINGS_READERS,
} from '../access/lease-parties.ts';
import { moneyFormat } from '../codes/money.ts';

/**
 * The lease master data (issue 12; docs/decisions/034-lease-parties.md): renters (customer organisations of a
 * lessor), stores and their machines, automatic approval rules, e-signature templates, seals and the provider's
 * authorisation. The forms are contract/lease/forms.ts, the same the domain validates with.
 */

export const IDENTITY_TYPE_CODE = codeTable('lease-parties:identityType', [
  [1, 'person', 'blue'],
  [2, 'company', 'purple'],
]);
export const REAL_NAME_CODE = codeTable('lease-parties:realName', [
  ['none', 'none', 'default'],
  ['pending', 'pending', 'gold'],
  ['verified', 'verified', 'green'],
  ['rejected', 'rejected', 'red'],
]);
export const PROVIDER_STATE_CODE = codeTable('lease-parties:providerState', [
  ['none', 'none', 'default'],
  ['pending', 'pending', 'gold'],
  ['verified', 'verified', 'green'],
  ['expired', 'expired', 'red'],
]);
export const SEAL_KIND_CODE = codeTable('lease-parties:sealKind', [
  ['official', 'official', 'red'],
  ['contract', 'contract', 'volcano'],
]);

const idAnswer = z.object({ id: z.number().int() });
const realNameState = z.enum(['none', 'pending', 'verified', 'rejected']);

// ---- renters ---------------------------------------------------------------------------------------------------

export const renterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  identityType: z.number().int(),
  idNumber: z.string(),
  realNameState,
  contactName: z.string(),
  areaCode: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  arrearsCents: z.number().int(),
  contractCount: z.number().int(),
  lessorName: z.string(),
  createdAt: z.string(),
  /** The user may change it (its lessor's people who write renters). */
  editable: z.boolean(),
  /** The user may delete it (the managers; the server refuses one with contracts). */
  deletable: z.boolean(),
  /** The currency of its arrears, contracts and balance: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type RenterRow = z.infer<typeof renterRow>;

/**
 * A renter as the form sends it: contract/lease/forms.ts, plus the real-name state the office records. Only the
 * managers (5, 10) set that state: a salesperson's renter starts unverified and their edit keeps the stored state
 * (none once the name or identity changes), whatever the body says (decision 034).
 */
export const renterForm = renterInput.safeExtend({ realNameState: realNameState.default('none') });

export const renterContract = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  storeName: z.string(),
  startOn: z.string(),
  endOn: z.string(),
  totalCents: z.number().int(),
});
export const renterMachine = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  storeName: z.string(),
});

export const renterDetail = z.object({
  renter: renterRow,
  contracts: z.array(renterContract),
  machines: z.array(renterMachine),
  balance: z.object({
    /** Past due, as finance keeps it. */
    arrearsCents: z.number().int(),
    /** The planned total of its contracts in execution. */
    runningCents: z.number().int(),
    /** Deposits of its contracts in execution. */
    depositCents: z.number().int(),
    /** Contracts in execution. */
    running: z.number().int(),
  }),
});

// ---- stores ----------------------------------------------------------------------------------------------------

export const storeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  managerId: z.number().int().nullable(),
  managerName: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  deviceCount: z.number().int(),
  lessorName: z.string(),
  editable: z.boolean(),
});
export type StoreRow = z.infer<typeof storeRow>;

export const storeMachine = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  /** 'stock' or 'leased' (devices.leaseStatus). */
  leaseStatus: z.string(),
});

// ---- automatic approval ----------------------------------------------------------------------------------------

export const ruleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  requireVerifiedRenter: z.boolean(),
  requireNoArrears: z.boolean(),
  maxTotalCents: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
  allowedModels: z.array(z.number().int()),
  orgId: z.number().int(),
  lessorName: z.string(),
  /** Contracts this rule approved. */
  approvedCount: z.number().int(),
  editable: z.boolean(),
});
export type RuleRow = z.infer<typeof ruleRow>;

// ---- e-signature -----------------------------------------------------------------------------------------------

export const templateForm = z.object({
  name: z
    .string({ error: 'lease.templateNameRequired' })
    .trim()
    .min(1, { error: 'lease.templateNameRequired' })
    .max(100, { error: 'validation.tooLong' }),
  lang: z.enum(['zh', 'en']).default('zh'),
  /** An upload of the lessor (pdf, by the uploads area's rules), as its url; '' draws the built-in A4 layout. */
  baseUpload: z.string().trim().max(300).default(''),
  fields: templateFields,
  isDefault: z.boolean().default(false),
});

export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  lang: z.enum(['zh', 'en']),
  baseUpload: z.string(),
  fields: z.array(templateField),
  isDefault: z.boolean(),
  contractCount: z.number().int(),
  lessorName: z.string(),
  createdAt: z.string(),
  editable: z.boolean(),
});
export type TemplateRow = z.infer<typeof templateRow>;

export const sealForm = z.object({
  name: z
    .string({ error: 'lease.sealNameRequired' })
    .trim()
    .min(1, { error: 'lease.sealNameRequired' })
    .max(50, { error: 'validation.tooLong' }),
  kind: z.enum(['official', 'contract'], { error: 'validation.invalid' }).default('contract'),
  sealText: z
    .string({ error: 'lease.sealTextRequired' })
    .trim()
    .min(1, { error: 'lease.sealTextRequired' })
    .max(60, { error: 'validation.tooLong' }),
});

const providerState = z.enum(['none', 'pending', 'verified', 'expired']);

export const sealRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['official', 'contract']),
  sealText: z.string(),
  lessorName: z.string(),
  grants: z.array(
    z.object({ id: z.number().int(), userId: z.number().int(), userName: z.string(), grantedAt: z.string() }),
  ),
  editable: z.boolean(),
});
export type SealRow = z.infer<typeof sealRow>;

export const signerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  roleId: z.number().int(),
  /** The employee's e-signature verification at the provider, as last answered. */
  state: providerState,
  checkedAt: z.string(),
});

export const partyEndpoints = {
  renterList: defineEndpoint({
    method: 'GET',
    path: '/lease/renter/list.do',
    summary: 'Renters (customer organisations) of the lessor, by keyword, identity type and real-name state',
    access: { roles: PARTY_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      /** Found in the name, contact, phone and identity number. */
      keyword: z.string().trim().max(50).optional(),
      identityType: z.coerce.number().int().min(1).max(2).optional(),
      realNameState: realNameState.optional(),
    }),
    body: noInput,
    response: paged(renterRow),
  }),
  renterDetail: defineEndpoint({
    method: 'GET',
    path: '/lease/renter/detail.do',
    summary: 'A renter with its contracts, the machines on lease to it and its balance',
    access: { roles: PARTY_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: renterDetail,
  }),
  renterCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/renter/create.do',
    summary: 'Add a renter: a customer organisation under the lessor',
    access: { roles: RENTER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: renterForm,
    response: idAnswer,
  }),
  renterUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/renter/update.do',
    summary: 'Change a renter of the lessor',
    access: { roles: RENTER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: renterForm.safeExtend({ id: idParam }),
    response: idAnswer,
  }),
  renterDelete: defineEndpoint({
    method: 'POST',
    path: '/lease/renter/delete.do',
    summary: 'Delete a renter that has no contract, no machine on lease and no account',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),

  storeList: defineEndpoint({
    method: 'GET',
    path: '/lease/store/list.do',
    summary: 'Stores (depots) of the lessor',
    access: { roles: PARTY_READERS },
    scope: 'organisation',
    query: pageQuery.extend({ keyword: z.string().trim().max(50).optional() }),
    body: noInput,
    response: paged(storeRow),
  }),
  staff: defineEndpoint({
    method: 'GET',
    path: '/lease/staff.do',
    summary: "The lessor's people (a store's manager is one of them)",
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({
      list: z.array(z.object({ id: z.number().int(), name: z.string(), roleId: z.number().int() })),
    }),
  }),
  storeCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/store/create.do',
    summary: 'Add a store',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: storeInput,
    response: idAnswer,
  }),
  storeUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/store/update.do',
    summary: 'Change a store',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: storeInput.safeExtend({ id: idParam }),
    response: idAnswer,
  }),
  storeDelete: defineEndpoint({
    method: 'POST',
    path: '/lease/store/delete.do',
    summary: 'Delete a store no contract names (its machines then belong to no store)',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),
  storeMachines: defineEndpoint({
    method: 'GET',
    path: '/lease/store/machines.do',
    summary: 'The machines of a store',
    access: { roles: PARTY_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({ list: z.array(storeMachine) }),
  }),
  storeAddMachines: defineEndpoint({
    method: 'POST',
    path: '/lease/store/addMachines.do',
    summary: 'Put machines of the lessor in a store (a machine belongs to one store: it leaves its former one)',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      storeId: idParam,
      deviceIds: z
        .array(z.number().int().positive(), { error: 'lease.machinesRequired' })
        .min(1, { error: 'lease.machinesRequired' })
        .max(200, { error: 'validation.tooLong' }),
    }),
    response: z.object({ added: z.number().int() }),
  }),
  storeRemoveMachine: defineEndpoint({
    method: 'POST',
    path: '/lease/store/removeMachine.do',
    summary: 'Take a machine out of a store',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ storeId: idParam, deviceId: idParam }),
    response: idAnswer,
  }),

  ruleList: defineEndpoint({
    method: 'GET',
    path: '/lease/approvalRule/list.do',
    summary: 'Automatic approval rules, by company in the order they are tried',
    access: { roles: SETTINGS_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(ruleRow) }),
  }),
  ruleCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/approvalRule/create.do',
    summary: 'Add an automatic approval rule (last in the order)',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: approvalRuleInput,
    response: idAnswer,
  }),
  ruleUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/approvalRule/update.do',
    summary: 'Change an automatic approval rule (its place in the order stays)',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: approvalRuleInput.safeExtend({ id: idParam }),
    response: idAnswer,
  }),
  ruleEnable: defineEndpoint({
    method: 'POST',
    path: '/lease/approvalRule/enable.do',
    summary: 'Switch an automatic approval rule on or off',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, enabled: z.boolean() }),
    response: idAnswer,
  }),
  ruleReorder: defineEndpoint({
    method: 'POST',
    path: '/lease/approvalRule/reorder.do',
    summary: "The company's rules in their new order (every rule of the company, each once)",
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) }),
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  ruleDelete: defineEndpoint({
    method: 'POST',
    path: '/lease/approvalRule/delete.do',
    summary: 'Delete an automatic approval rule (the contracts it approved keep its name in their timeline)',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),

  templateList: defineEndpoint({
    method: 'GET',
    path: '/lease/template/list.do',
    summary: 'E-signature contract templates of the lessor',
    access: { roles: SETTINGS_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(templateRow) }),
  }),
  templateCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/template/create.do',
    summary: 'Add a template: a pdf of the lessor or the built-in layout, and its named field positions',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: templateForm,
    response: idAnswer,
  }),
  templateUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/template/update.do',
    summary: 'Change a template',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: templateForm.extend({ id: idParam }),
    response: idAnswer,
  }),
  templateDelete: defineEndpoint({
    method: 'POST',
    path: '/lease/template/delete.do',
    summary: 'Delete a template no contract uses',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),

  sealList: defineEndpoint({
    method: 'GET',
    path: '/lease/seal/list.do',
    summary: "The company's seals with their grants, and its employees with their e-signature verification",
    access: { roles: SETTINGS_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(sealRow), signers: z.array(signerRow) }),
  }),
  sealCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/seal/create.do',
    summary: 'Register a company seal',
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: sealForm,
    response: idAnswer,
  }),
  sealGrant: defineEndpoint({
    method: 'POST',
    path: '/lease/seal/grant.do',
    summary: "Grant a seal to an employee (only after the employee's e-signature verification)",
    access: { roles: SEAL_GRANTERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ sealId: idParam, userId: idParam }),
    response: idAnswer,
  }),
  sealRevoke: defineEndpoint({
    method: 'POST',
    path: '/lease/seal/revoke.do',
    summary: 'Revoke a grant of a seal',
    access: { roles: SEAL_GRANTERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),
  providerStatus: defineEndpoint({
    method: 'GET',
    path: '/lease/esign/status.do',
    summary: "The lessors' authorisation at the e-signature provider, as last answered",
    access: { roles: SETTINGS_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    /** The user's own lessor; for the operator's staff, every lessor. */
    response: z.object({
      list: z.array(
        z.object({
          orgId: z.number().int(),
          orgName: z.string(),
          state: providerState,
          expiresOn: z.string().nullable(),
          checkedAt: z.string(),
          providerAccountId: z.string(),
        }),
      ),
    }),
  }),
  providerRefresh: defineEndpoint({
    method: 'POST',
    path: '/lease/esign/refresh.do',
    summary: "Ask the provider again for the company's authorisation or an employee's verification",
    access: { roles: PARTY_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ kind: z.enum(['org', 'user']), userId: z.number().int().positive().nullable().default(null) }),
    response: z.object({ state: providerState, expiresOn: z.string().nullable() }),
  }),
} as const;
