import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { uploads } from '@console/db/schema/accounts';
import { contractFiles, contractLinks, contracts } from '@console/db/schema/lease';
import { actorsOf, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, forbidden, invalidField } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { asActor, canSeeContract, type ContractRow, visibleContract, writesContracts } from './access.ts';

/** A contract holds one original and at most ten attachments, each a pdf (spec section 5). */
export const MAX_ATTACHMENTS = 10;

/**
 * Attach an upload (already checked and stored as a pdf of at most 5 MB by the uploads area, recorded for the
 * user's organisation) to a contract of the user's lessor.
 */
export async function attachFile(
  db: Db,
  user: SessionUser,
  contractId: number,
  uploadName: string,
  kind: 'original' | 'attachment',
  fileName: string,
  now: number,
): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const c = await visibleContract(tx, user, contractId);
    if (!writesContracts(user) || c.lessorOrgId !== user.orgId)
      throw new ApiError(API_STATUS.forbidden, 'error.forbidden');
    const upload = await tx.select().from(uploads).where(eq(uploads.name, uploadName)).get();
    if (!upload || upload.orgId !== user.orgId || upload.type !== 'pdf')
      throw invalidField('file', 'lease.fileInvalid');
    // A file belongs to one contract: its readers are that contract's (contractFileReadable).
    if (await tx.select().from(contractFiles).where(eq(contractFiles.uploadName, uploadName)).get()) {
      throw invalidField('file', 'lease.fileInvalid');
    }
    const count = async (k: 'original' | 'attachment') =>
      (await tx
        .select({ n: sql<number>`count(*)` })
        .from(contractFiles)
        .where(and(eq(contractFiles.contractId, contractId), eq(contractFiles.kind, k)))
        .get())!.n;
    if (kind === 'original' && (await count('original')) > 0) throw invalidField('file', 'lease.originalExists');
    if (kind === 'attachment' && (await count('attachment')) >= MAX_ATTACHMENTS) {
      throw invalidField('file', 'lease.tooManyAttachments');
    }
    return (
      await tx
        .insert(contractFiles)
        .values({
          contractId,
          uploadName,
          kind,
          fileName: fileName.slice(0, 200),
          createdBy: user.id,
          createdAt: new Date(now),
        })
        .returning({ id: contractFiles.id })
        .get()
    ).id;
  });
}

/**
 * Whether the person signed in (`reader`, asked only for a contract's file) reads this stored upload as a contract's
 * file: exactly the readers of the contract it is attached to (canSeeContract), whoever uploaded it. Null when the
 * upload is no contract's file (the uploads area's own rule applies).
 */
