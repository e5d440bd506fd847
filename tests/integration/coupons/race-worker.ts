/**
 * One of several processes racing on the same SQLite file (tests/integration/coupons/race.test.ts), as two server
 * instances would: after the start signal, it grants a coupon one at a time to the holders in turn (phase grant),
 * or tries to use every received coupon listed (phase use), each in its own unit of work, and prints what passed.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { openDb } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { coupons } from '@console/db/schema/coupons';
import { ScopedData } from '@console/server/src/lib/data';
import { ApiError } from '@console/server/src/lib/errors';
import type { SessionUser } from '@console/server/src/lib/session';
import { dayInZone } from '@console/server/src/lib/time';
import { receiveCoupons, redeemCoupon } from '@console/server/src/routes/coupons/redeem';

const env = process.env as Record<string, string>;
const { db } = openDb(env.DB_FILE!, { migrate: false });
const ids = (name: string) => (env[name] ?? '').split(',').filter(Boolean).map(Number);

async function sessionOf(id: number): Promise<SessionUser> {
  const row = (await db
    .select({ user: users, org: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, id))
    .get())!;
  return {
    ...row.user,
    orgKind: row.org.kind,
    orgName: row.org.name,
    leaseType: 0,
    tokenHash: '',
  } as unknown as SessionUser;
}

const couponId = Number(env.COUPON_ID);
let ok = 0;
let refused = 0;
const attempt = async (work: () => unknown) => {
  try {
    await work();
    ok++;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refused++;
  }
};

console.log('ready');
while (!existsSync(env.GO_FILE!)) await sleep(5);

if (env.PHASE === 'grant') {
  const data = await ScopedData.of(db, await sessionOf(Number(env.GRANTER_ID)));
  const holders = ids('HOLDER_IDS');
  for (let i = 0; i < Number(env.ATTEMPTS); i++) {
    const holder = holders[i % holders.length]!;
    await attempt(() =>
      data.write(async (tx) => {
        const coupon = (await tx
          .unscoped('alreadyScoped')
          .select()
          .from(coupons)
          .where(eq(coupons.id, couponId))
          .get())!;
        const now = Date.now();
        return receiveCoupons(tx, coupon, {
          holders: [{ id: holder, mobile: String(holder) }],
          count: 1,
          by: null,
          now,
          today: dayInZone(now, 'Asia/Shanghai'),
        });
      }),
    );
  }
} else {
  const receipts = ids('RECEIPT_IDS');
  const holders = ids('HOLDER_IDS');
  // The coupon is used in its issuer's own shop.
  const sellerOrgId = (await db.select().from(coupons).where(eq(coupons.id, couponId)).get())!.orgId;
  for (const [i, receivedId] of receipts.entries()) {
    const buyerId = holders[i]!;
    const data = await ScopedData.of(db, await sessionOf(buyerId));
    await attempt(() =>
      data.write((tx) =>
        redeemCoupon(tx, {
          receivedId,
          buyerId,
          sellerOrgId,
          amountCents: 50_000,
          category: 'parts',
          now: Date.now(),
        }),
      ),
    );
  }
}
console.log(JSON.stringify({ ok, refused }));
