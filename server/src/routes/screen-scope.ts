import { eq, or, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import type { ScopedData } from '../lib/data.ts';
import { notFound } from '../lib/errors.ts';
import { orgNames } from '../lib/scope.ts';

/** What the big screens are narrowed to (docs/decisions/046-big-screens.md): the whole scope, or one organisation. */

/** The machines of one organisation (owner, customer or distributor), as the analysis filter reads it. */
export function ofOrganisation(orgId: number | undefined): SQL | undefined {
  if (!orgId) return undefined;
  return or(eq(devices.orgId, orgId), eq(devices.customerOrgId, orgId), eq(devices.distributorOrgId, orgId));
}

/** The organisation a screen is narrowed to: one the viewer sees, else as if it did not exist. */
export async function organisationName(data: ScopedData, orgId: number | undefined): Promise<string> {
  if (!orgId) return '';
  if (!data.sees(orgId)) throw notFound();
  return (await orgNames(data, [orgId])).get(orgId) ?? '';
}
