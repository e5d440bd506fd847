import { eq } from 'drizzle-orm';
import { approvalRules, contracts } from '@console/db/schema/lease';
import { signingFlows } from '@console/db/schema/lease-esign';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { billLines, bills } from '@console/db/schema/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { asActor } from '@console/server/src/lease/access';
import { applyCallback } from '@console/server/src/lease/callbacks';
import { applyMove } from '@console/server/src/lease/moves';
import { approve, submit } from '@console/server/src/lease/review';
import type { TestApp } from '../../fixtures/test-app.ts';
import { contractRow, demoUser } from '../lease/helpers.ts';

/** Save a change as the demo administrator (Huadong) and answer the envelope. */
export const writeChange = (t: TestApp, body: Record<string, unknown>, roleId: number = ROLE.lessorAdmin) =>
  t.call(api.create, { token: t.tokenFor(roleId as never), lang: 'en_US', body: body as never });

/** Save a change that must be accepted; answers its id. */
export async function changeOf(t: TestApp, body: Record<string, unknown>): Promise<number> {
  const made = await writeChange(t, body);
  if (made.status !== '200') throw new Error(`change refused: ${made.message} ${JSON.stringify(made.data)}`);
  return made.data.id;
}

let events = 0;
/**
 * Take a saved change through the contract's own flow to "in force": submitted (approved by a rule, else by the
 * administrator), sent for signing, and signed by both parties through the provider's verified callbacks.
 */
export function putInForce(t: TestApp, id: number): void {
  const db = t.dbh.db;
  const admin = demoUser(t, ROLE.lessorAdmin);
  if ([0, 2, 4].includes(statusOf(t, id))) submit(db, admin, id, t.deps.now());
  if (statusOf(t, id) === 1) approve(db, admin, id, t.deps.now());
  const flowId = `F-change-${id}`;
  db.transaction((tx) => {
    tx.insert(signingFlows).values({ contractId: id, providerFlowId: flowId, startedBy: admin.id }).run();
    applyMove(tx, asActor(admin), contractRow(t, id), 'startSigning', {}, t.deps.now());
  });
  for (const type of ['lesseeSigned', 'lessorSigned'] as const) {
    events += 1;
    const outcome = applyCallback(
      db,
      { eventId: `E-change-${id}-${events}`, flowId, reference: String(id), type, signer: '张三', reason: '', at: 1 },
      t.deps.now(),
    );
    if (outcome !== 'applied') throw new Error(`callback ${type}: ${outcome}`);
  }
}

/** A rule of the lessor that approves everything, tried first. */
export function approveEverything(t: TestApp, lessorId: number): string {
  const name = '变更自动审批';
  t.dbh.db.insert(approvalRules).values({ orgId: lessorId, name, position: -1, maxDays: 10_000 }).run();
  return name;
}

export const periodsOf = (t: TestApp, contractId: number) =>
  t.dbh.db.select().from(leasePeriods).where(eq(leasePeriods.contractId, contractId)).orderBy(leasePeriods.id).all();

/** The contract's bills, each with its lines (device, days, amount), oldest first. */
export function billsWithLines(t: TestApp, contractId: number) {
  const db = t.dbh.db;
  return db
    .select()
    .from(bills)
    .where(eq(bills.contractId, contractId))
    .orderBy(bills.id)
    .all()
    .map((b) => ({
      ...b,
      lines: db
        .select()
        .from(billLines)
        .where(eq(billLines.billId, b.id))
        .orderBy(billLines.fromOn)
        .all()
        .map((l) => ({ deviceId: l.deviceId, fromOn: l.fromOn, toOn: l.toOn, amountCents: l.amountCents })),
    }));
}

export const statusOf = (t: TestApp, id: number) =>
  t.dbh.db.select().from(contracts).where(eq(contracts.id, id)).get()!.status;
