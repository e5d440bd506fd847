import { z } from 'zod';
import { BUSINESS_MODEL } from '../codes/business-models.ts';
import { CONTRACT_STATUS } from '../codes/contract-status.ts';
import { codeTable } from '../codes/code-table.ts';
import type { LEASE_ACTIONS } from '../codes/lease-flow.ts';
import { LEASE_EVENTS, LEASE_MANAGER_ROLES, LEASE_STATUSES } from '../codes/lease-flow.ts';
import { contractDraftInput } from '../lease/forms.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, idParam, paged, pageQuery } from './fields.ts';
import { fileRef } from './uploads.ts';
import { CONTRACT_READERS, CONTRACT_WRITERS } from '../access/lease-contracts.ts';
import { moneyFormat } from '../codes/money.ts';
import { movedDays } from './availability.ts';

/**
 * The lease contract screens (issue 12; docs/decisions/029 for the domain, 033 for the screens): the list with its
 * counts by status, the form, the detail with the moves of the state machine, signing, files, the PDF and the
 * public export link. Money is integer cents.
 */

/**
 * Contract statuses as the console shows them: the draft (0, not coded by the spec), the spec's 1-9, and a contract
 * the lessor cancelled before it was signed (10).
 */
export const LEASE_STATUS_TABLE = codeTable('contractStatus', [
  [0, 'draft', 'default'],
  ...CONTRACT_STATUS.codes.map((c) => [c.value, c.key.slice('contractStatus.'.length), c.color] as const),
  [10, 'cancelled', 'default'],
]);

/** The moves a person takes from the console (the others are the system's and the provider's). */
export const USER_ACTIONS = [
  'submit',
  'withdraw',
  'approve',
  'reject',
  'startSigning',
  'cancelSigning',
  'close',
  'terminate',
  'cancel',
] as const satisfies readonly (typeof LEASE_ACTIONS)[number][];
export type UserAction = (typeof USER_ACTIONS)[number];

const statusParam = z.coerce
  .number()
  .int()
  .refine((v) => (LEASE_STATUSES as number[]).includes(v), { error: 'validation.invalid' })
  .optional();
const dayParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'lease.invalidDay' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The list's filters (the counts by status take the same, without the status). */
export const contractFilters = z.object({
  /** Found in the number, the renter's name or the site (project) address. */
  keyword: z.string().trim().max(50).optional(),
  businessModel: z.coerce
    .number()
    .int()
    .refine((v) => BUSINESS_MODEL.get(v) !== undefined, { error: 'lease.businessModelInvalid' })
    .optional(),
  renterId: z.coerce.number().int().positive().optional(),
  storeId: z.coerce.number().int().positive().optional(),
  /** The contract's salesperson (a user of the lessor). */
  salespersonId: z.coerce.number().int().positive().optional(),
  /** A machine on one of its lines whose serial number contains this text. */
  serial: z.string().trim().max(50).optional(),
  /** The start day within this range (both ends included). */
  startFrom: dayParam,
  startTo: dayParam,
});

export const contractRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  renterId: z.number().int(),
  renterName: z.string(),
  storeName: z.string(),
  salespersonName: z.string(),
  /** The site's street line, as the form edits it. */
  siteAddress: z.string(),
  /** The whole site as its country writes it (contract/formats/address.ts), as lists show it. */
  site: z.string(),
  startOn: z.string(),
  endOn: z.string(),
  totalCents: z.number().int(),
  /** The business models of its lines. */
  businessModels: z.array(z.number().int()),
  machineCount: z.number().int(),
  createdAt: z.string(),
  /** The moves the signed-in person may take now (the state machine and who they are). */
  actions: z.array(z.enum(USER_ACTIONS)),
  editable: z.boolean(),
  /** The currency of its prices and amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type ContractRow = z.infer<typeof contractRow>;

export const contractLineRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  serialNumber: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  count: z.number().int(),
  businessModel: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  /** Hours included (tenths of an hour, per billed day or per month) and the overtime price per hour (decision 070). */
  allowanceTenths: z.number().int().nullable(),
  overtimeCents: z.number().int().nullable(),
  amountCents: z.number().int(),
  /** The days the line holds when a change added or ended it (decision 041); null: the contract's own. */
  fromOn: z.string().nullable(),
  untilOn: z.string().nullable(),
});
export type ContractLineRow = z.infer<typeof contractLineRow>;

