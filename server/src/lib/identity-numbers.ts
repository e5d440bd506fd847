import {
  keptIdNumber,
  ofBrandCountry,
  partyIdNumberIssue,
  type IdentityType,
} from '@console/contract/lease/renter-identity';
import type { ScopedData } from './data.ts';
import type { AppDeps } from './deps.ts';
import { invalidField } from './errors.ts';
import { orgBrand } from './org-brand.ts';

/**
 * A renter's or sub-lessor's identity number checked against the country of its rental company's brand (decision
 * 064) when the party is of that country: a mainland ID card or credit code with its check character under a Chinese
 * brand, a driver licence or an ABN by its checksum under the Australian one. A party abroad keeps a number of its
 * own country, which the contract checks for its form. Refused on its field with the country's message; answered as
 * it is kept ('' when none was given).
 */
export async function checkedIdNumber(
  deps: AppDeps,
  data: ScopedData,
  lessorId: number,
  party: { identityType: number; idNumber: string; areaCode?: string | undefined; province?: string | undefined },
): Promise<string> {
  const { identityType, idNumber } = party;
  if (!idNumber) return '';
  const { taxRegime } = await orgBrand(deps, data.unscoped('domainRule'), lessorId);
  // The rule the console's form checks too (withPartyIdRule).
  const issue = partyIdNumberIssue(taxRegime, party);
  if (issue) throw invalidField('idNumber', issue);
  if (!ofBrandCountry(taxRegime, party)) return idNumber;
  return keptIdNumber(taxRegime, identityType as IdentityType, idNumber);
}
