import { z } from 'zod';
import {
  APPROVAL_ACTIONS,
  APPROVAL_DAYS,
  APPROVAL_STATES,
  BIND_KINDS,
  ID_TYPES,
  VERIFICATION_KINDS,
} from '../codes/approvals.ts';
import { ORG_KIND } from '../codes/org-kinds.ts';
import { partyIdNumberIssue } from '../lease/renter-identity.ts';
import { TAX_REGIMES, type TaxRegime } from '../codes/tax-regimes.ts';
import type { MessageKey } from '../messages/zh-CN.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, optionalText, pageQuery, paged } from './fields.ts';
import { companyIdInput } from './settings.ts';
import { BIND_DECIDERS, BIND_REQUESTERS, VERIFICATION_REVIEWERS } from '../access/approvals.ts';

/** At most this many requests in one batch decision. */
export const MAX_BATCH = 100;

const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const ids = z
  .array(bodyId, { error: 'approvals.selectItems' })
  .min(1, { error: 'approvals.selectItems' })
  .max(MAX_BATCH, { error: 'approvals.tooMany' });
export const rejectReason = z
  .string({ error: 'approvals.reasonRequired' })
  .trim()
  .min(1, { error: 'approvals.reasonRequired' })
  .max(200, { error: 'validation.tooLong' });

const listFilters = pageQuery.extend({
  state: z.enum(APPROVAL_STATES, { error: 'validation.invalid' }).optional(),
  keyword: z.string().trim().max(50).optional(),
  /** Made in the last this many days. */
  days: z.coerce
    .number()
    .pipe(z.literal(APPROVAL_DAYS, { error: 'validation.invalid' }))
    .optional(),
});

const decision = {
  state: z.enum(APPROVAL_STATES),
  reason: z.string(),
  decidedByName: z.string(),
  decidedAt: z.string(),
  createdAt: z.string(),
  /** What the user may do with it now (APPROVAL_FLOW). */
  actions: z.array(z.enum(APPROVAL_ACTIONS)),
};

export const bindRow = z.object({
  id: z.number().int(),
  kind: z.enum(BIND_KINDS),
  /** The organisation that decides: the one to join, or the machine's owner. */
  orgName: z.string(),
  orgKind: z.enum(ORG_KIND),
  requesterMobile: z.string(),
  requesterNickname: z.string(),
  /** Masked (spec section 5). */
  requesterName: z.string(),
  requesterOrgName: z.string(),
  deviceId: z.number().int().nullable(),
  serialNumber: z.string(),
  note: z.string(),
  /** The role given on joining (null before, and for a machine). */
  roleId: z.number().int().nullable(),
  ...decision,
});
export type BindRow = z.infer<typeof bindRow>;

export const verificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(VERIFICATION_KINDS),
  /** The person's uid (real-name), for the recorded reveal; null for an enterprise. */
  uid: z.number().int().nullable(),
  mobile: z.string(),
  /** The submitter's mobile's area code: the country whose document a person's number is (partyDocumentLabel). */
  areaCode: z.string(),
  /** The tax regime of the company's brand and its region: what a company's registration number is (decision 064). */
  taxRegime: z.enum(TAX_REGIMES),
  province: z.string(),
  orgName: z.string(),
  idType: z.number().int(),
  /** Real-name: masked (spec section 5); enterprise: the company's name. */
  name: z.string(),
  /** Masked. */
  idNumber: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  licenseImage: z.string(),
  ...decision,
});
export type VerificationRow = z.infer<typeof verificationRow>;

export const bindApproveForm = z.object({
  ids,
  /** The role a person joining takes; required when the batch holds a join. */
  roleId: z.number({ error: 'approvals.roleRequired' }).int().min(0).max(99).optional(),
});
export type BindApproveForm = z.input<typeof bindApproveForm>;
export const rejectForm = z.object({ ids, reason: rejectReason });
export type RejectForm = z.input<typeof rejectForm>;

export const realNameForm = z.object({
  idType: z.literal(ID_TYPES, { error: 'lease.identityTypeInvalid' }),
  name: z
    .string({ error: 'approvals.nameRequired' })
    .trim()
    .min(1, { error: 'approvals.nameRequired' })
    .max(100, { error: 'validation.tooLong' }),
  idNumber: z
    .string({ error: 'approvals.idNumberRequired' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'approvals.idNumberRequired' })
    .max(30, { error: 'validation.tooLong' }),
});
export type RealNameForm = z.input<typeof realNameForm>;

/**
 * The tax regime of the country a person's mobile is of, whose documents their real name shows (decision 064):
 * Australia at +61, else the mainland's, whose rule (partyIdNumberIssue) keeps a number abroad to its form.
 */
const regimeOfAreaCode = (areaCode: string): TaxRegime => (areaCode === '61' ? 'auGst' : 'cnVat');

/**
 * The company a real name is submitted from: its brand's tax regime and its region, which pick a company's document
 * (decision 064) as they pick a renter's (partyIdNumberIssue).
 */
export interface RealNameCompany {
  taxRegime: TaxRegime;
  province: string;
}

/**
 * The number's check. A person's own document is of their own country, by their phone's area code, whatever their
 * brand, as partyDocumentLabel names it on their settings page and in the reviewer's drawer: a driver licence at +61,
 * an ID card with its check character at +86, elsewhere a number of its form. A company's registration number
 * follows its brand's tax regime, as its renter record and its invoices do, whoever's phone submits it: a unified
 * social credit code with its check character under a Chinese brand, an ABN by its checksum for an Australian
 * company of the global brand, a number of its form for a company abroad. A message key.
 */
