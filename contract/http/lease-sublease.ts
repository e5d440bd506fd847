import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { BUSINESS_MODEL } from '../codes/business-models.ts';
import { requiredPrices } from '../codes/lease-pricing.ts';
import { moneyFormat, moneyTotal } from '../codes/money.ts';
import { cents, leaseDay, renterInput } from '../lease/forms.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, areaCode, byId, idParam, isValidPhone, paged, pageQuery } from './fields.ts';
import { SUBLEASE_MANAGERS, SUBLEASE_READERS, SUBLEASE_RECORD_READERS } from '../access/lease-sublease.ts';

/**
 * Sub-leasing (issue 14; docs/decisions/042-sub-leasing.md): sub-lessors, the companies a rental company rents
 * machines from, and sub-leases, the machines it rents in from them. A rented-in machine joins the company's
 * fleet for the sub-lease and goes back to its sub-lessor on return, which is refused while it is leased out.
 * A sub-lessor's people (role 11 in the sub-lessor's organisation) read their own sub-leases and the state of the
 * machines they lent, nothing else.
 */

/** The sub-lease's states, declared once: rented in, then returned to the sub-lessor (never back). */
export const SUBLEASE_STATE = codeTable('lease-sublease:state', [
  ['renting', 'renting', 'green'],
  ['returned', 'returned', 'default'],
]);
/** Whether a machine rented in is out with a renter now, as a badge. */
export const LEASED_OUT_CODE = codeTable('lease-sublease:leasedOut', [
  [1, 'yes', 'orange'],
  [0, 'no', 'default'],
]);
export type SubleaseStateValue = (typeof SUBLEASE_STATE.values)[number];
export const SUBLEASE_FLOW = {
  /** The terms (end day, prices, remark) change while the machine is rented in. */
  edit: { from: ['renting'] },
  /** The machine goes back to the sub-lessor: refused while it is leased out or promised to a contract. */
  return: { from: ['renting'], to: 'returned' },
} as const satisfies Record<string, { from: readonly SubleaseStateValue[]; to?: SubleaseStateValue }>;
export type SubleaseAction = keyof typeof SUBLEASE_FLOW;
export const subleaseAllows = (action: SubleaseAction, state: string) =>
  (SUBLEASE_FLOW[action].from as readonly string[]).includes(state);

const idAnswer = z.object({ id: z.number().int() });

// ---- sub-lessors -----------------------------------------------------------------------------------------------

/** A sub-lessor as the form sends it: the renter's fields (decision 034) and its bank details. */
export const sublessorForm = renterInput
  .safeExtend({
    name: z
      .string({ error: 'sublease.nameRequired' })
      .trim()
      .min(1, { error: 'sublease.nameRequired' })
      .max(100, { error: 'validation.tooLong' }),
    bankName: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
    bankAccountName: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
    bankAccount: z
      .string()
      .trim()
      .max(40, { error: 'validation.tooLong' })
      .refine((v) => v === '' || /^[\d ]{8,40}$/.test(v), { error: 'sublease.bankAccountInvalid' })
      .default(''),
    remark: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
    /**
     * A mobile under its area code, as sign-in takes it (a mainland one under +86, an Australian one under +61, ...):
     * an account of role 11 is opened for it in the sub-lessor (create only; '' none).
     */
    accountMobile: z.string().trim().max(15).default(''),
    accountAreaCode: areaCode,
  })
  .refine(
    (v) =>
      typeof v.accountMobile !== 'string' ||
      v.accountMobile === '' ||
      isValidPhone(v.accountMobile, v.accountAreaCode ?? '86'),
    { path: ['accountMobile'], error: 'validation.phone', ...acrossFields },
  );

