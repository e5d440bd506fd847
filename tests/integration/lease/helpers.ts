import { CNY } from '@console/contract/codes/money';
import { and, eq, inArray } from 'drizzle-orm';
import { orgTimeZone } from '@console/db/org-zone';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { leasePrices } from '@console/db/schema/products';
import { contractEvents, contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { findSessionUser, type SessionUser } from '@console/server/src/lib/session';
import { ApiError } from '@console/server/src/lib/errors';
import { signingFlows } from '@console/db/schema/lease-esign';
import { asActor } from '@console/server/src/lease/access';
import { createDraft } from '@console/server/src/lease/drafts';
import { applyMove } from '@console/server/src/lease/moves';
import { submit } from '@console/server/src/lease/review';
import type { TestApp } from '../../fixtures/test-app.ts';

/** The session user of a demo account (Huadong's staff for roles 5, 6, 7, 10). */
export async function demoUser(t: TestApp, roleId: RoleId): Promise<SessionUser> {
  return (await findSessionUser(t.dbh.db, await t.tokenFor(roleId), t.deps.now()))!;
}

/** A seeded user of another organisation, as a session would see them. */
export async function userOf(t: TestApp, orgId: number, roleId: RoleId): Promise<SessionUser> {
  const u = (await t.dbh.db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, roleId)))
    .get())!;
  const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, orgId)).get())!;
  return {
    id: u.id,
    orgId,
    orgKind: org.kind,
    orgName: org.name,
    leaseType: org.leaseType,
    roleId: u.roleId,
    mobile: u.mobile,
    areaCode: u.areaCode,
    nickname: u.nickname,
    name: u.name,
    avatar: u.avatar,
    introduction: u.introduction,
    tokenHash: '',
    orgTimeZone: await orgTimeZone(t.dbh.db, orgId),
  };
}

export const lessorIds = async (t: TestApp) =>
  (
    await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).orderBy(organisations.id).all()
  ).map((o) => o.id);

/**
 * A renter of the lessor by its standing: verified and clear, still being verified, or verified and in arrears (so
 * its arrears alone keep automatic approval off).
 */
export async function renterOf(t: TestApp, lessorId: number, which: 'clear' | 'pending' | 'arrears') {
  // By organisation: the same renter on either engine (the first clear one is the demo customer's company).
  const rows = await t.dbh.db
    .select()
    .from(renters)
    .where(eq(renters.lessorOrgId, lessorId))
    .orderBy(renters.orgId)
    .all();
  const found = rows.find((r) =>
    which === 'clear'
      ? r.realNameState === 'verified' && r.arrearsCents === 0
      : which === 'pending'
        ? r.realNameState !== 'verified'
        : r.realNameState === 'verified' && r.arrearsCents > 0,
  );
  return found!.orgId;
}

export const storeOf = async (t: TestApp, lessorId: number) =>
  (await t.dbh.db.select().from(stores).where(eq(stores.orgId, lessorId)).get())!.id;

/** Machines of the lessor in stock that no contract claims (fresh for a new contract). */
export async function freeStock(
  t: TestApp,
  lessorId: number,
  count: number,
): Promise<{ id: number; serialNumber: string }[]> {
  const claimed = new Set(
    (
      await t.dbh.db
        .select({ id: contractLines.deviceId })
        .from(contractLines)
        .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
        .all()
    ).map((r) => r.id),
  );
  return (
    await t.dbh.db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(and(eq(devices.orgId, lessorId), eq(devices.leaseStatus, 'stock')))
      .orderBy(devices.id)
      .all()
  )
    .filter((d) => !claimed.has(d.id))
    .slice(-count);
}

/**
 * Machines of the lessor in stock that no contract claims, of a model with a list price under business model 23
 * (decision 049), each with that day price: a contract at its list price that automatic approval may approve.
 */
export async function listedStock(
  t: TestApp,
  lessorId: number,
  count: number,
): Promise<{ id: number; serialNumber: string; modelId: number; dayCents: number }[]> {
  const listed = new Map(
    (
      await t.dbh.db
        .select()
        .from(leasePrices)
        .where(and(eq(leasePrices.orgId, lessorId), eq(leasePrices.businessModel, 23)))
        .all()
    ).map((p) => [p.modelId, p.dayCents!]),
  );
  const models = new Map(
    (
      await t.dbh.db
        .select({ id: devices.id, modelId: devices.modelId })
        .from(devices)
        .where(eq(devices.orgId, lessorId))
        .all()
    ).map((d) => [d.id, d.modelId]),
  );
  return (await freeStock(t, lessorId, Number.MAX_SAFE_INTEGER))
    .filter((m) => listed.has(models.get(m.id)!))
    .slice(-count)
    .map((m) => ({ ...m, modelId: models.get(m.id)!, dayCents: listed.get(models.get(m.id)!)! }));
}

export const contractRow = async (t: TestApp, id: number) =>
  (await t.dbh.db.select().from(contracts).where(eq(contracts.id, id)).get())!;

export const timeline = (t: TestApp, id: number) =>
  t.dbh.db.select().from(contractEvents).where(eq(contractEvents.contractId, id)).orderBy(contractEvents.id).all();

/** A seeded contract of the lessor in this status. */
export const seededIn = async (t: TestApp, lessorId: number, status: number) =>
  (await t.dbh.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.lessorOrgId, lessorId), inArray(contracts.status, [status])))
    .orderBy(contracts.id)
    .get())!;

/** The refusal a call throws or rejects with: its status and message key (and the field, for invalid input). */
export async function refusal(
  run: () => unknown,
): Promise<{ status: string; key: string; field?: string; reason?: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      status: error.status,
      key: error.messageKey,
      ...(error.params.field ? { field: String(error.params.field), reason: String(error.params.reason) } : {}),
    };
  }
}

export const SALES = ROLE.lessorSales;

/**
 * A fresh contract waiting for the lessee's signature (5) with its flow, as startSigning leaves one, without a
 * provider: a salesperson's draft for a clear renter at the list price, approved by the company's rule, sent for
 * signing.
 */
export async function inSigning(
  t: TestApp,
  lessorId: number,
): Promise<{ contract: typeof contracts.$inferSelect; flowId: string }> {
  const db = t.dbh.db;
  const sales = await userOf(t, lessorId, ROLE.lessorSales);
  const { id } = await createDraft(
    db,
    sales,
    {
      renterId: await renterOf(t, lessorId, 'clear'),
      storeId: await storeOf(t, lessorId),
      startOn: '2027-05-01',
      endOn: '2027-05-03',
      siteAddress: '张江路1号',
      lines: (await listedStock(t, lessorId, 1)).map((m) => ({
        deviceId: m.id,
        businessModel: 23,
        dayCents: m.dayCents,
      })),
    },
    t.deps.now(),
  );
  await submit(db, sales, id, t.deps.now(), CNY);
  const flowId = `F-test-${id}`;
  await db.transaction(async (tx) => {
    await tx.insert(signingFlows).values({ contractId: id, providerFlowId: flowId, startedBy: sales.id }).run();
    await applyMove(tx, asActor(sales), await contractRow(t, id), 'startSigning', {}, t.deps.now());
  });
  return { contract: await contractRow(t, id), flowId };
}
