import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { esignAccounts, sealGrants, seals, signingFlows } from '@console/db/schema/lease-esign';
import { mayAct, statusAllows } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import { API_STATUS } from '@console/contract/http/envelope';
import { reasonInput } from '@console/contract/lease/forms';
import { ApiError, forbidden, invalidField } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { asActor, visibleContract } from './access.ts';
import { EsignFlowUnknown, EsignUnavailable, type EsignClient, type EsignSettings } from './esign-client.ts';
import { parseInput } from './input.ts';
import { applyCallback } from './callbacks.ts';
import { applyMove, refused } from './moves.ts';
import { contractPdf } from './pdf/contract-pdf.ts';
import { termsToSend } from '../terms/terms.ts';

export interface SigningDeps {
  db: Db;
  esign: EsignClient;
  settings: EsignSettings;
  now: () => number;
  readUpload?: (name: string) => Uint8Array | null;
  /** The money of a lessor's brand, which its contract's PDF shows (decision 064); yuan when not given. */
  moneyOf?: (lessorOrgId: number) => Promise<MoneyFormat>;
}

/** The provider could not be reached or did not answer as agreed: nothing changed, try again (never a 500). */
const unavailable = () => new ApiError(API_STATUS.conflict, 'lease.signingUnavailable');

/** The seal the lessor signs with: its own, and the starter holds a grant of it (its administrator holds all). */
async function sealFor(db: Db, user: SessionUser, lessorOrgId: number, sealId: unknown) {
  if (typeof sealId !== 'number') throw invalidField('sealId', 'lease.sealRequired');
  const seal = await db.select().from(seals).where(eq(seals.id, sealId)).get();
  if (!seal || seal.orgId !== lessorOrgId) throw invalidField('sealId', 'lease.sealRequired');
  if (user.roleId === ROLE.lessorAdmin) return seal;
  const grant = await db
    .select()
    .from(sealGrants)
    .where(and(eq(sealGrants.sealId, sealId), eq(sealGrants.userId, user.id), eq(sealGrants.state, 'active')))
    .get();
  if (!grant) throw invalidField('sealId', 'lease.sealNotGranted');
  return seal;
}

/**
 * Send an approved contract (3) for signing: the provider gets its PDF and the two signers, and answers the pages
 * where each signs; the contract waits for the lessee (5). The slow work (the PDF, the provider) happens first; the
 * status is checked again inside the unit of work, and a flow the contract no longer needs is cancelled.
 */
