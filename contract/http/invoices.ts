import { z } from 'zod';
import { INVOICE_TYPE } from '../codes/accounts.ts';
import {
  INVOICE_ACTIONS,
  INVOICE_EVENTS,
  INVOICE_SOURCES,
  INVOICE_STATES,
  MAX_INVOICE_ITEMS,
} from '../codes/invoices.ts';
import { moneyFormat } from '../codes/money.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged, requiredText } from './fields.ts';
import { invoiceFields, invoiceRules } from './settings.ts';
import { INVOICE_ISSUERS, INVOICE_READERS, INVOICE_REQUESTERS } from '../access/invoices.ts';

const bodyId = z.coerce.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();

/** One thing to invoice: a paid bill or renewal order of the requester's company, by its id. */
export const invoiceItemRef = z.object({
  source: z.enum(INVOICE_SOURCES, { error: 'validation.invalid' }),
  id: bodyId,
});

/**
 * A request: the items and the invoice information (defaulting, in the console, to the company's on file). The
 * total is never sent: the server adds up the items.
 */
export const invoiceRequestForm = invoiceRules(
  invoiceFields.extend({
    items: z
      .array(invoiceItemRef, { error: 'invoices.selectItems' })
      .min(1, { error: 'invoices.selectItems' })
      .max(MAX_INVOICE_ITEMS, { error: 'invoices.tooManyItems' }),
    contact: requiredText(40),
    note: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  }),
);
export type InvoiceRequestForm = z.input<typeof invoiceRequestForm>;

/**
 * The invoice's PDF: exactly one file (spec section 5: only one original); two files are refused, none asks for the
 * pdf. The content, not the name, decides that it is a pdf, and it is at most 5 MB (section 9).
 */
const onePdf = z
  .union([z.file(), z.array(z.unknown())], { error: 'upload.pdfOnly' })
  .refine((v) => !Array.isArray(v), { error: 'invoices.oneFileOnly' });

