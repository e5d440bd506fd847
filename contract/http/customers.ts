import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, areaCode, byId, idParam, isValidPhone, paged, pageQuery } from './fields.ts';
import {
  CUSTOMER_READERS,
  CUSTOMER_WRITERS,
  DISTRIBUTOR_MANAGERS,
  DISTRIBUTOR_READERS,
  PEOPLE_OPERATORS,
} from '../access/customers.ts';

/**
 * Customers and distributors (issue 15; docs/decisions/043-people.md). A customer is a customer organisation (the
 * same row a renter is, decision 034) under its rental company, or under none when the operator keeps it; a
 * distributor is an organisation under the operator. A customer may have an owning distributor, who reads it.
 */

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
const required = (key: 'customers.nameRequired' | 'customers.addressRequired', max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** An organisation's name, contact and address (spec section 5: name, phone and address not empty, phone checked). */
const organisationFields = {
  name: required('customers.nameRequired', 100),
  contactName: text(50),
  areaCode,
  contactPhone: z.string({ error: 'validation.phoneRequired' }).trim().min(1, { error: 'validation.phoneRequired' }),
  province: text(50),
  city: text(50),
  district: text(50),
  address: required('customers.addressRequired', 200),
};
/** The phone's format is checked with its dial code, even while other fields are invalid (the form shows all). */
const phoneValid = (v: { contactPhone?: unknown; areaCode?: unknown }) =>
  typeof v.contactPhone !== 'string' ||
  !v.contactPhone ||
  isValidPhone(v.contactPhone, typeof v.areaCode === 'string' ? v.areaCode : '86');
const phoneRule = { path: ['contactPhone'], error: 'validation.phone', ...acrossFields };

/** A customer as its form sends it; the operator may name the rental company it belongs to (none: the operator's). */
export const customerForm = z
  .object({ ...organisationFields, lessorId: z.number().int().positive().nullable().default(null) })
  .refine(phoneValid, phoneRule);
export const distributorForm = z.object(organisationFields).refine(phoneValid, phoneRule);
const updateForm = z.object({ ...organisationFields, id: idParam }).refine(phoneValid, phoneRule);

const organisationRow = {
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  /** '86' for a mainland mobile, else '' (organisations keep no dial code; the form takes the brand's). */
  areaCode: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  createdAt: z.string(),
};

export const customerRow = z.object({
  ...organisationRow,
  lessorName: z.string(),
  distributorId: z.number().int().nullable(),
  distributorName: z.string(),
  /** Computed from the data, never kept by hand: machines on lease to it, machines that worked in the last 30 days, */
  deviceCount: z.number().int(),
  attendanceCount: z.number().int(),
  /** its users who passed real-name verification, and its contracts signed through the e-signature provider. */
  verifiedUserCount: z.number().int(),
  esignCount: z.number().int(),
  /** The user may edit it (the operator's staff any, a rental company its own); distributors read only. */
  editable: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customerMachine = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  leaseStatus: z.string(),
  distributorName: z.string(),
});
export type CustomerMachine = z.infer<typeof customerMachine>;

export const distributorRow = z.object({
  ...organisationRow,
  customerCount: z.number().int(),
  deviceCount: z.number().int(),
  /** The operator's staff edit it; a distributor reads its own. */
  editable: z.boolean(),
});
export type DistributorRow = z.infer<typeof distributorRow>;

const option = z.object({ id: z.number().int(), name: z.string() });
const idAnswer = z.object({ id: z.number().int() });

export const customerListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  province: z.string().trim().max(50).optional(),
  /** Customers with this owning distributor; `none` those without one. */
  distributor: z.union([z.literal('none'), z.coerce.number().int().positive()]).optional(),
});

/**
 * Assigning a distributor to a customer (spec section 5: "Distributor assignment requires a selected host"): the
 * hosts are the customer's machines the distributor will serve; when the customer has machines at least one is
 * selected. Null takes the customer's distributor away (its machines keep theirs).
 */
