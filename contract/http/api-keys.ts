import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { API_KEY_ADMINS } from '../access/api-keys.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, byId, pageQuery, paged, requiredText, savedId } from './fields.ts';

/**
 * API keys (docs/decisions/068-iso-15143-3-api.md): an organisation's administrator gives an outside system a key
 * to read the organisation's machines through the ISO 15143-3 (AEMP 2.0) API. The secret is answered once, when
 * the key is made; the list shows its first characters, its use and its state.
 */

/** Which machines a key reads: all the organisation sees, one customer's, or a list. */
export const API_KEY_SCOPE = codeTable('api-keys:scopes', [
  ['all', 'all', 'blue'],
  ['customer', 'customer', 'purple'],
  ['machines', 'machines', 'cyan'],
]);
export type ApiKeyScope = (typeof API_KEY_SCOPE.values)[number];
export const API_KEY_SCOPES = API_KEY_SCOPE.values as unknown as [ApiKeyScope, ...ApiKeyScope[]];

export const API_KEY_STATE = codeTable('api-keys:states', [
  ['active', 'active', 'green'],
  ['expired', 'expired', 'default'],
  ['revoked', 'revoked', 'red'],
]);
export type ApiKeyState = (typeof API_KEY_STATE.values)[number];
export const API_KEY_STATES = API_KEY_STATE.values as unknown as [ApiKeyState, ...ApiKeyState[]];

/** The most machines a listed key names, and the most requests a minute a key may be given. */
export const MAX_KEY_MACHINES = 500;
export const MAX_KEY_RATE = 600;
/** The prefix every secret starts with, so a leaked one is recognised by scanners. */
export const API_KEY_PREFIX = 'mlk_';

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

export const apiKeyForm = z
  .object({
    name: requiredText(40),
    scope: z.enum(API_KEY_SCOPES, { error: 'apiKeys.scopeRequired' }),
    customerOrgId: id.optional(),
    deviceIds: z.array(id).max(MAX_KEY_MACHINES, { error: 'apiKeys.tooManyMachines' }).default([]),
    /** The last day the key works, in the organisation's calendar. */
    expiresOn: z
      .string({ error: 'apiKeys.expiryRequired' })
      .trim()
      .refine((v) => isDay(v), { error: 'apiKeys.expiryRequired' }),
    ratePerMinute: z
      .number({ error: 'apiKeys.rate' })
      .int({ error: 'apiKeys.rate' })
      .min(1, { error: 'apiKeys.rate' })
      .max(MAX_KEY_RATE, { error: 'apiKeys.rate' })
      .default(60),
  })
  .refine((f) => f.scope !== 'customer' || typeof f.customerOrgId === 'number', {
    path: ['customerOrgId'],
    error: 'apiKeys.customerRequired',
    ...acrossFields,
  })
  .refine((f) => f.scope !== 'machines' || (Array.isArray(f.deviceIds) && f.deviceIds.length > 0), {
    path: ['deviceIds'],
    error: 'apiKeys.machinesRequired',
    ...acrossFields,
  });
export type ApiKeyForm = z.input<typeof apiKeyForm>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The customer of a customer key. */
  customerName: z.string(),
  /** The machines of a listed key. */
  machineCount: z.number().int(),
  expiresOn: z.string(),
  ratePerMinute: z.number().int(),
  state: z.enum(API_KEY_STATES),
  /** In the reader's zone, '' when never used. */
  lastUsedAt: z.string(),
  requestCount: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  revokedAt: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

const admins = { roles: API_KEY_ADMINS };

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/apiKey/list.do',
    summary: "The organisation's API keys, newest first, with their use and state (never their secrets)",
    access: admins,
    scope: 'organisation',
    query: pageQuery.extend({
      state: z.enum(API_KEY_STATES).optional(),
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(apiKeyRow),
  }),
  /** What the create dialog offers: the organisation's customers, and machines found by a serial or name. */
  choices: defineEndpoint({
    method: 'GET',
    path: '/apiKey/choices.do',
    summary: 'Customers and machines (by serial or name, at most 50) a new key may be limited to',
    access: admins,
    scope: 'organisation',
    query: z.object({ keyword: z.string().trim().max(40).optional() }),
    body: noInput,
    response: z.object({
      customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
      machines: z.array(z.object({ id: z.number().int(), serialNumber: z.string(), name: z.string() })),
    }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/apiKey/create.do',
    summary: 'Make a key; its secret is in this answer and nowhere else',
    access: admins,
    scope: 'organisation',
    query: noInput,
    body: apiKeyForm,
    response: z.object({ id: z.number().int(), name: z.string(), secret: z.string() }),
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/apiKey/revoke.do',
    summary: 'Revoke a key: every later call with it is refused',
    access: admins,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
} as const;
