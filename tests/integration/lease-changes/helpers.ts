import { CNY } from '@console/contract/codes/money';
import { eq } from 'drizzle-orm';
import { contracts } from '@console/db/schema/lease';
import { seals } from '@console/db/schema/lease-esign';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { billLines, bills } from '@console/db/schema/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import type { CallbackBody } from '@console/contract/lease/esign-protocol';
import { approve, submit } from '@console/server/src/lease/review';
import type { SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { demoUser } from '../lease/helpers.ts';
import { mapInOrder } from '@console/db/in-order';

/** Save a change as the demo administrator (Huadong) and answer the envelope. */
export const writeChange = async (t: TestApp, body: Record<string, unknown>, roleId: number = ROLE.lessorAdmin) =>
  t.call(api.create, { token: await t.tokenFor(roleId as never), lang: 'en_US', body: body as never });

/** Save a change that must be accepted; answers its id. */
export async function changeOf(t: TestApp, body: Record<string, unknown>): Promise<number> {
  const made = await writeChange(t, body);
  if (made.status !== '200') throw new Error(`change refused: ${made.message} ${JSON.stringify(made.data)}`);
  return made.data.id;
}

/** A party signs on the provider's page; answers the event the provider made of it. */
export async function signOnPage(
  f: SigningFixture,
  url: string,
  name: string,
  type: 'lesseeSigned' | 'lessorSigned',
): Promise<CallbackBody> {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ name, action: 'sign', reason: '' }),
  });
  if (!response.ok) throw new Error(`signing page answered ${response.status}: ${await response.text()}`);
  const flowId = new URL(url).pathname.split('/')[2]!;
  const event = f.provider.flows.get(flowId)?.events.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event in flow ${flowId}`);
  return event;
}

/** The lessor's administrator starts the signing of an approved contract or change with the company's seal. */
export async function startSigning(t: TestApp, id: number) {
  const lessorOrgId = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, id)).get())!.lessorOrgId;
  const seal = (await t.dbh.db.select().from(seals).where(eq(seals.orgId, lessorOrgId)).get())!;
  const started = await t.call(leaseContractEndpoints.move, {
    token: await t.tokenFor(ROLE.lessorAdmin),
    body: { id, action: 'startSigning', sealId: seal.id },
  });
  if (started.status !== '200' || !started.data.signing) {
    throw new Error(`${id} could not be sent for signing: ${started.message}`);
  }
  return started.data.signing;
}

/**
 * Take a saved change through the contract's own flow to "in force": submitted (approved by a rule, else by the
 * administrator), sent for signing, and signed by both parties through the provider's pages and signed callbacks.
 */
export async function putInForce(f: SigningFixture, id: number): Promise<void> {
  const { t } = f;
  const db = t.dbh.db;
  const admin = await demoUser(t, ROLE.lessorAdmin);
  if ([0, 2, 4].includes(await statusOf(t, id))) await submit(db, admin, id, t.deps.now(), CNY);
  if ((await statusOf(t, id)) === 1) await approve(db, admin, id, t.deps.now());
  await f.sign(id);
}

/** A rule of the lessor that approves everything (up to ten years), made by its administrator and tried first. */
export async function approveEverything(t: TestApp): Promise<string> {
  const name = '变更自动审批';
  const token = await t.tokenFor(ROLE.lessorAdmin);
  const made = await t.call(partyEndpoints.ruleCreate, { token, body: { name, maxDays: 3650 } });
  if (made.status !== '200') throw new Error(`rule: ${made.message}`);
  const rules = await t.call(partyEndpoints.ruleList, { token });
  const others = rules.data.list.map((r) => r.id).filter((id) => id !== made.data.id);
  const reordered = await t.call(partyEndpoints.ruleReorder, { token, body: { ids: [made.data.id, ...others] } });
  if (reordered.status !== '200') throw new Error(`rule order: ${reordered.message}`);
  return name;
}

export const periodsOf = (t: TestApp, contractId: number) =>
  t.dbh.db.select().from(leasePeriods).where(eq(leasePeriods.contractId, contractId)).orderBy(leasePeriods.id).all();

/** The contract's bills, each with its lines (device, days, amount), oldest first. */
export async function billsWithLines(t: TestApp, contractId: number) {
  const db = t.dbh.db;
  return await mapInOrder(
    await db.select().from(bills).where(eq(bills.contractId, contractId)).orderBy(bills.id).all(),
    async (b) => ({
      ...b,
      lines: (await db.select().from(billLines).where(eq(billLines.billId, b.id)).orderBy(billLines.fromOn).all()).map(
        (l) => ({ deviceId: l.deviceId, fromOn: l.fromOn, toOn: l.toOn, amountCents: l.amountCents }),
      ),
    }),
  );
}

export const statusOf = async (t: TestApp, id: number) =>
  (await t.dbh.db.select().from(contracts).where(eq(contracts.id, id)).get())!.status;
