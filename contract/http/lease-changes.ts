import { z } from 'zod';
import { CHANGE_KINDS, CHANGE_OPS } from '../codes/contract-change.ts';
import { OTHER_KIND_STATUS } from '../codes/contract-status.ts';
import { codeTable } from '../codes/code-table.ts';
import { LEASE_STATUSES } from '../codes/lease-flow.ts';
import { changeDraftInput } from '../lease/change-forms.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, paged, pageQuery } from './fields.ts';
import { contractEventRow, signingRow, USER_ACTIONS } from './lease-contracts.ts';
import { CONTRACT_READERS, CONTRACT_WRITERS } from '../access/lease-contracts.ts';
import { moneyFormat } from '../codes/money.ts';

/**
 * Contract changes (issue 14; docs/decisions/041-contract-changes.md): the change record with its filters and
 * export, the form against a contract in execution, and the detail. A change takes the contract's moves through
 * `/contract/move.do` (the same state machine, automatic approval and signing); who reads and writes is the
 * contract's rule. Money is integer cents.
 */

/** A change's statuses: the draft (0) and the codes of other kinds (8 "completed", green). */
export const CHANGE_STATUS_TABLE = codeTable('contractStatus', [
  [0, 'draft', 'default'],
  ...OTHER_KIND_STATUS.codes.map((c) => [c.value, c.key.slice('contractStatus.'.length), c.color] as const),
]);

/** The moves a person takes on a change: a contract's, but a change ends with its contract. */
export const CHANGE_USER_ACTIONS = USER_ACTIONS.filter((a) => a !== 'close' && a !== 'terminate');

const dayParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'lease.invalidDay' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const changeFilters = z.object({
  /** Found in the change's number, its contract's number or the renter's name. */
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => (LEASE_STATUSES as number[]).includes(v), { error: 'validation.invalid' })
    .optional(),
  /** The changes of one contract (its detail links here). */
  contractId: z.coerce.number().int().positive().optional(),
  /** What it changes: adds, removes, reprices, or moves the end date. */
  kind: z.enum(CHANGE_KINDS, { error: 'validation.invalid' }).optional(),
  effectiveFrom: dayParam,
  effectiveTo: dayParam,
});

export const changeRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterName: z.string(),
  effectiveOn: z.string(),
  /** The contract's planned end after the change, and whether the change moves it. */
  endOn: z.string(),
  movesEnd: z.boolean(),
  kinds: z.array(z.enum(CHANGE_KINDS)),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  actions: z.array(z.enum(USER_ACTIONS)),
  editable: z.boolean(),
  /** The currency of its prices and amounts: its contract's lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type ChangeRow = z.infer<typeof changeRow>;

const terms = z.object({
  businessModel: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  /** Hours included and the overtime price per hour (decision 070). */
  allowanceTenths: z.number().int().nullable(),
  overtimeCents: z.number().int().nullable(),
});

export const changeLineRow = terms.extend({
  id: z.number().int(),
  op: z.enum(CHANGE_OPS),
  /** The contract's line it removes or reprices. */
  lineId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  serialNumber: z.string(),
  modelName: z.string(),
  count: z.number().int(),
  amountCents: z.number().int(),
  /** The line's terms before a repricing. */
  before: terms.nullable(),
});
export type ChangeLineRow = z.infer<typeof changeLineRow>;

export const changeDetail = changeRow.extend({
  remark: z.string(),
  /** The contract's planned end before the change (as it was when the change was written or last read). */
  contractEndOn: z.string(),
  contractStatus: z.number().int(),
  ruleName: z.string(),
  lines: z.array(changeLineRow),
  events: z.array(contractEventRow),
  signing: signingRow.nullable(),
  seals: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ChangeDetail = z.infer<typeof changeDetail>;

/** A line of the contract as it stands now, for the form's removals and repricings. */
export const currentLine = terms.extend({
  id: z.number().int(),
  serialNumber: z.string(),
  modelName: z.string(),
  count: z.number().int(),
  fromOn: z.string().nullable(),
});

export const changeOptions = z.object({
  /** Contracts in execution the person may change. */
  contracts: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      renterName: z.string(),
      startOn: z.string(),
      endOn: z.string(),
    }),
  ),
  /** The chosen contract's lines in force. */
  lines: z.array(currentLine),
  /** The currency a change of the user's company is written in: the company's brand's money (decision 064). */
  money: moneyFormat,
});
export type ChangeOptions = z.infer<typeof changeOptions>;

export const leaseChangeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/contractChange/list.do',
    summary: 'Contract changes the user sees, by status, contract, kind, effective days and text, paged',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: pageQuery.extend(changeFilters.shape),
    body: noInput,
    response: paged(changeRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/contractChange/detail.do',
    summary: 'One change: what it changes from which day, its timeline, signing and the moves the user may take',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: changeDetail,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/contractChange/options.do',
    summary: 'What the change form picks from: contracts in execution, and the chosen one’s lines in force',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: z.object({ contractId: z.coerce.number().int().positive().optional() }),
    body: noInput,
    response: changeOptions,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/contractChange/create.do',
    summary: 'Save a new change of a contract in execution as a draft (moves through /contract/move.do)',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: changeDraftInput,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/contractChange/update.do',
    summary: 'Change a draft, withdrawn or rejected change (`id` in the query)',
    access: { roles: CONTRACT_WRITERS },
    scope: 'organisation',
    query: byId,
    body: changeDraftInput,
    response: z.object({ id: z.number().int() }),
  }),
};
