import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import { demoAccount } from '@console/db/seed/accounts';
import { ROLE } from '@console/contract/codes/roles';
import { dayInZone } from '@console/server/src/lib/time';
import { demoImage } from '../../fixtures/demo-image.ts';
import { eventually, runTs, type ChildRun } from '../../fixtures/server-process.ts';

const WORKER = 'tests/integration/coupons/race-worker.ts';
const PROCESSES = 3;
const TOTAL = 120;

/**
 * Remaining counts never go below zero, and a received coupon is used once, when several processes (as several
 * server instances on one database would) grant and use the same coupon at the same moment. Each process waits
 * for the same start signal, then hammers the coupon: together they ask for far more than it holds.
 */
describe('a coupon raced by several processes on one database', () => {
  let dir: string;
  let dbh: DbHandle;
  let couponId: number;
  let holders: number[];
  let granterId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coupon-race-'));
    const file = join(dir, 'race.db');
    writeFileSync(file, await demoImage());
    dbh = openDb(file, { migrate: false });
    const admin = (await dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get())!;
    holders = (await dbh.db.select({ id: users.id }).from(users).where(eq(users.orgId, admin.orgId)).all()).map(
      (u) => u.id,
    );
    const today = dayInZone(Date.now(), 'Asia/Shanghai');
    couponId = (
      await dbh.db
        .insert(coupons)
        .values({
          orgId: admin.orgId,
          name: 'race',
          type: 'cash',
          faceValueCents: 1000,
          issueFrom: today,
          issueTo: today,
          total: TOTAL,
          perUserLimit: TOTAL,
          remaining: TOTAL,
          validHours: 24,
          category: 'parts',
          createdBy: admin.id,
        })
        .returning({ id: coupons.id })
        .get()
    ).id;
    granterId = admin.id;
  });
  afterAll(() => {
    dbh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Start the processes, let them go together, and answer what each got through. */
  async function race(phase: 'grant' | 'use', env: Record<string, string>) {
    const go = join(dir, `go-${phase}`);
    const runs: ChildRun[] = Array.from({ length: PROCESSES }, () =>
      runTs(WORKER, {
        DB_FILE: join(dir, 'race.db'),
        COUPON_ID: String(couponId),
        GO_FILE: go,
        PHASE: phase,
        ...env,
      }),
    );
    await eventually('every process ready', () => runs.every((r) => r.output.join('').includes('ready')), 60_000);
    writeFileSync(go, '');
    await Promise.all(runs.map((r) => r.exited()));
    return runs.map((r) => {
      const last = r.output.join('').trim().split('\n').at(-1)!;
      expect(r.child.exitCode, r.output.join('')).toBe(0);
      return JSON.parse(last) as { ok: number; refused: number };
    });
  }

  it('gives out exactly the total, never below zero, then uses each received coupon once', async () => {
    const attempts = TOTAL;
    const granted = await race('grant', {
      GRANTER_ID: String(granterId),
      HOLDER_IDS: holders.join(','),
      ATTEMPTS: String(attempts),
    });
    // Three times the total was asked for: exactly the total passed, the rest was refused.
    expect(granted.reduce((s, r) => s + r.ok, 0)).toBe(TOTAL);
    expect(granted.reduce((s, r) => s + r.refused, 0)).toBe(PROCESSES * attempts - TOTAL);
    const coupon = (await dbh.db.select().from(coupons).where(eq(coupons.id, couponId)).get())!;
    expect(coupon.remaining).toBe(0);
    const receipts = await dbh.db.select().from(couponReceipts).where(eq(couponReceipts.couponId, couponId)).all();
    expect(receipts).toHaveLength(TOTAL);

    // Every process tries to use every received coupon: each is used once.
    const used = await race('use', {
      RECEIPT_IDS: receipts.map((r) => r.id).join(','),
      HOLDER_IDS: receipts.map((r) => r.holderId).join(','),
    });
    expect(used.reduce((s, r) => s + r.ok, 0)).toBe(TOTAL);
    expect(used.reduce((s, r) => s + r.refused, 0)).toBe((PROCESSES - 1) * TOTAL);
    const marked = await dbh.db.select().from(couponReceipts).where(isNotNull(couponReceipts.usedAt)).all();
    expect(marked.filter((r) => r.couponId === couponId)).toHaveLength(TOTAL);
  }, 120_000);
});