export async function contractFileReadable(
  db: Db,
  uploadName: string,
  reader: () => Promise<SessionUser | null>,
): Promise<boolean | null> {
  const attached = await db
    .select({ contract: contracts })
    .from(contractFiles)
    .innerJoin(contracts, eq(contracts.id, contractFiles.contractId))
    .where(eq(contractFiles.uploadName, uploadName))
    .all();
  if (attached.length === 0) return null;
  const user = await reader();
  return user !== null && attached.some(({ contract }) => canSeeContract(user, contract));
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A contract closed (8) or terminated (9): its public links open nothing, and no new one is made. */
export const hasEnded = (status: number) => status === LEASE_STATUS.closed || status === LEASE_STATUS.terminated;

export type LinkKind = (typeof contractLinks.$inferSelect)['kind'];

/**
 * An unguessable, expiring link to the contract's document, made for one who reads the contract; the token is 32
 * random bytes and only its hash is kept. `public`: the /contract/export page and its PDF, opened without signing
 * in, made only while the contract has not ended. `download`: the PDF only, for the asker, at any status.
 */
export async function issueExportLink(
  db: Db,
  user: SessionUser,
  contractId: number,
  now: number,
  hours: number,
  kind: LinkKind = 'public',
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + hours * 3600_000;
  await unitOfWork(db, async (tx) => {
    const c = await visibleContract(tx, user, contractId);
    if (kind === 'public' && hasEnded(c.status)) {
      throw new ApiError(API_STATUS.conflict, 'lease.linkNotForEnded', {
        number: c.number,
        status: `lease.status.${c.status}`,
      });
    }
    await tx
      .insert(contractLinks)
      .values({ tokenHash: hashOf(token), contractId, kind, createdBy: user.id, expiresAt: new Date(expiresAt) })
      .run();
  });
  return { token, expiresAt };
}

/** Links that open something now: not expired, not revoked. */
const openLink = (now: number) => and(gt(contractLinks.expiresAt, new Date(now)), isNull(contractLinks.revokedAt));

/** The contract a link opens, or null when the token is wrong, expired or revoked. */
export async function contractOfLink(db: Db, token: string, now: number): Promise<number | null> {
  return (await exportLinkOf(db, token, now))?.contractId ?? null;
}

/** The link of a token, valid now: its contract, kind and expiry; null when wrong, expired or revoked. */
export async function exportLinkOf(
  db: Db,
  token: string,
  now: number,
): Promise<{ contractId: number; kind: LinkKind; expiresAt: Date } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const row = await db
    .select({ contractId: contractLinks.contractId, kind: contractLinks.kind, expiresAt: contractLinks.expiresAt })
    .from(contractLinks)
    .where(and(eq(contractLinks.tokenHash, hashOf(token)), openLink(now)))
    .get();
  return row ?? null;
}

/**
 * The contract a link opens for reading, or the clear refusal its page shows: a wrong, expired or revoked token
 * `lease.linkInvalid`; a public link of a contract that has ended `lease.linkEnded` (read at read time, so ending a
 * contract needs to remember nothing). The PDF also opens with a reader's download link, at any status.
 */
export async function linkedContract(
  db: Db,
  token: string,
  now: number,
  use: 'view' | 'pdf',
): Promise<{ contract: ContractRow; expiresAt: Date }> {
  const link = await exportLinkOf(db, token, now);
  const c = link ? await db.select().from(contracts).where(eq(contracts.id, link.contractId)).get() : undefined;
  if (!link || !c || (link.kind === 'download' && use !== 'pdf')) {
    throw new ApiError(API_STATUS.notFound, 'lease.linkInvalid');
  }
  if (link.kind === 'public' && hasEnded(c.status)) {
    throw new ApiError(API_STATUS.notFound, 'lease.linkEnded', { status: `lease.status.${c.status}` });
  }
  return { contract: c, expiresAt: link.expiresAt };
}

/** How many public links of the contract open it now (none once it has ended). */
export async function openPublicLinks(db: Db, c: ContractRow, now: number): Promise<number> {
  if (hasEnded(c.status)) return 0;
  return (await db
    .select({ n: count() })
    .from(contractLinks)
    .where(and(eq(contractLinks.contractId, c.id), eq(contractLinks.kind, 'public'), openLink(now)))
    .get())!.n;
}

/** A manager (5, 10) of the contract's lessor: they revoke its public links, at any status. */
export const revokesLinks = (user: SessionUser, c: ContractRow) => actorsOf(c, asActor(user)).includes('manager');

/**
 * A manager of the lessor revokes every public link of the contract: the old tokens open nothing from now on
 * (recorded on the link: when and by whom). A new link can be made again while the contract has not ended.
 * Answers how many links that still opened the contract were revoked.
 */
export async function revokeExportLinks(db: Db, user: SessionUser, contractId: number, now: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const c = await visibleContract(tx, user, contractId);
    if (!revokesLinks(user, c)) throw forbidden();
    const open = await openPublicLinks(tx, c, now);
    await tx
      .update(contractLinks)
      .set({ revokedAt: new Date(now), revokedBy: user.id })
      .where(and(eq(contractLinks.contractId, c.id), eq(contractLinks.kind, 'public'), isNull(contractLinks.revokedAt)))
      .run();
    return open;
  });
}
