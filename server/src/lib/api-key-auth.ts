import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { apiKeys } from '@console/db/schema/api-keys';
import { devices } from '@console/db/schema/devices';
import { orgIdsSeenBy, ScopedData, type Scope } from './data.ts';
import type { AppDeps } from './deps.ts';
import type { ReaderLang } from './org-brand.ts';
import { perConnection } from './per-connection.ts';

/**
 * An outside system's call with an API key (docs/decisions/068-iso-15143-3-api.md): the key found by the SHA-256 of
 * its secret, refused when revoked or expired, held to its rate, its use counted; the answer is the data it may
 * read, as a ScopedData with no person behind it and the organisations of the key's organisation, and the machines
 * of the key's scope within them.
 */

export interface KeyAccess {
  keyId: number;
  orgId: number;
  data: ScopedData;
  /** The machines the key reads: the organisation's, narrowed to the key's customer or list. */
  machines: Scope;
}

export type KeyRefusal = { refused: 'unauthorized' } | { refused: 'tooMany'; retryAfterS: number };

const byHash = perConnection((db) =>
  db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      orgKind: organisations.kind,
      scope: apiKeys.scope,
      customerOrgId: apiKeys.customerOrgId,
      deviceIds: apiKeys.deviceIds,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      ratePerMinute: apiKeys.ratePerMinute,
    })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.orgId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .prepare(),
);

/** The organisations a key's organisation sees: the operator every one, anyone else its subtree (decision 003). */
function visibleOrgs(db: Db, orgId: number, orgKind: string): Promise<number[]> {
  return orgIdsSeenBy(db, orgId, orgKind === 'operator');
}

/** The secret as the client sends it: `Authorization: Bearer <key>`, or `X-API-Key: <key>`. */
export function keyOfRequest(c: Context): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const key = bearer ?? c.req.header('x-api-key') ?? null;
  return key && key.length <= 128 ? key : null;
}

/**
 * Requests a minute per key, as a bucket that holds a minute's worth and refills evenly: a burst up to the rate,
 * then one request per 60/rate seconds. Kept per server (a key's calls reach one process; decision 068).
 */
const buckets = new WeakMap<AppDeps, Map<number, { tokens: number; at: number }>>();

function take(deps: AppDeps, keyId: number, ratePerMinute: number): number {
  let kept = buckets.get(deps);
  if (!kept) buckets.set(deps, (kept = new Map()));
  const now = deps.now();
  const perMs = ratePerMinute / 60_000;
  const held = kept.get(keyId) ?? { tokens: ratePerMinute, at: now };
  const tokens = Math.min(ratePerMinute, held.tokens + (now - held.at) * perMs);
  if (tokens < 1) {
    kept.set(keyId, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }
  kept.set(keyId, { tokens: tokens - 1, at: now });
  return 0;
}

export async function authenticateKey(deps: AppDeps, c: Context, lang: ReaderLang): Promise<KeyAccess | KeyRefusal> {
  const secret = keyOfRequest(c);
  if (!secret) return { refused: 'unauthorized' };
  const db = deps.dbh.db;
  const key = await byHash(db).get({ hash: createHash('sha256').update(secret).digest('hex') });
  const now = deps.now();
  if (!key || key.revokedAt || key.expiresAt.getTime() <= now) return { refused: 'unauthorized' };
  const wait = take(deps, key.id, key.ratePerMinute);
  if (wait > 0) return { refused: 'tooMany', retryAfterS: wait };
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now), requestCount: sql`${apiKeys.requestCount} + 1` })
    .where(eq(apiKeys.id, key.id));
  const data = new ScopedData(db, null, await visibleOrgs(db, key.orgId, key.orgKind), lang);
  const all = data.deviceScope();
  const machines =
    key.scope === 'customer'
      ? data.narrow(all, eq(devices.customerOrgId, key.customerOrgId ?? -1))
      : key.scope === 'machines'
        ? data.narrow(all, inArray(devices.id, key.deviceIds.length ? key.deviceIds : [-1]))
        : all;
  return { keyId: key.id, orgId: key.orgId, data, machines };
}
