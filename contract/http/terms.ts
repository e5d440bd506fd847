import { z } from 'zod';
import { ROLE } from '../codes/roles.ts';
import { LEASE_MANAGER_ROLES } from '../codes/lease-flow.ts';
import { OPERATOR_ROLES } from '../codes/roles.ts';
import { CONTRACT_READERS } from '../access/lease-contracts.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam } from './fields.ts';

/**
 * A lessor's contract terms and conditions (docs/decisions/078-contract-terms.md): per language, versioned. A draft is
 * edited; publishing numbers it and makes it read-only; a new version starts as a new draft. A contract carries the version it was sent for signature with, and its PDF prints it.
 */

/** The languages a lessor keeps terms in: those of its contracts' documents (zh, en). */
export const TERMS_LANGS = ['zh-CN', 'en-US'] as const;
export type TermsLang = (typeof TERMS_LANGS)[number];
/** A contract's document language as its terms' language. */
export const termsLangOf = (contractLang: 'zh' | 'en'): TermsLang => (contractLang === 'en' ? 'en-US' : 'zh-CN');

export const TERMS_STATES = ['draft', 'published'] as const;
export type TermsState = (typeof TERMS_STATES)[number];

/** Who reads the templates: the lessor's managers, and the operator's staff, who oversee (read only). */
export const TERMS_READERS = [...OPERATOR_ROLES, ...LEASE_MANAGER_ROLES] as const;
/** Only the lessor's administrator writes and publishes them. */
export const TERMS_WRITERS = [ROLE.lessorAdmin] as const;

/** The most a version's text holds: the PDF prints it in full over as many pages as it takes. */
export const TERMS_BODY_MAX = 20_000;

const title = z
  .string({ error: 'terms.titleRequired' })
  .trim()
  .min(1, { error: 'terms.titleRequired' })
  .max(100, { error: 'validation.tooLong' });
const body = z
  .string({ error: 'terms.bodyRequired' })
  .trim()
  .min(1, { error: 'terms.bodyRequired' })
  .max(TERMS_BODY_MAX, { error: 'terms.bodyTooLong' });
const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

/** A new draft in a language (the console fills it with the version in force, to start from). */
export const termsCreateForm = z.object({
  lang: z.enum(TERMS_LANGS, { error: 'terms.langRequired' }),
  title,
  body,
});
export type TermsCreateForm = z.infer<typeof termsCreateForm>;

/** A draft's text, changed. */
export const termsEditForm = z.object({ id, title, body });
export type TermsEditForm = z.infer<typeof termsEditForm>;

export const termsVersionRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  lessorName: z.string(),
  lang: z.enum(TERMS_LANGS),
  /** Null while a draft. */
  version: z.number().int().nullable(),
  state: z.enum(TERMS_STATES),
  title: z.string(),
  /** The version in force for its language: the latest published. */
  current: z.boolean(),
  /** Contracts that carry it. */
  contracts: z.number().int(),
  createdBy: z.string(),
  updatedAt: z.string(),
  publishedBy: z.string(),
  publishedAt: z.string().nullable(),
});
export type TermsVersionRow = z.infer<typeof termsVersionRow>;

/** What a contract carries, or would carry if sent for signature now. */
export const contractTermsView = z.object({
  /** `fixed`: the version it was sent for signature with (never changes after); `pending`: not sent yet, the version in force would be taken; `none`: it carries none. */
  state: z.enum(['fixed', 'pending', 'none']),
  versionId: z.number().int().nullable(),
  version: z.number().int().nullable(),
  lang: z.enum(TERMS_LANGS),
  title: z.string(),
  body: z.string(),
  fixedAt: z.string().nullable(),
});
export type ContractTermsView = z.infer<typeof contractTermsView>;

export const termsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/lease/terms/list.do',
    summary: "The lessor's terms versions per language, drafts and published, newest first",
    access: { roles: TERMS_READERS },
    scope: 'organisation',
    query: z.object({ lang: z.enum(TERMS_LANGS).optional() }),
    body: noInput,
    response: z.object({ list: z.array(termsVersionRow), mayWrite: z.boolean() }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/lease/terms/detail.do',
    summary: 'One terms version with its text',
    access: { roles: TERMS_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: termsVersionRow.extend({ body: z.string(), mayEdit: z.boolean(), mayPublish: z.boolean() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/lease/terms/create.do',
    summary: 'A new draft version of the terms in a language',
    access: { roles: TERMS_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: termsCreateForm,
    response: z.object({ id: z.number().int() }),
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/lease/terms/edit.do',
    summary: "A draft's title and text changed (a published version is read-only)",
    access: { roles: TERMS_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: termsEditForm,
    response: z.object({ id: z.number().int() }),
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/lease/terms/publish.do',
    summary:
      'Publish a draft: it gets the next version number of its language and is in force for contracts sent from now on',
    access: { roles: TERMS_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id }),
    response: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  contract: defineEndpoint({
    method: 'GET',
    path: '/lease/terms/contract.do',
    summary: 'The terms a contract carries (or would carry if sent for signature now)',
    access: { roles: CONTRACT_READERS },
    scope: 'organisation',
    query: z.object({ contractId: idParam }),
    body: noInput,
    response: contractTermsView,
  }),
};