export const sublessorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  identityType: z.number().int(),
  idNumber: z.string(),
  contactName: z.string(),
  areaCode: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccount: z.string(),
  remark: z.string(),
  /** Machines rented in now, and every sub-lease's cost. */
  renting: z.number().int(),
  costCents: z.number().int(),
  lessorName: z.string(),
  createdAt: z.string(),
  editable: z.boolean(),
  /** The currency of its sub-leases' prices and cost: the lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type SublessorRow = z.infer<typeof sublessorRow>;

// ---- sub-leases ------------------------------------------------------------------------------------------------

export const subleaseRow = z.object({
  id: z.number().int(),
  number: z.string(),
  sublessorId: z.number().int(),
  sublessorName: z.string(),
  lessorName: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  kind: z.string(),
  state: z.enum(SUBLEASE_STATE.values),
  startOn: z.string(),
  endOn: z.string(),
  returnedOn: z.string(),
  businessModel: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  costCents: z.number().int(),
  remark: z.string(),
  /** The machine's state as its sub-lessor may see it: status code 1-9, online, last report, on lease or not. */
  status: z.number().int(),
  online: z.boolean(),
  lastReportAt: z.string(),
  leasedOut: z.boolean(),
  createdAt: z.string(),
  /** The user may change the terms and return the machine. */
  editable: z.boolean(),
  /** The currency of its prices and cost: the lessor's (the company renting the machine in) brand's money. */
  money: moneyFormat,
});
export type SubleaseRow = z.infer<typeof subleaseRow>;

/** The terms of a sub-lease: period and price by business model (the contract line's rule, decision 029). */
const terms = z.object({
  startOn: leaseDay,
  endOn: leaseDay,
  businessModel: z.number({ error: 'lease.businessModelInvalid' }).refine((v) => BUSINESS_MODEL.get(v), {
    error: 'lease.businessModelInvalid',
  }),
  dayCents: cents.nullable().default(null),
  monthCents: cents.nullable().default(null),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
});
const endNotBeforeStart = (v: unknown) => {
  const { startOn, endOn } = v as { startOn?: unknown; endOn?: unknown };
  return typeof startOn !== 'string' || typeof endOn !== 'string' || endOn >= startOn;
};
const endAfterStart = { path: ['endOn'], error: 'lease.endBeforeStart', ...acrossFields };

export const rentedInMachine = z.object({
  serialNumber: z
    .string({ error: 'sublease.serialRequired' })
    .trim()
    .min(1, { error: 'sublease.serialRequired' })
    .max(40, { error: 'validation.tooLong' }),
  deviceName: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  modelId: z.number({ error: 'sublease.modelRequired' }).int().positive({ error: 'sublease.modelRequired' }),
});

/** Rent machines in (/leaseCenter/addSubDevice): one sub-lease per machine, on the same terms. */
export const subleaseCreateForm = terms
  .extend({
    sublessorId: z
      .number({ error: 'sublease.sublessorRequired' })
      .int()
      .positive({ error: 'sublease.sublessorRequired' }),
    /** The store the machines join (null: none). */
    storeId: z.number().int().positive().nullable().default(null),
    machines: z
      .array(rentedInMachine, { error: 'lease.machinesRequired' })
      .min(1, { error: 'lease.machinesRequired' })
      .max(50, { error: 'validation.tooLong' }),
  })
  .refine(endNotBeforeStart, endAfterStart)
  .refine(
    (v) => {
      const machines = (v as { machines?: unknown }).machines;
      if (!Array.isArray(machines)) return true;
      const serials = machines.map((m) => String((m as { serialNumber?: unknown })?.serialNumber ?? '').trim());
      return new Set(serials).size === serials.length;
    },
    { path: ['machines'], error: 'sublease.duplicateSerial', ...acrossFields },
  )
  .superRefine(pricesOfModel);

export const subleaseUpdateForm = terms
  .extend({ id: idParam })
  .refine(endNotBeforeStart, endAfterStart)
  .superRefine(pricesOfModel);

/** The same rule as a contract line's (decision 029): the prices the business model shows are required. */
function pricesOfModel(
  v: { businessModel: number; dayCents: number | null; monthCents: number | null },
  ctx: z.RefinementCtx,
) {
  const needs = requiredPrices(v.businessModel);
  if (needs.includes('day') && !v.dayCents) {
    ctx.addIssue({ code: 'custom', path: ['dayCents'], message: 'lease.dayPriceRequired' });
  }
  if (needs.includes('month') && !v.monthCents) {
    ctx.addIssue({ code: 'custom', path: ['monthCents'], message: 'lease.monthPriceRequired' });
  }
}

export const subleaseReturnForm = z.object({ id: idParam, day: leaseDay });

