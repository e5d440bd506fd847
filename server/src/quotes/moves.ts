import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { contracts, stores } from '@console/db/schema/lease';
import { quoteEvents, quoteLines, quotes } from '@console/db/schema/quotes';
import { quoteNumber } from '@console/db/doc-numbers';
import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import {
  canEditQuote,
  canMoveQuote,
  QUOTE_FLOW,
  type QuoteAction,
  type QuoteEvent,
  type QuoteState,
} from '@console/contract/quotes/flow';
import type { z } from 'zod';
import type { QuoteInput, quoteMoveInput } from '@console/contract/quotes/forms';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import type { AppDeps } from '../lib/deps.ts';
import { brandByAppid } from '../lib/brands.ts';
import { orgBrand, type ReaderLang } from '../lib/org-brand.ts';
import { orgNumberDay, orgToday, orgTodays } from '../lib/org-day.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { createDraft } from '../lease/drafts.ts';
import { quoteActor, writesQuotes } from './access.ts';
import { quoteHolds, releaseQuoteHolds, takeHolds, type HoldRequest } from './holds.ts';
import { discountLimitFor, priceLines } from './pricing.ts';

/**
 * Every write of a quote, in one unit of work each, and what each move does to the quote's holds as the state machine
 * declares it (contract/quotes/flow.ts). The module reads with the whole database and applies the quotes' own
 * visibility rule to every quote it opens (`visibleQuote`).
 */
export type Quote = typeof quotes.$inferSelect;

export function canSeeQuote(user: SessionUser, q: Quote): boolean {
  if (user.orgKind === 'operator') return (OPERATOR_ROLES as readonly number[]).includes(user.roleId);
  if (user.orgKind !== 'lessor' || !(LESSOR_ROLES as readonly number[]).includes(user.roleId)) return false;
  if (q.orgId !== user.orgId) return false;
  return user.roleId !== ROLE.lessorSales || q.createdBy === user.id || q.salespersonId === user.id;
}

/** A quote this person may see, or "not found" (its existence is not told). */
export async function visibleQuote(db: Db, user: SessionUser, id: number): Promise<Quote> {
  const q = await db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!q || !canSeeQuote(user, q)) throw notFound();
  return q;
}

/** The language of the company's brand: its quotes are written in it. */
export async function brandLang(deps: AppDeps, db: Db, orgId: number): Promise<'zh' | 'en'> {
  const brand = await orgBrand(deps, db, orgId);
  const pack = brandByAppid(deps, brand.appid);
  if (pack?.info.defaultLang) return pack.info.defaultLang === 'en' ? 'en' : 'zh';
  return brand.money.currency.code === 'CNY' ? 'zh' : 'en';
}

async function checkRefs(tx: Db, orgId: number, input: QuoteInput) {
  if (input.renterId !== null) {
    const renter = await tx.select().from(organisations).where(eq(organisations.id, input.renterId)).get();
    if (!renter || renter.kind !== 'customer' || renter.parentId !== orgId) {
      throw invalidField('renterId', 'quotes.renterInvalid');
    }
  }
  const store = await tx.select().from(stores).where(eq(stores.id, input.storeId)).get();
  if (!store || store.orgId !== orgId) throw invalidField('storeId', 'lease.storeInvalid');
  if (input.salespersonId !== null) {
    const sales = await tx.select().from(users).where(eq(users.id, input.salespersonId)).get();
    if (!sales || sales.orgId !== orgId || sales.roleId !== ROLE.lessorSales || sales.disabled) {
      throw invalidField('salespersonId', 'lease.salespersonInvalid');
    }
  }
}

function terms(input: QuoteInput, salespersonId: number | null, totalCents: number) {
  return {
    renterOrgId: input.renterId,
    // A renter's quote names the renter; the prospect's fields are for a customer not registered yet.
    prospectName: input.renterId === null ? input.prospectName : '',
    prospectContact: input.prospectContact,
    prospectPhone: input.prospectPhone,
    storeId: input.storeId,
    salespersonId,
    validUntil: input.validUntil,
    startOn: input.startOn,
    endOn: input.endOn,
    siteProvince: input.siteProvince,
    siteCity: input.siteCity,
    siteDistrict: input.siteDistrict,
    siteAddress: input.siteAddress,
    remark: input.remark,
    totalCents,
  };
}

async function writeLines(tx: Db, quoteId: number, lines: Awaited<ReturnType<typeof priceLines>>['lines']) {
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId)).run();
  for (const l of lines)
    await tx
      .insert(quoteLines)
      .values({ ...l, quoteId })
      .run();
}

async function record(
  tx: Db,
  quoteId: number,
  action: QuoteEvent,
  userId: number | null,
  from: QuoteState | '',
  to: QuoteState | '',
  now: number,
  reason = '',
) {
  await tx
    .insert(quoteEvents)
    .values({ quoteId, action, userId, fromState: from, toState: to, reason, at: new Date(now) })
    .run();
}