export const assignDistributorForm = z.object({
  id: z.number({ error: 'validation.invalid' }).int().positive(),
  distributorId: z.number({ error: 'customers.distributorRequired' }).int().positive().nullable(),
  deviceIds: z.array(z.number().int().positive()).max(1000).default([]),
});

export const customerEndpoints = {
  customerList: defineEndpoint({
    method: 'GET',
    path: '/customer/list.do',
    summary:
      'Customers the user sees (the operator every one, a rental company its own, a distributor those it owns), ' +
      'by keyword, province and distributor, with counts computed from the data',
    access: { roles: CUSTOMER_READERS },
    scope: 'organisation',
    query: customerListQuery,
    body: noInput,
    response: paged(customerRow),
  }),
  customerDetail: defineEndpoint({
    method: 'GET',
    path: '/customer/detail.do',
    summary: 'A customer with the machines on lease to it that the user sees',
    access: { roles: CUSTOMER_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({ customer: customerRow, machines: z.array(customerMachine) }),
  }),
  customerCreate: defineEndpoint({
    method: 'POST',
    path: '/customer/create.do',
    summary: "Add a customer: under the user's rental company, or for the operator under the rental company it names",
    access: { roles: CUSTOMER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: customerForm,
    response: idAnswer,
  }),
  customerUpdate: defineEndpoint({
    method: 'POST',
    path: '/customer/update.do',
    summary: 'Change a customer the user may edit (its rental company does not change)',
    access: { roles: CUSTOMER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: updateForm,
    response: idAnswer,
  }),
  customerDelete: defineEndpoint({
    method: 'POST',
    path: '/customer/delete.do',
    summary: 'Delete a customer that has no machine on lease, no user, no contract and no renter record',
    access: { roles: CUSTOMER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),
  assignDistributor: defineEndpoint({
    method: 'POST',
    path: '/customer/assignDistributor.do',
    summary: "Give a customer its owning distributor and the customer's machines (hosts) the distributor serves",
    access: { roles: DISTRIBUTOR_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: assignDistributorForm,
    response: z.object({ id: z.number().int(), devices: z.number().int() }),
  }),
  formOptions: defineEndpoint({
    method: 'GET',
    path: '/customer/formOptions.do',
    summary: "The rental companies and distributors the operator's forms choose from",
    access: { roles: PEOPLE_OPERATORS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ lessors: z.array(option), distributors: z.array(option) }),
  }),
  distributorList: defineEndpoint({
    method: 'GET',
    path: '/distributor/list.do',
    summary: 'The distributors, by keyword, with how many customers and machines they have',
    access: { roles: DISTRIBUTOR_MANAGERS },
    scope: 'organisation',
    query: pageQuery.extend({ keyword: z.string().trim().max(50).optional() }),
    body: noInput,
    response: paged(distributorRow),
  }),
  distributorDetail: defineEndpoint({
    method: 'GET',
    path: '/distributor/detail.do',
    summary: 'A distributor with its customers and the machines it distributes (a distributor reads its own)',
    access: { roles: DISTRIBUTOR_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({
      distributor: distributorRow,
      customers: z.array(customerRow),
      machines: z.array(customerMachine.extend({ customerName: z.string() })),
    }),
  }),
  distributorCreate: defineEndpoint({
    method: 'POST',
    path: '/distributor/create.do',
    summary: 'Add a distributor company under the operator',
    access: { roles: DISTRIBUTOR_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: distributorForm,
    response: idAnswer,
  }),
  distributorUpdate: defineEndpoint({
    method: 'POST',
    path: '/distributor/update.do',
    summary: 'Change a distributor company',
    access: { roles: DISTRIBUTOR_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: updateForm,
    response: idAnswer,
  }),
  distributorDelete: defineEndpoint({
    method: 'POST',
    path: '/distributor/delete.do',
    summary: 'Delete a distributor that owns no customer, distributes no machine and has no user',
    access: { roles: DISTRIBUTOR_MANAGERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: idAnswer,
  }),
} as const;