export function realNameNumberError(
  body: { idType: number; idNumber: string },
  areaCode: string,
  company: RealNameCompany,
): MessageKey | null {
  if (body.idType === 2) {
    return partyIdNumberIssue(company.taxRegime, {
      identityType: 2,
      idNumber: body.idNumber,
      province: company.province,
    });
  }
  const party = { identityType: body.idType, idNumber: body.idNumber, areaCode };
  return partyIdNumberIssue(regimeOfAreaCode(areaCode), party);
}

/** The form with the number's check, for this person and company (the console checks as the server does). */
export const realNameFormFor = (areaCode: string, company: RealNameCompany) =>
  realNameForm.superRefine((v, ctx) => {
    const error = v.idNumber ? realNameNumberError(v, areaCode, company) : null;
    if (error) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: error });
  });

/**
 * One's own real-name state: `none` never submitted, then the latest submission's state (`approved` also for an
 * account verified without one, as the seed makes them); name and number masked (decision 043).
 */
export const REAL_NAME_STATES = ['none', ...APPROVAL_STATES] as const;
export const myRealName = z.object({
  state: z.enum(REAL_NAME_STATES),
  idType: z.number().int().nullable(),
  name: z.string(),
  idNumber: z.string(),
  /** The reviewer's reason when rejected. */
  reason: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string(),
  /** The company the person is of, whose brand and region name a company's number (realNameNumberError). */
  company: z.object({ taxRegime: z.enum(TAX_REGIMES), province: z.string() }),
});
export type MyRealName = z.infer<typeof myRealName>;

export const joinRequestForm = z.object({
  /** The company is named by its registration number (on its QR card), never by an id to guess. */
  creditCode: companyIdInput,
  note: optionalText(200).default(''),
});
export const machineRequestForm = z.object({
  serialNumber: z
    .string({ error: 'approvals.serialRequired' })
    .trim()
    .min(1, { error: 'approvals.serialRequired' })
    .max(40, { error: 'validation.tooLong' }),
  note: optionalText(200).default(''),
});

const batchAnswer = z.object({ count: z.number().int() });

export const bindEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/bind/list.do',
    summary: 'Binding requests addressed to the organisations in scope, by state, kind, keyword and days; names masked',
    access: { roles: BIND_DECIDERS },
    scope: 'organisation',
    query: listFilters.extend({ kind: z.enum(BIND_KINDS, { error: 'validation.invalid' }).optional() }),
    body: noInput,
    response: paged(bindRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/bind/detail.do',
    summary: 'A binding request, with the roles the user may give a person joining',
    access: { roles: BIND_DECIDERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({ request: bindRow, roles: z.array(z.number().int()) }),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/bind/approve.do',
    summary:
      'Approve binding requests under review: a person joins with the role picked (never above the approver), a ' +
      'machine is bound to the customer; one request that cannot be approved refuses the batch',
    access: { roles: BIND_DECIDERS },
    scope: 'organisation',
    query: noInput,
    body: bindApproveForm,
    response: batchAnswer,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/bind/reject.do',
    summary: 'Reject binding requests under review with a reason',
    access: { roles: BIND_DECIDERS },
    scope: 'organisation',
    query: noInput,
    body: rejectForm,
    response: batchAnswer,
  }),
  requestJoin: defineEndpoint({
    method: 'POST',
    path: '/bind/requestJoin.do',
    summary: 'The app: ask to join the company with this credit code (it approves or rejects)',
    access: { roles: BIND_REQUESTERS },
    scope: 'self',
    query: noInput,
    body: joinRequestForm,
    response: z.object({ id: z.number().int() }),
  }),
  requestMachine: defineEndpoint({
    method: 'POST',
    path: '/bind/requestMachine.do',
    summary: 'The app: a customer asks to bind the machine with this serial to itself (its owner decides)',
    access: { roles: BIND_REQUESTERS },
    scope: 'self',
    query: noInput,
    body: machineRequestForm,
    response: z.object({ id: z.number().int() }),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/bind/mine.do',
    summary: "The app: the signed-in person's own binding requests and how they were decided",
    access: { roles: BIND_REQUESTERS },
    scope: 'self',
    query: noInput,
    body: noInput,
    response: z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          kind: z.enum(BIND_KINDS),
          serialNumber: z.string(),
          state: z.enum(APPROVAL_STATES),
          reason: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  }),
} as const;

export const verificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/verification/list.do',
    summary: 'Real-name and enterprise verifications by state, kind, keyword and days; names and ID numbers masked',
    access: { roles: VERIFICATION_REVIEWERS },
    scope: 'organisation',
    query: listFilters.extend({ kind: z.enum(VERIFICATION_KINDS, { error: 'validation.invalid' }).optional() }),
    body: noInput,
    response: paged(verificationRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/verification/detail.do',
    summary: 'A verification as submitted, masked; the whole real-name data through /user/revealIdentity.do',
    access: { roles: VERIFICATION_REVIEWERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: verificationRow,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/verification/approve.do',
    summary: 'Approve verifications under review: the person is real-name verified, the company verified',
    access: { roles: VERIFICATION_REVIEWERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ ids }),
    response: batchAnswer,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/verification/reject.do',
    summary: 'Reject verifications under review with a reason; the submitter may submit again',
    access: { roles: VERIFICATION_REVIEWERS },
    scope: 'organisation',
    query: noInput,
    body: rejectForm,
    response: batchAnswer,
  }),
  submitRealName: defineEndpoint({
    method: 'POST',
    path: '/verification/submitRealName.do',
    summary: "Submit one's real-name data (type 1: name and ID card; type 2: company name and credit code) for review",
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: realNameForm,
    response: z.object({ id: z.number().int() }),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/verification/mine.do',
    summary: "One's own real-name state (not submitted, under review, verified, rejected with the reason), masked",
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: noInput,
    response: myRealName,
  }),
} as const;