/** The holding request of a quote's lines as stored. */
export async function holdRequestOf(tx: Db, q: Quote): Promise<HoldRequest> {
  const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, q.id)).all();
  return {
    orgId: q.orgId,
    storeId: q.storeId,
    startOn: q.startOn,
    endOn: q.endOn,
    lines: lines.map((l) => ({ deviceId: l.deviceId, modelId: l.modelId, count: l.count })),
    own: { quoteId: q.id, contractId: q.contractId },
  };
}

/** Save a new quote as a draft of the person's company. */
export async function createQuote(
  db: Db,
  deps: AppDeps,
  user: SessionUser,
  input: QuoteInput,
  readerLang: ReaderLang,
): Promise<{ id: number; number: string }> {
  if (!writesQuotes(user)) throw forbidden();
  const now = deps.now();
  const lang = await brandLang(deps, db, user.orgId);
  const limit = await discountLimitFor(db, user);
  const salespersonId = user.roleId === ROLE.lessorSales ? user.id : input.salespersonId;
  return unitOfWork(db, async (tx) => {
    if (input.validUntil < (await orgToday(tx, user.orgId, now))) throw invalidField('validUntil', 'quotes.validPast');
    await checkRefs(tx, user.orgId, { ...input, salespersonId });
    const { lines, totalCents } = await priceLines(tx, user.orgId, input, limit, readerLang);
    const at = new Date(now);
    const row = await tx
      .insert(quotes)
      .values({
        ...terms(input, salespersonId, totalCents),
        number: `new-${now}-${user.id}`,
        orgId: user.orgId,
        state: 'draft',
        lang,
        createdBy: user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: quotes.id })
      .get();
    const number = quoteNumber(lang, row.id, await orgNumberDay(tx, user.orgId, now));
    await tx.update(quotes).set({ number }).where(eq(quotes.id, row.id)).run();
    await writeLines(tx, row.id, lines);
    await record(tx, row.id, 'create', user.id, '', 'draft', now);
    return { id: row.id, number };
  });
}

/** Change a draft; a draft that holds its machines holds them again for its new lines and days, or refuses. */
export async function updateQuote(
  db: Db,
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: QuoteInput,
  readerLang: ReaderLang,
): Promise<void> {
  const now = deps.now();
  const limit = await discountLimitFor(db, user);
  await unitOfWork(db, async (tx) => {
    const q = await visibleQuote(tx, user, id);
    if (!canEditQuote(q, quoteActor(user))) {
      if (writesQuotes(user) && q.orgId === user.orgId) throw new ApiError(API_STATUS.conflict, 'quotes.notEditable');
      throw forbidden();
    }
    if (input.validUntil < (await orgToday(tx, q.orgId, now))) throw invalidField('validUntil', 'quotes.validPast');
    const salespersonId = user.roleId === ROLE.lessorSales ? q.salespersonId : input.salespersonId;
    await checkRefs(tx, q.orgId, { ...input, salespersonId });
    const { lines, totalCents } = await priceLines(tx, q.orgId, input, limit, readerLang);
    const held = await quoteHolds(tx, q.id);
    await tx
      .update(quotes)
      .set({ ...terms(input, salespersonId, totalCents), updatedAt: new Date(now) })
      .where(eq(quotes.id, id))
      .run();
    await writeLines(tx, id, lines);
    if (held) {
      await releaseQuoteHolds(tx, id, 'edited', now);
      const next = (await tx.select().from(quotes).where(eq(quotes.id, id)).get())!;
      await takeHolds(tx, await holdRequestOf(tx, next), readerLang, now);
    }
    await record(tx, id, 'edit', user.id, q.state, q.state, now);
  });
}

/** A draft holds its machines before it is sent, or lets them go. */
export async function holdDraft(
  db: Db,
  deps: AppDeps,
  user: SessionUser,
  id: number,
  hold: boolean,
  readerLang: ReaderLang,
): Promise<void> {
  const now = deps.now();
  await unitOfWork(db, async (tx) => {
    const q = await visibleQuote(tx, user, id);
    if (!canEditQuote(q, quoteActor(user))) {
      if (writesQuotes(user) && q.orgId === user.orgId) throw new ApiError(API_STATUS.conflict, 'quotes.notEditable');
      throw forbidden();
    }
    const held = await quoteHolds(tx, q.id);
    if (held === hold) throw new ApiError(API_STATUS.conflict, 'quotes.moveNotAllowed');
    if (hold) await takeHolds(tx, await holdRequestOf(tx, q), readerLang, now);
    else await releaseQuoteHolds(tx, q.id, 'unheld', now);
    await record(tx, q.id, hold ? 'hold' : 'unhold', user.id, q.state, q.state, now);
  });
}

const ENDED_AS: Partial<Record<QuoteAction, string>> = {
  decline: 'declined',
  withdraw: 'withdrawn',
  expire: 'expired',
};

