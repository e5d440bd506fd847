import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contracts } from '@console/db/schema/lease';
import type { ContractKind } from '@console/contract/codes/contract-change';
import { orgNumberDay } from '../lib/org-day.ts';

/**
 * A new contract's number: HT (合同) or LC (lease contract) for an English contract, the day it was written (the
 * lessor's calendar day, lib/org-day.ts) and its place that day within the lessor, e.g. HT-20261125-0003. Called inside the unit of work
 * that inserts the contract, so two contracts written together cannot take one number (the unique index
 * contracts_lessor_number stands behind it). A contract change (decision 041) is BG (变更) or CC (contract change).
 */
const PREFIX: Record<ContractKind, Record<'zh' | 'en', string>> = {
  contract: { zh: 'HT', en: 'LC' },
  change: { zh: 'BG', en: 'CC' },
};

export async function nextContractNumber(
  tx: Db,
  lessorOrgId: number,
  lang: 'zh' | 'en',
  now: number,
  kind: ContractKind = 'contract',
): Promise<string> {
  const day = await orgNumberDay(tx, lessorOrgId, now);
  const prefix = `${PREFIX[kind][lang]}-${day}-`;
  const row = await tx
    .select({ n: sql<number>`count(*)` })
    .from(contracts)
    .where(and(eq(contracts.lessorOrgId, lessorOrgId), like(contracts.number, `${prefix}%`)))
    .get();
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}