export const invoiceIssueForm = z.object({ id: bodyId, file: onePdf });
export const invoiceReplaceForm = z.object({
  id: bodyId,
  file: onePdf,
  reason: z
    .string({ error: 'invoices.reasonRequired' })
    .trim()
    .min(1, { error: 'invoices.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});
export const invoiceWithdrawForm = z.object({
  id: bodyId,
  reason: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});

/** Spec section 3: tenant name, applicant, tax number, contact, address, total amount, status, invoice file. */
export const invoiceRow = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The company asking (the buyer) and the one issuing (paid by it). */
  orgId: z.number().int(),
  tenantName: z.string(),
  issuerName: z.string(),
  applicantName: z.string(),
  invoiceType: z.enum(INVOICE_TYPE.values),
  taxRate: z.number(),
  title: z.string(),
  taxNumber: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  bank: z.string(),
  account: z.string(),
  note: z.string(),
  itemCount: z.number().int(),
  /** The currency of its amounts (its items' source's, one per invoice) and how they are written. */
  money: moneyFormat,
  /** What the items add up to (VAT included), and the tax it holds at the rate. */
  totalCents: z.number().int(),
  taxCents: z.number().int(),
  state: z.enum(INVOICE_STATES),
  /** The issued invoice's PDF ('' until issued). */
  fileUrl: z.string(),
  requestedAt: z.string(),
  issuedAt: z.string(),
  /**
   * A request's items no longer paid for what it invoices (a receipt voided since): while any is, it cannot be
   * issued (no `issue` action). Empty otherwise.
   */
  unpaidItems: z.array(z.string()),
  /** What the user may do with it now. */
  actions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceItemRow = z.object({
  source: z.enum(INVOICE_SOURCES),
  sourceId: z.number().int(),
  label: z.string(),
  amountCents: z.number().int(),
  /** The currency it was paid in and how its amount is written. */
  money: moneyFormat,
  paidOn: z.string(),
});
export type InvoiceItemRow = z.infer<typeof invoiceItemRow>;

export const invoiceEventRow = z.object({
  id: z.number().int(),
  event: z.enum(INVOICE_EVENTS),
  /** The person, when the reader sees their organisation; else their organisation's name. */
  byName: z.string(),
  at: z.string(),
  reason: z.string(),
  fileUrl: z.string(),
});

/** A paid item the company may still put on an invoice. */
export const invoiceableRow = invoiceItemRow.extend({ issuerName: z.string() });
export type InvoiceableRow = z.infer<typeof invoiceableRow>;

/** The company's invoice information on file, to start a request from. */
export const invoiceProfile = z.object({
  tenantName: z.string(),
  invoiceType: z.enum(INVOICE_TYPE.values),
  taxRate: z.number(),
  title: z.string(),
  taxNumber: z.string(),
  bank: z.string(),
  account: z.string(),
  address: z.string(),
  phone: z.string(),
  contact: z.string(),
});

export const invoiceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/invoice/list.do',
    summary:
      'Invoices asked of or by the organisations in scope, by state, company, day asked and keyword (number, title, ' +
      'tax number, item)',
    access: { roles: INVOICE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      state: z.enum(INVOICE_STATES, { error: 'validation.invalid' }).optional(),
      orgId: z.coerce.number().int().positive().optional(),
      keyword: z.string().trim().max(50).optional(),
      from: filterDay,
      to: filterDay,
      /** Only those the user may issue now (the finance tasks' link). */
      toIssue: z.coerce.number().int().min(0).max(1).optional(),
    }),
    body: noInput,
    response: paged(invoiceRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/invoice/detail.do',
    summary: 'An invoice with its items and its timeline',
    access: { roles: INVOICE_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({
      invoice: invoiceRow,
      items: z.array(invoiceItemRow),
      events: z.array(invoiceEventRow),
    }),
  }),
  companies: defineEndpoint({
    method: 'GET',
    path: '/invoice/companies.do',
    summary: 'The companies that asked for or issue the invoices in scope (the company filter)',
    access: { roles: INVOICE_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  invoiceable: defineEndpoint({
    method: 'GET',
    path: '/invoice/invoiceable.do',
    summary:
      "The user's company's paid items not on a live invoice (paid bills, paid renewal orders), and its invoice " +
      'information on file',
    access: { roles: INVOICE_REQUESTERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(invoiceableRow), profile: invoiceProfile }),
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/invoice/request.do',
    summary:
      "Ask for an invoice over paid items of the user's company, all of one issuer and one currency; the total is " +
      "the items' sum. An item is on at most one live invoice",
    access: { roles: INVOICE_REQUESTERS },
    scope: 'organisation',
    query: noInput,
    body: invoiceRequestForm,
    response: invoiceRow,
  }),
  issue: defineEndpoint({
    method: 'POST',
    path: '/invoice/issue.do',
    summary: 'Issue an invoice to be issued by uploading its PDF (multipart `file`: exactly one pdf, at most 5 MB)',
    access: { roles: INVOICE_ISSUERS },
    scope: 'organisation',
    multipart: true,
    query: noInput,
    body: invoiceIssueForm,
    response: invoiceRow,
  }),
  replaceFile: defineEndpoint({
    method: 'POST',
    path: '/invoice/replaceFile.do',
    summary: "Replace an issued invoice's PDF, with a reason; the former file stays in the timeline",
    access: { roles: INVOICE_ISSUERS },
    scope: 'organisation',
    multipart: true,
    query: noInput,
    body: invoiceReplaceForm,
    response: invoiceRow,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/invoice/withdraw.do',
    summary: 'Take back a request not issued yet: its items may be invoiced again',
    access: { roles: INVOICE_REQUESTERS },
    scope: 'organisation',
    query: noInput,
    body: invoiceWithdrawForm,
    response: invoiceRow,
  }),
} as const;
