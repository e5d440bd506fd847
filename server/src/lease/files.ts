import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { uploads } from '@console/db/schema/accounts';
import { contractFiles, contractLinks } from '@console/db/schema/lease';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, invalidField } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { canSeeContract, visibleContract, writesContracts } from './access.ts';

/** A contract holds one original and at most ten attachments, each a pdf (spec section 5). */
export const MAX_ATTACHMENTS = 10;

/**
 * Attach an upload (already checked and stored as a pdf of at most 5 MB by the uploads area, recorded for the
 * user's organisation) to a contract of the user's lessor.
 */
export function attachFile(
  db: Db,
  user: SessionUser,
  contractId: number,
  uploadName: string,
  kind: 'original' | 'attachment',
  fileName: string,
  now: number,
): number {
  return unitOfWork(db, (tx) => {
    const c = visibleContract(tx, user, contractId);
    if (!writesContracts(user) || c.lessorOrgId !== user.orgId)
      throw new ApiError(API_STATUS.forbidden, 'error.forbidden');
    const upload = tx.select().from(uploads).where(eq(uploads.name, uploadName)).get();
    if (!upload || upload.orgId !== user.orgId || upload.type !== 'pdf')
      throw invalidField('file', 'lease.fileInvalid');
    const count = (k: 'original' | 'attachment') =>
      tx
        .select({ n: sql<number>`count(*)` })
        .from(contractFiles)
        .where(and(eq(contractFiles.contractId, contractId), eq(contractFiles.kind, k)))
        .get()!.n;
    if (kind === 'original' && count('original') > 0) throw invalidField('file', 'lease.originalExists');
    if (kind === 'attachment' && count('attachment') >= MAX_ATTACHMENTS) {
      throw invalidField('file', 'lease.tooManyAttachments');
    }
    return tx
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
      .get().id;
  });
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An unguessable, expiring link to the contract's document for /contract/export (opened without signing in): the
 * token is 32 random bytes and only its hash is kept.
 */
export function issueExportLink(db: Db, user: SessionUser, contractId: number, now: number, hours: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + hours * 3600_000;
  unitOfWork(db, (tx) => {
    const c = visibleContract(tx, user, contractId);
    if (!canSeeContract(user, c)) throw new ApiError(API_STATUS.notFound, 'error.notFound');
    tx.insert(contractLinks)
      .values({ tokenHash: hashOf(token), contractId, createdBy: user.id, expiresAt: new Date(expiresAt) })
      .run();
  });
  return { token, expiresAt };
}

/** The contract a link opens, or null when the token is wrong or expired (the page says so clearly). */
export function contractOfLink(db: Db, token: string, now: number): number | null {
  return exportLinkOf(db, token, now)?.contractId ?? null;
}

/** The link of a token, valid now: its contract and when it expires; null when wrong or expired. */
export function exportLinkOf(db: Db, token: string, now: number): { contractId: number; expiresAt: Date } | null {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const row = db
    .select({ contractId: contractLinks.contractId, expiresAt: contractLinks.expiresAt })
    .from(contractLinks)
    .where(and(eq(contractLinks.tokenHash, hashOf(token)), gt(contractLinks.expiresAt, new Date(now))))
    .get();
  return row ?? null;
}