export async function startSigning(deps: SigningDeps, user: SessionUser, id: number, raw: unknown) {
  const { db } = deps;
  const c = await visibleContract(db, user, id);
  if (!statusAllows('startSigning', c.status)) throw refused('startSigning', c);
  if (!mayAct('startSigning', c, asActor(user))) throw forbidden();
  const auth = await db
    .select()
    .from(esignAccounts)
    .where(and(eq(esignAccounts.kind, 'org'), eq(esignAccounts.ownerId, c.lessorOrgId)))
    .get();
  if (auth?.state !== 'verified') throw new ApiError(API_STATUS.conflict, 'lease.providerNotAuthorised');
  const seal = await sealFor(db, user, c.lessorOrgId, (raw as { sealId?: unknown } | null)?.sealId);
  const org = async (orgId: number) =>
    (await db.select().from(organisations).where(eq(organisations.id, orgId)).get())!;
  const renter = await org(c.renterOrgId);
  const lessor = await org(c.lessorOrgId);
  if (!deps.settings.secret) throw unavailable();
  // The terms in force now are the ones the document carries and the contract keeps (decision 078).
  const termsVersionId = await termsToSend(db, c);
  const pdf = await contractPdf(db, id, (await deps.moneyOf?.(c.lessorOrgId)) ?? CNY, deps.readUpload, termsVersionId);
  let flow;
  try {
    flow = await deps.esign.createFlow({
      reference: String(id),
      title: `${c.number} ${renter.name}`,
      document: Buffer.from(pdf!).toString('base64'),
      signers: [
        { role: 'lessee', name: renter.contactName || renter.name, mobile: renter.contactPhone, sealText: '' },
        {
          role: 'lessor',
          name: user.name || user.nickname || lessor.name,
          mobile: user.mobile,
          sealText: seal.sealText,
        },
      ],
      callbackUrl: deps.settings.callbackUrl,
    });
  } catch (error) {
    if (error instanceof EsignUnavailable) throw unavailable();
    throw error;
  }
  try {
    await unitOfWork(db, async (tx) => {
      const now = deps.now();
      const current = await visibleContract(tx, user, id);
      await tx
        .insert(signingFlows)
        .values({
          contractId: id,
          providerFlowId: flow.flowId,
          lesseeUrl: flow.lesseeUrl,
          lessorUrl: flow.lessorUrl,
          sealId: seal.id,
          startedBy: user.id,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .run();
      await applyMove(
        tx,
        asActor(user),
        current,
        'startSigning',
        { details: { flowId: flow.flowId, sealId: seal.id, termsVersionId } },
        now,
      );
    });
  } catch (error) {
    // Moved on meanwhile (another tab started signing first): the provider's new flow must not be signed.
    await deps.esign.cancelFlow(flow.flowId).catch(() => undefined);
    throw error;
  }
  return { flowId: flow.flowId, lesseeUrl: flow.lesseeUrl, lessorUrl: flow.lessorUrl };
}

/** The contract's current signing flow (the latest), if any. */
export function currentFlow(db: Db, contractId: number) {
  return db
    .select()
    .from(signingFlows)
    .where(eq(signingFlows.contractId, contractId))
    .orderBy(desc(signingFlows.id))
    .get();
}

/**
 * What the provider says of a flow it would not cancel: `unknown` it no longer knows it (lost by a restart, expired
 * there), or the state it ended in without both signatures; null when it is still running or signed, or the
 * provider cannot be asked: then nothing may change here.
 */
async function endedAtProvider(esign: EsignClient, flowId: string, error: unknown) {
  if (error instanceof EsignFlowUnknown) return 'unknown' as const;
  if (!(error instanceof EsignUnavailable)) throw error;
  try {
    const view = await esign.getFlow(flowId);
    return view.state === 'cancelled' || view.state === 'refused' || view.state === 'failed' ? view.state : null;
  } catch (again) {
    if (again instanceof EsignFlowUnknown) return 'unknown' as const;
    if (again instanceof EsignUnavailable) return null;
    throw again;
  }
}

/**
 * The lessor calls a signing off (a wrong contract went out, the renter asked for a change): the provider cancels
 * its flow, then the contract waits for a new one (3). A flow the provider no longer knows (404), or that already
 * ended there without both signatures, is gone: it is called off here alone, and the timeline says what the provider
 * answered (`details.atProvider`). Any other failure of the provider changes nothing ("try again later").
 */
export async function cancelSigning(deps: SigningDeps, user: SessionUser, id: number, raw: unknown) {
  const { reason } = parseInput(reasonInput, raw);
  const c = await visibleContract(deps.db, user, id);
  if (!statusAllows('cancelSigning', c.status)) throw refused('cancelSigning', c);
  if (!mayAct('cancelSigning', c, asActor(user))) throw forbidden();
  const flow = await currentFlow(deps.db, id);
  let atProvider: 'cancelled' | 'unknown' | 'refused' | 'failed' | null = null;
  if (flow && (flow.state === 'lesseePending' || flow.state === 'lessorPending')) {
    try {
      await deps.esign.cancelFlow(flow.providerFlowId);
      atProvider = 'cancelled';
    } catch (error) {
      atProvider = await endedAtProvider(deps.esign, flow.providerFlowId, error);
      if (atProvider === null) throw unavailable();
    }
  }
  return unitOfWork(deps.db, async (tx) => {
    const now = deps.now();
    const current = await visibleContract(tx, user, id);
    if (flow) {
      await tx
        .update(signingFlows)
        .set({ state: 'cancelled', updatedAt: new Date(now) })
        .where(and(eq(signingFlows.id, flow.id), inArray(signingFlows.state, ['lesseePending', 'lessorPending'])))
        .run();
    }
    return applyMove(
      tx,
      asActor(user),
      current,
      'cancelSigning',
      { reason, details: { flowId: flow?.providerFlowId, ...(atProvider ? { atProvider } : {}) } },
      now,
    );
  });
}

/**
 * Ask the provider how the contract's signing stands and take, through the callbacks' own path, each event it reports
 * that the server has not taken (a callback lost on the way, or refused while it could not be checked): the contract
 * moves as those callbacks would have moved it, each event once. Who may call the signing off may ask. A flow the
 * provider no longer knows is lost: the answer says to call the signing off (cancelSigning) and send it again.
 */
export async function askSigning(deps: SigningDeps, user: SessionUser, id: number) {
  const c = await visibleContract(deps.db, user, id);
  const flow = await currentFlow(deps.db, id);
  if (!statusAllows('cancelSigning', c.status) || !flow) {
    throw new ApiError(API_STATUS.conflict, 'lease.notSigning', {
      number: c.number,
      status: `lease.status.${c.status}`,
    });
  }
  if (!mayAct('cancelSigning', c, asActor(user))) throw forbidden();
  let view;
  try {
    view = await deps.esign.getFlow(flow.providerFlowId);
  } catch (error) {
    if (error instanceof EsignFlowUnknown) throw new ApiError(API_STATUS.conflict, 'lease.signingLost');
    if (error instanceof EsignUnavailable) throw unavailable();
    throw error;
  }
  let learned = 0;
  for (const event of view.events) {
    if ((await applyCallback(deps.db, event, deps.now())) === 'applied') learned += 1;
  }
  return { status: (await visibleContract(deps.db, user, id)).status, learned };
}

/**
 * Ask the provider again for a party's standing (the "refresh" of the authorisation status and of an employee's
 * e-signature verification) and keep its answer. Org: the user's own lessor; user: an employee of it.
 */
export async function refreshAccount(deps: SigningDeps, user: SessionUser, kind: 'org' | 'user', ownerId: number) {
  if (user.orgKind !== 'lessor' || (user.roleId !== ROLE.lessorAdmin && user.roleId !== ROLE.lessorStaff)) {
    throw forbidden();
  }
  if (kind === 'org' && ownerId !== user.orgId) throw forbidden();
  if (kind === 'user') {
    const employee = await deps.db.select().from(users).where(eq(users.id, ownerId)).get();
    if (!employee || employee.orgId !== user.orgId) throw forbidden();
  }
  let view;
  try {
    view = await deps.esign.account(kind, String(ownerId));
  } catch (error) {
    if (error instanceof EsignUnavailable) throw unavailable();
    throw error;
  }
  const values = {
    providerAccountId: view.accountId,
    state: view.state,
    expiresOn: view.expiresOn,
    checkedAt: new Date(deps.now()),
  };
  await unitOfWork(deps.db, async (tx) => {
    await tx
      .insert(esignAccounts)
      .values({ kind, ownerId, ...values })
      .onConflictDoUpdate({ target: [esignAccounts.kind, esignAccounts.ownerId], set: values })
      .run();
  });
  return view;
}
