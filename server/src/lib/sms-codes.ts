import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { smsCodes } from '@console/db/schema/accounts';
import type { CodePurpose } from '@console/contract/http/auth';
import { API_STATUS } from '@console/contract/http/envelope';
import type { AppDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { sendSms } from './sms.ts';

export const CODE_TTL_MS = 5 * 60 * 1000;
/** Rate limits for sending: one a minute per number, ten an hour per number, thirty an hour per address. */
const PER_NUMBER_GAP_MS = 60 * 1000;
const PER_NUMBER_HOURLY = 10;
const PER_IP_HOURLY = 30;
/** A code dies after this many wrong tries, so six digits cannot be walked. */
const MAX_TRIES = 5;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

interface Phone {
  mobile: string;
  areaCode: string;
}

/** Issue a code and send it by SMS (server/src/lib/sms.ts). */
export async function sendCode(
  deps: AppDeps,
  phone: Phone,
  purpose: CodePurpose,
  ip: string,
  text: (code: string) => string,
) {
  const { db } = deps.dbh;
  const now = deps.now();
  const hourAgo = new Date(now - 60 * 60 * 1000);
  const recent = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(
      and(eq(smsCodes.mobile, phone.mobile), eq(smsCodes.areaCode, phone.areaCode), gte(smsCodes.createdAt, hourAgo)),
    )
    .orderBy(desc(smsCodes.createdAt))
    .all();
  const fromIp = (await db
    .select({ n: sql<number>`count(*)` })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, hourAgo)))
    .get())!.n;
  const last = recent[0]?.createdAt.getTime() ?? 0;
  if (now - last < PER_NUMBER_GAP_MS || recent.length >= PER_NUMBER_HOURLY || fromIp >= PER_IP_HOURLY) {
    throw new ApiError(API_STATUS.tooMany, 'auth.codeRateLimited');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insert(smsCodes)
    .values({
      ...phone,
      purpose,
      codeHash: hashCode(code),
      ip,
      expiresAt: new Date(now + CODE_TTL_MS),
      createdAt: new Date(now),
    })
    .run();
  await sendSms(deps, { ...phone, text: text(code), code });
  return { expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Check a code for its purpose; a good code is used up, a wrong one counts against it. */
export async function consumeCode(
  deps: AppDeps,
  phone: Phone,
  purpose: CodePurpose,
  code: string,
): Promise<'ok' | 'wrong' | 'expired'> {
  const { db } = deps.dbh;
  const now = deps.now();
  const issued = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, phone.mobile),
        eq(smsCodes.areaCode, phone.areaCode),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date(now - 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .get();
  if (!issued || issued.failedTries >= MAX_TRIES) return 'wrong';
  if (issued.expiresAt.getTime() <= now) return 'expired';
  if (issued.codeHash !== hashCode(code)) {
    await db
      .update(smsCodes)
      .set({ failedTries: issued.failedTries + 1 })
      .where(eq(smsCodes.id, issued.id))
      .run();
    return 'wrong';
  }
  await db
    .update(smsCodes)
    .set({ usedAt: new Date(now) })
    .where(eq(smsCodes.id, issued.id))
    .run();
  return 'ok';
}

/** consumeCode, answering a refused code with the spec's message on the `code` field. */
export async function requireCode(deps: AppDeps, phone: Phone, purpose: CodePurpose, code: string): Promise<void> {
  const result = await consumeCode(deps, phone, purpose, code);
  if (result === 'ok') return;
  const key = result === 'expired' ? 'auth.codeExpired' : 'auth.codeWrong';
  throw new ApiError(API_STATUS.invalid, key, {}, { field: 'code', issues: [{ path: 'code', message: key }] });
}
