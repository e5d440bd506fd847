/**
 * Whom a machine worked for on a day (docs/decisions/062-physical-figures.md): the renter of its lease period that
 * covers the day (both ends count, as for bills), under that period's contract. A day outside every period is a day
 * in the owner's yard, unless the machine has no lease at all and its customer came some other way (a binding):
 * then that customer. The rollup and the seeded month of daily work both credit days by this rule.
 */
export interface LeaseDays {
  contractId: number;
  renterOrgId: number;
  startOn: string;
  /** The last day on lease; null while on lease. */
  endOn: string | null;
}

export function leaseOn(
  periods: readonly LeaseDays[],
  day: string,
  customerOrgId: number | null,
): { customerOrgId: number | null; contractId: number | null } {
  const period = periods.find((p) => p.startOn <= day && (p.endOn === null || p.endOn >= day));
  if (period) return { customerOrgId: period.renterOrgId, contractId: period.contractId };
  return { customerOrgId: periods.length === 0 ? customerOrgId : null, contractId: null };
}