export const contractEventRow = z.object({
  id: z.number().int(),
  action: z.enum(LEASE_EVENTS),
  actor: z.enum(['user', 'system', 'provider']),
  userName: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  reason: z.string(),
  day: z.string().nullable(),
  /** The automatic approval rule that approved, the signer the provider named. */
  ruleName: z.string(),
  signer: z.string(),
  /** A change that came into force (`changed`, decision 041): the detail links to it. */
  changeId: z.number().int().nullable(),
  changeNumber: z.string(),
  /** A reschedule: the days before and after. */
  days: movedDays.nullable().optional(),
  at: z.string(),
});
export type ContractEventRow = z.infer<typeof contractEventRow>;

export const contractFileRow = z.object({
  id: z.number().int(),
  kind: z.enum(['original', 'attachment']),
  fileName: z.string(),
  url: z.string(),
  createdAt: z.string(),
});

export const signingRow = z.object({
  state: z.string(),
  lesseeUrl: z.string(),
  lessorUrl: z.string(),
  updatedAt: z.string(),
});

export const contractDetail = contractRow.extend({
  lessorName: z.string(),
  storeId: z.number().int(),
  salespersonId: z.number().int().nullable(),
  siteProvince: z.string(),
  siteCity: z.string(),
  siteDistrict: z.string(),
  depositCents: z.number().int(),
  billingDay: z.number().int(),
  dueDays: z.number().int(),
  remark: z.string(),
  lang: z.enum(['zh', 'en']),
  templateId: z.number().int().nullable(),
  endedOn: z.string().nullable(),
  ruleName: z.string(),
  lines: z.array(contractLineRow),
  events: z.array(contractEventRow),
  files: z.array(contractFileRow),
  signing: signingRow.nullable(),
  /** The seals the person may sign with (for starting a signing). */
  seals: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The person may add files (the lessor's writers). */
  canAttach: z.boolean(),
  /** Its changes the person sees, newest first (decision 041). */
  changes: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: z.number().int(), effectiveOn: z.string() }),
  ),
  /** The person may write a change of it (in execution, and they write contracts for its lessor). */
  canChange: z.boolean(),
  /** The person may move its days now (LEASE_RESCHEDULE: a contract, not a change, not yet in review). */
  movable: z.boolean(),
  /** Its public links that open it now (none once it has ended: they no longer open it). */
  publicLinks: z.number().int(),
  /** A public link can be made (the contract has not ended). */
  canMakeLink: z.boolean(),
  /** The person may revoke its public links (a manager, 5 or 10, of its lessor; at any status). */
  canRevokeLinks: z.boolean(),
});
export type ContractDetail = z.infer<typeof contractDetail>;

const option = z.object({ id: z.number().int(), name: z.string() });
export const contractOptions = z.object({
  renters: z.array(option),
  stores: z.array(option),
  salespeople: z.array(option),
  /** Machines of the company in stock that no contract in review, approved, signing or running holds. */
  /** `modelId` finds the lease price list's default price of the machine's model (decision 049). */
  machines: z.array(
    option.extend({ serialNumber: z.string(), modelName: z.string(), modelId: z.number().int().nullable() }),
  ),
  models: z.array(option),
  /** The currency a new contract of the user's company is written in: the company's brand's money (decision 064). */
  money: moneyFormat,
});
export type ContractOptions = z.infer<typeof contractOptions>;

/** What the public export page shows (no ids of people, no timeline). */
export const contractExportView = z.object({
  number: z.string(),
  status: z.number().int(),
  lessorName: z.string(),
  renterName: z.string(),
  storeName: z.string(),
  siteAddress: z.string(),
  startOn: z.string(),
  endOn: z.string(),
  depositCents: z.number().int(),
  billingDay: z.number().int(),
  dueDays: z.number().int(),
  totalCents: z.number().int(),
  remark: z.string(),
  lines: z.array(contractLineRow.omit({ id: true, deviceId: true, modelId: true, fromOn: true, untilOn: true })),
  expiresAt: z.string(),
  /** The currency of its prices and amounts: its lessor's brand's money, whatever brand's address opens the link. */
  money: moneyFormat,
});

const file = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });
const byToken = z.object({ token: z.string().trim().max(100).default('') });

export const moveInput = z.object({
  id: idParam,
  action: z.enum(USER_ACTIONS, { error: 'validation.invalid' }),
  reason: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  day: z.string().trim().max(10).optional(),
  sealId: z.number().int().positive().optional(),
});

