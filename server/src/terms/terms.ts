import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contractTerms, termsVersions } from '@console/db/schema/terms';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { termsLangOf, type TermsLang } from '@console/contract/http/terms';
import type { ContractRow } from '../lease/access.ts';

/**
 * Contract terms and conditions (docs/decisions/078-contract-terms.md): which version a contract carries, fixed when
 * it is sent for signature. Published versions are never updated, so a contract that names one reads the same text
 * for good, whatever the lessor publishes later.
 */

export type TermsVersion = typeof termsVersions.$inferSelect;

/** The version in force for a lessor's contracts in a language: its latest published one, or none. */
export function termsInForce(db: Db, orgId: number, lang: TermsLang): Promise<TermsVersion | undefined> {
  return db
    .select()
    .from(termsVersions)
    .where(and(eq(termsVersions.orgId, orgId), eq(termsVersions.lang, lang), eq(termsVersions.state, 'published')))
    .orderBy(desc(termsVersions.version))
    .get();
}

/** Statuses before a contract is sent for signature: it carries nothing yet, and would take the version in force. */
const NOT_SENT: readonly number[] = [
  LEASE_STATUS.draft,
  LEASE_STATUS.pendingReview,
  LEASE_STATUS.withdrawn,
  LEASE_STATUS.rejected,
  LEASE_STATUS.awaitingSignInitiation,
];

export interface CarriedTerms {
  state: 'fixed' | 'pending' | 'none';
  version: TermsVersion | null;
  fixedAt: Date | null;
}

/**
 * The terms a contract carries: once sent for signature, the version fixed then (none when it was sent before its
 * lessor kept terms in its language); before, the version in force, which sending would fix. A cancelled contract
 * keeps what it was last sent with, if anything.
 */
export async function carriedTerms(
  db: Db,
  c: Pick<ContractRow, 'id' | 'status' | 'lessorOrgId' | 'lang'>,
): Promise<CarriedTerms> {
  const none: CarriedTerms = { state: 'none', version: null, fixedAt: null };
  if (!NOT_SENT.includes(c.status) || c.status === LEASE_STATUS.cancelled) {
    const fixed = await db
      .select({ row: contractTerms, version: termsVersions })
      .from(contractTerms)
      .innerJoin(termsVersions, eq(termsVersions.id, contractTerms.versionId))
      .where(eq(contractTerms.contractId, c.id))
      .get();
    return fixed ? { state: 'fixed', version: fixed.version, fixedAt: fixed.row.fixedAt } : none;
  }
  const inForce = await termsInForce(db, c.lessorOrgId, termsLangOf(c.lang));
  return inForce ? { state: 'pending', version: inForce, fixedAt: null } : none;
}

/** The version a contract is about to be sent with: the one in force in its language now (its id, or null). */
export async function termsToSend(db: Db, c: Pick<ContractRow, 'lessorOrgId' | 'lang'>): Promise<number | null> {
  return (await termsInForce(db, c.lessorOrgId, termsLangOf(c.lang)))?.id ?? null;
}

/**
 * Fix the terms a contract is sent for signature with, inside the move's unit of work: `versionId` the one its
 * document was made with (startSigning reads it before making the PDF); when not given, the version in force now.
 * A new signing flow after one was called off fixes its own (its document is new); nothing is fixed when the lessor
 * keeps no terms in the contract's language.
 */
export async function fixTerms(
  tx: Db,
  c: Pick<ContractRow, 'id' | 'lessorOrgId' | 'lang'>,
  versionId: unknown,
  userId: number | null,
  now: number,
): Promise<number | null> {
  let id = typeof versionId === 'number' ? versionId : null;
  if (id !== null) {
    // Only a published version of the contract's own lessor and language.
    const v = await tx.select().from(termsVersions).where(eq(termsVersions.id, id)).get();
    if (!v || v.state !== 'published' || v.orgId !== c.lessorOrgId || v.lang !== termsLangOf(c.lang)) id = null;
  }
  id ??= await termsToSend(tx, c);
  if (id === null) {
    await tx.delete(contractTerms).where(eq(contractTerms.contractId, c.id)).run();
    return null;
  }
  const values = { versionId: id, fixedAt: new Date(now), fixedBy: userId };
  await tx
    .insert(contractTerms)
    .values({ contractId: c.id, ...values })
    .onConflictDoUpdate({ target: contractTerms.contractId, set: values })
    .run();
  return id;
}

/** The terms text the contract's PDF prints: the carried version's title, number and body, or null. */
export async function termsForDocument(
  db: Db,
  c: Pick<ContractRow, 'id' | 'status' | 'lessorOrgId' | 'lang'>,
  versionId?: number | null,
): Promise<{ version: number; title: string; body: string } | null> {
  const v =
    versionId !== undefined
      ? versionId === null
        ? null
        : ((await db.select().from(termsVersions).where(eq(termsVersions.id, versionId)).get()) ?? null)
      : (await carriedTerms(db, c)).version;
  if (!v || v.version === null) return null;
  return { version: v.version, title: v.title, body: v.body };
}

/** How many contracts carry each version. */
export const contractsCarrying = sql<number>`(select count(*) from contract_terms where contract_terms.version_id = ${termsVersions.id})`;