export const subleaseDetail = z.object({
  sublease: subleaseRow,
  /** The company's contracts that leased the machine out (empty for a sub-lessor: they are not theirs). */
  contracts: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: z.number().int(),
      renterName: z.string(),
      startOn: z.string(),
      endOn: z.string(),
    }),
  ),
});

const subleaseFilter = pageQuery.extend({
  /** Found in the number, the machine's serial and name, and the sub-lessor's name. */
  keyword: z.string().trim().max(50).optional(),
  sublessorId: z.coerce.number().int().positive().optional(),
  state: z.enum(SUBLEASE_STATE.values, { error: 'validation.invalid' }).optional(),
});

export const subleaseEndpoints = {
  sublessorList: defineEndpoint({
    method: 'GET',
    path: '/lease/sublessor/list.do',
    summary: 'Sub-lessors of the lessor (companies it rents machines from), by keyword and identity type',
    access: { roles: SUBLEASE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      identityType: z.coerce.number().int().min(1).max(2).optional(),
    }),
    body: noInput,
    response: paged(sublessorRow),
  }),
  sublessorDetail: defineEndpoint({
    method: 'GET',
    path: '/lease/sublessor/detail.do',
    summary: 'A sub-lessor with its sign-in accounts',
    access: { roles: SUBLEASE_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({
      sublessor: sublessorRow,
      accounts: z.array(z.object({ id: z.number().int(), name: z.string(), areaCode: z.string(), mobile: z.string() })),
    }),
  }),
  sublessorCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/sublessor/create.do',
    summary: 'Add a sub-lessor: an organisation under the lessor, with a sign-in account when a mobile is given',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: sublessorForm,
    response: idAnswer,
  }),
  sublessorUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/sublessor/update.do',
    summary: 'Change a sub-lessor of the lessor',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: sublessorForm.safeExtend({ id: idParam }),
    response: idAnswer,
  }),
  sublessorDelete: defineEndpoint({
    method: 'POST',
    path: '/lease/sublessor/delete.do',
    summary: 'Delete a sub-lessor that never lent a machine (its accounts go with it)',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),

  subleaseList: defineEndpoint({
    method: 'GET',
    path: '/lease/sublease/list.do',
    summary:
      'Sub-leases (machines rented in) with their terms, cost and machine state; a sub-lessor reads its own only',
    access: { roles: SUBLEASE_RECORD_READERS },
    scope: 'organisation',
    query: subleaseFilter,
    body: noInput,
    /** `totals.cost`: the cost of every sub-lease found, per currency (never added across, decision 064). */
    response: paged(subleaseRow).extend({ totals: z.object({ cost: z.array(moneyTotal) }) }),
  }),
  subleaseDetail: defineEndpoint({
    method: 'GET',
    path: '/lease/sublease/detail.do',
    summary: 'A sub-lease with the contracts of the company that leased its machine out (not for the sub-lessor)',
    access: { roles: SUBLEASE_RECORD_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: subleaseDetail,
  }),
  subleaseCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/sublease/create.do',
    summary:
      'Rent machines in from a sub-lessor: each joins the fleet (registered, or taken back from the sub-lessor if ' +
      'it was rented in before) with its MQTT secret, answered once',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: subleaseCreateForm,
    response: z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          deviceId: z.number().int(),
          serialNumber: z.string(),
          /**
           * Answered once, and only to the roles that fit devices (DEVICE_INSTALLERS, as the device registry's
           * create and reset answer it); absent for anyone else, who leaves the key to an installer.
           */
          mqttSecret: z.string().optional(),
        }),
      ),
    }),
  }),
  subleaseUpdate: defineEndpoint({
    method: 'POST',
    path: '/lease/sublease/update.do',
    summary: 'Change the terms of a machine rented in (its end day, prices, remark)',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: subleaseUpdateForm,
    response: idAnswer,
  }),
  subleaseReturn: defineEndpoint({
    method: 'POST',
    path: '/lease/sublease/return.do',
    summary: 'Return a machine to its sub-lessor on a day (refused while leased out or named by a contract)',
    access: { roles: SUBLEASE_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: subleaseReturnForm,
    response: idAnswer,
  }),
} as const;
