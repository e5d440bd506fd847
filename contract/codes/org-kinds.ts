/** What an organisation is to the operator. Data belongs to an organisation; see docs/decisions/003. */
export const ORG_KIND = ['operator', 'lessor', 'customer', 'distributor', 'sublessor'] as const;
export type OrgKind = (typeof ORG_KIND)[number];