export const leaseContractEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/contract/list.do',
    summary: 'Contracts the user sees, by status, business model, renter, store, start days and text, paged',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: pageQuery.extend(contractFilters.shape).extend({ status: statusParam }),
    body: noInput,
    response: paged(contractRow),
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/contract/counts.do',
    summary: 'How many contracts the user sees in each status, under the list’s other filters',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: contractFilters,
    body: noInput,
    response: z.object({
      total: z.number().int(),
      counts: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
    }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/contract/detail.do',
    summary: 'One contract: terms, lines, timeline, files, signing and the moves the user may take',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: contractDetail,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/contract/options.do',
    summary: 'What the contract form picks from: the company’s renters, stores, salespeople, machines in stock, models',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: contractOptions,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/contract/create.do',
    summary: 'Save a new contract as a draft of the user’s company (its total priced on the server)',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: contractDraftInput,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/contract/update.do',
    summary: 'Change the terms of a draft, withdrawn or rejected contract (`id` in the query)',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: byId,
    body: contractDraftInput,
    response: z.object({ id: z.number().int() }),
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/contract/move.do',
    summary:
      'Take a move of the state machine: submit, withdraw, approve, reject (reason), startSigning (seal), ' +
      'cancelSigning (reason), close (day), terminate (reason and day)',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: moveInput,
    response: z.object({
      status: z.number().int(),
      ruleName: z.string().nullable(),
      /** A submit held for a manager whatever the rules say: why, in the request's language (decision 029). */
      held: z.string().nullable().default(null),
      signing: z.object({ lesseeUrl: z.string(), lessorUrl: z.string() }).nullable(),
    }),
  }),
  askSigning: defineEndpoint({
    method: 'POST',
    path: '/contract/askSigning.do',
    summary:
      "Ask the e-signature provider how a contract's (or a change's) signing stands and take what the server missed " +
      '(a callback lost on the way): the signatures or the refusal it reports move the contract as their callbacks would',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({
      status: z.number().int(),
      /** Events the provider reported that the server had not taken yet. */
      learned: z.number().int(),
    }),
  }),
  attach: defineEndpoint({
    method: 'POST',
    path: '/contract/attachFile.do',
    summary: 'Attach an uploaded pdf (kind pdf of /upload/file.do) as the original or an attachment',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      id: idParam,
      kind: z.enum(['original', 'attachment'], { error: 'validation.invalid' }),
      url: fileRef.refine((v) => v !== '', { error: 'lease.fileInvalid' }),
      fileName: z.string().trim().max(200).default(''),
    }),
    response: z.object({ id: z.number().int() }),
  }),
  pdfLink: defineEndpoint({
    method: 'POST',
    path: '/contract/pdfLink.do',
    summary:
      'A download of the contract’s PDF as it stands: a link of a few minutes, read with /contract/exportPdf.do ' +
      '(the PDF travels once, where it is asked for)',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ token: z.string() }),
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/contract/exportLink.do',
    summary:
      'A new public, expiring link to the contract’s document (/contract/export?token=), while the contract has ' +
      'not ended',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ token: z.string(), expiresAt: z.string() }),
  }),
  revokeLinks: defineEndpoint({
    method: 'POST',
    path: '/contract/revokeLinks.do',
    summary:
      'Revoke every public link of the contract (a manager of its lessor, at any status): the old tokens open ' +
      'nothing from then on; a new link can be made while the contract has not ended',
    access: { roles: LEASE_MANAGER_ROLES },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ revoked: z.number().int() }),
  }),
  exportView: defineEndpoint({
    method: 'GET',
    path: '/contract/exportView.do',
    summary:
      'The contract a public link opens, without signing in; a wrong, expired or revoked link is refused, and so is ' +
      'any link of a contract that has ended (closed or terminated)',
    access: 'public',
    scope: 'public',
    query: byToken,
    body: noInput,
    response: contractExportView,
  }),
  exportPdf: defineEndpoint({
    method: 'GET',
    path: '/contract/exportPdf.do',
    summary:
      'The PDF of the contract a public link opens while it has not ended, or a reader’s download link of minutes ' +
      '(base64 `content`)',
    access: 'public',
    scope: 'public',
    query: byToken,
    body: noInput,
    response: file,
  }),
} as const;