/**
 * Apply one move to a quote in hand, inside the caller's unit of work: its state, what it does to the holds
 * (QUOTE_FLOW[action].holds), its timeline entry. Accepting writes the contract draft and links the two.
 */
async function applyMove(
  tx: Db,
  q: Quote,
  action: QuoteAction,
  who: { user: SessionUser | null; reason: string; renterId: number | null },
  now: number,
  readerLang: ReaderLang,
): Promise<number | null> {
  const t = QUOTE_FLOW[action];
  let contractId: number | null = null;
  if (t.holds === 'hold' && !(await quoteHolds(tx, q.id))) {
    await takeHolds(tx, await holdRequestOf(tx, q), readerLang, now);
  }
  if (t.holds === 'release') await releaseQuoteHolds(tx, q.id, ENDED_AS[action] ?? action, now);
  if (t.holds === 'toContract') {
    const renterId = q.renterOrgId ?? who.renterId;
    if (renterId === null) throw invalidField('renterId', 'quotes.renterRequiredToAccept');
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, q.id)).all();
    const made = await createDraft(
      tx,
      who.user!,
      {
        renterId,
        storeId: q.storeId,
        salespersonId: q.salespersonId,
        startOn: q.startOn,
        endOn: q.endOn,
        siteProvince: q.siteProvince,
        siteCity: q.siteCity,
        siteDistrict: q.siteDistrict,
        siteAddress: q.siteAddress,
        remark: q.remark,
        lang: q.lang,
        lines: lines.map((l) => ({
          deviceId: l.deviceId,
          modelId: l.modelId,
          count: l.count,
          businessModel: l.businessModel,
          dayCents: l.dayCents,
          monthCents: l.monthCents,
        })),
      },
      now,
      // The quote's holds pass to the contract draft rather than being taken again.
      { fromQuote: q.id, lang: readerLang },
    );
    contractId = made.id;
  }
  await tx
    .update(quotes)
    .set({
      state: t.to,
      updatedAt: new Date(now),
      ...(contractId === null ? {} : { contractId }),
      ...(q.renterOrgId === null && who.renterId !== null && t.holds === 'toContract'
        ? { renterOrgId: who.renterId }
        : {}),
    })
    .where(eq(quotes.id, q.id))
    .run();
  await record(tx, q.id, action, who.user?.id ?? null, q.state, t.to, now, who.reason);
  return contractId;
}

/** A person's move on a quote (send, accept, decline, withdraw). */
export async function moveQuote(
  db: Db,
  deps: AppDeps,
  user: SessionUser,
  body: z.output<typeof quoteMoveInput>,
  readerLang: ReaderLang,
): Promise<{ contractId: number | null; contractNumber: string }> {
  const now = deps.now();
  return unitOfWork(db, async (tx) => {
    const q = await visibleQuote(tx, user, body.id);
    if (!canMoveQuote(body.action, q, quoteActor(user))) {
      if (writesQuotes(user) && q.orgId === user.orgId) {
        throw new ApiError(API_STATUS.conflict, 'quotes.moveNotAllowed');
      }
      throw forbidden();
    }
    if (QUOTE_FLOW[body.action].reasonRequired && body.reason === '') {
      throw invalidField('reason', 'quotes.reasonRequired');
    }
    if (body.action === 'send' || body.action === 'accept') {
      if (q.validUntil < (await orgToday(tx, q.orgId, now))) throw new ApiError(API_STATUS.conflict, 'quotes.expired');
    }
    if (body.action === 'accept' && q.renterOrgId === null && body.renterId !== null) {
      const renter = await tx.select().from(organisations).where(eq(organisations.id, body.renterId)).get();
      if (!renter || renter.kind !== 'customer' || renter.parentId !== q.orgId) {
        throw invalidField('renterId', 'quotes.renterInvalid');
      }
    }
    const contractId = await applyMove(
      tx,
      q,
      body.action,
      { user, reason: body.reason, renterId: body.renterId },
      now,
      readerLang,
    );
    if (contractId === null) return { contractId, contractNumber: '' };
    const c = await tx.select({ number: contracts.number }).from(contracts).where(eq(contracts.id, contractId)).get();
    return { contractId, contractNumber: c?.number ?? '' };
  });
}

/**
 * The scheduler's pass: every sent quote whose validity ended before its company's today expires and releases what
 * it held. Running it twice expires nothing twice.
 */
export async function expireQuotes(db: Db, now: number): Promise<number> {
  const todayOf = await orgTodays(db, now);
  const sent = await db.select().from(quotes).where(eq(quotes.state, 'sent')).all();
  let expired = 0;
  for (const q of sent) {
    if (q.validUntil >= todayOf(q.orgId)) continue;
    await unitOfWork(db, async (tx) => {
      const still = await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, q.id), eq(quotes.state, 'sent'), lt(quotes.validUntil, todayOf(q.orgId))))
        .get();
      if (!still) return;
      await applyMove(tx, still, 'expire', { user: null, reason: '', renterId: null }, now, still.lang);
      expired += 1;
    });
  }
  return expired;
}
