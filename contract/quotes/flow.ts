import { ROLE, type RoleId } from '../codes/roles.ts';

/**
 * A quote's state machine, declared once (docs/decisions/069-quotes-and-reservations.md): the server refuses what
 * it does not allow and the console offers only what it allows. Each move also says what it does to the machines
 * the quote holds (its reservations), so the one place that applies a move reads the effect from here.
 */
export const QUOTE_STATES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/**
 * Who takes a move on a quote:
 * - `manager`: the lessor's administrator (5) or administrative staff (10);
 * - `seller`: the quote's author or its salesperson;
 * - `system`: the server's scheduler (a sent quote past its validity expires on the company's day).
 */
export type QuoteActor = 'manager' | 'seller' | 'system';

/**
 * What a move does to the quote's reservations:
 * - `hold`: its lines hold their machines for its dates (checked against every other hold and lease), kept if held;
 * - `release`: what it held is free again;
 * - `toContract`: the holds pass to the contract draft the move writes, until that contract's delivery consumes them.
 */
export type HoldEffect = 'hold' | 'release' | 'toContract';

export interface QuoteTransition {
  from: readonly QuoteState[];
  to: QuoteState;
  by: readonly QuoteActor[];
  holds: HoldEffect;
  reasonRequired: boolean;
}

const move = (
  from: readonly QuoteState[],
  to: QuoteState,
  by: readonly QuoteActor[],
  holds: HoldEffect,
  reasonRequired = false,
): QuoteTransition => ({ from, to, by, holds, reasonRequired });

export const QUOTE_FLOW = {
  /** Given to the customer: from now on it holds its machines (a draft may already hold them). */
  send: move(['draft'], 'sent', ['manager', 'seller'], 'hold'),
  /** The customer took it: a contract draft is written with the same lines, dates and prices, and holds them. */
  accept: move(['sent'], 'accepted', ['manager', 'seller'], 'toContract'),
  decline: move(['sent'], 'declined', ['manager', 'seller'], 'release', true),
  /** Its validity passed unanswered (the scheduler, on the company's day). */
  expire: move(['sent'], 'expired', ['system'], 'release'),
  withdraw: move(['draft', 'sent'], 'withdrawn', ['manager', 'seller'], 'release'),
} as const satisfies Record<string, QuoteTransition>;

export type QuoteAction = keyof typeof QUOTE_FLOW;
export const QUOTE_ACTIONS = Object.keys(QUOTE_FLOW) as QuoteAction[];
/** The moves a person takes from the console (expiry is the scheduler's). */
export const QUOTE_USER_ACTIONS = ['send', 'accept', 'decline', 'withdraw'] as const satisfies readonly QuoteAction[];
export type QuoteUserAction = (typeof QUOTE_USER_ACTIONS)[number];

/** What the timeline records: creation, edits, holding while a draft, every move, and each move of its days. */
export const QUOTE_EVENTS = ['create', 'edit', 'hold', 'unhold', ...QUOTE_ACTIONS, 'reschedule'] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

/** Terms change only while a draft; a draft may hold its machines before it is sent, or let them go. */
export const isQuoteEditable = (state: QuoteState) => state === 'draft';

export const QUOTE_MANAGER_ROLES: readonly RoleId[] = [ROLE.lessorAdmin, ROLE.lessorStaff];

export interface QuoteActingOn {
  state: QuoteState;
  orgId: number;
  createdBy: number;
  salespersonId: number | null;
}
export type QuoteWho = { kind: 'user'; userId: number; orgId: number; roleId: number } | { kind: 'system' };

export function quoteActorsOf(quote: QuoteActingOn, who: QuoteWho): QuoteActor[] {
  if (who.kind === 'system') return ['system'];
  if (who.orgId !== quote.orgId) return [];
  const parts: QuoteActor[] = [];
  if ((QUOTE_MANAGER_ROLES as readonly number[]).includes(who.roleId)) parts.push('manager');
  if (quote.createdBy === who.userId || quote.salespersonId === who.userId) parts.push('seller');
  return parts;
}

export function canMoveQuote(action: QuoteAction, quote: QuoteActingOn, who: QuoteWho): boolean {
  const t = QUOTE_FLOW[action];
  if (!(t.from as readonly string[]).includes(quote.state)) return false;
  return quoteActorsOf(quote, who).some((a) => (t.by as readonly string[]).includes(a));
}

export function quoteMoves(quote: QuoteActingOn, who: QuoteWho): QuoteUserAction[] {
  return QUOTE_USER_ACTIONS.filter((a) => canMoveQuote(a, quote, who));
}

export function canEditQuote(quote: QuoteActingOn, who: QuoteWho): boolean {
  return isQuoteEditable(quote.state) && quoteActorsOf(quote, who).some((a) => a !== 'system');
}

/** The states a quote's reservations may be held in: an optional hold of a draft, and a sent quote's. */
export const HOLDING_QUOTE_STATES: readonly QuoteState[] = ['draft', 'sent'];

/**
 * Moving a quote's days (delivery and return) to other days, its state unchanged: a draft or a sent quote, by those
 * who move it. What it holds moves with it in the same unit of work (`holds: 'move'`): let go for the old days and
 * held for the new ones, checked against every other hold and lease, so a refused move changes nothing (a draft that
 * holds nothing holds nothing after). Its lines are priced again over the new days at their quoted prices; the
 * timeline records the days before and after (`reschedule`).
 */
export const QUOTE_RESCHEDULE = {
  from: HOLDING_QUOTE_STATES,
  by: ['manager', 'seller'] as readonly QuoteActor[],
  holds: 'move',
} as const;

export function canRescheduleQuote(quote: QuoteActingOn, who: QuoteWho): boolean {
  if (!QUOTE_RESCHEDULE.from.includes(quote.state)) return false;
  return quoteActorsOf(quote, who).some((a) => QUOTE_RESCHEDULE.by.includes(a));
}
