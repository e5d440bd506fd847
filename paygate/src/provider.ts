import { randomBytes, randomUUID } from 'node:crypto';
import {
  MERCHANT_HEADER,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  signPayload,
  type CreatePaymentRequest,
  type PaymentNotification,
  type PaymentState,
  type PaymentView,
} from '@console/contract/shop/paygate-protocol';
import { postSigned } from '@console/contract/lease/signed-post';

/**
 * The simulated provider's state: payments and the notifications it owes the merchant. Nothing on disk: restarted,
 * it forgets (the server keeps its own record of every payment and queries it; a payment the provider no longer
 * knows is answered 404, which the server treats as abnormal).
 */
export interface Payment extends CreatePaymentRequest {
  id: string;
  state: PaymentState;
  /** The secret part of the pay page's address, as a provider's QR code carries. */
  token: string;
  paidAt: number;
  createdAt: number;
  /** Every notification of the payment, in order, for repeats. */
  events: PaymentNotification[];
}

/** How the provider is told to misbehave (the control API), for tests and demos. */
export interface Steering {
  /** Wait this long before each notification. */
  notifyDelayMs: number;
  /** The next payment a payer makes is refused instead (one time). */
  refuseNext: boolean;
  /** Deliver each notification this many times (a provider that repeats itself). */
  deliveries: number;
  /** Keep notifications back until released (then sent in the order asked: a late one after a newer one). */
  hold: boolean;
}

export interface Delivery {
  eventId: string;
  paymentId: string;
  state: PaymentNotification['state'];
  forged: boolean;
  attempt: number;
  status: number | null;
  error: string;
  at: number;
}

const RETRY_DELAYS_MS = [200, 500, 1000, 2000, 4000, 8000];
const FRESH: Steering = { notifyDelayMs: 0, refuseNext: false, deliveries: 1, hold: false };

export class Paygate {
  readonly payments = new Map<string, Payment>();
  readonly deliveries: Delivery[] = [];
  steering: Steering = { ...FRESH };
  private held: { payment: Payment; event: PaymentNotification }[] = [];
  private pending = new Set<Promise<void>>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly merchant: { id: string; secret: string },
    private readonly publicUrl: () => string,
    private readonly fetchImpl: typeof fetch = fetch,
    /** The clock it signs its notifications with: the wall clock, or the simulated world's as the server follows it. */
    private readonly now: () => number = Date.now,
  ) {}

  view(payment: Payment): PaymentView {
    return {
      paymentId: payment.id,
      reference: payment.reference,
      amountCents: payment.amountCents,
      state: payment.state,
      payUrl: `${this.publicUrl()}/pay/${payment.id}?t=${payment.token}`,
      paidAt: payment.paidAt,
    };
  }

  create(request: CreatePaymentRequest, now: number): Payment {
    const payment: Payment = {
      ...request,
      id: `P${randomUUID().replaceAll('-', '').slice(0, 22)}`,
      state: 'waiting',
      token: randomBytes(16).toString('hex'),
      paidAt: 0,
      createdAt: now,
      events: [],
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  /**
   * The payer pays or cancels on the pay page (standing in for the phone). A payment no longer waiting is refused
   * with its state; the steering may turn a payment into a refusal once.
   */
  act(payment: Payment, action: 'pay' | 'cancel', now: number): string | null {
    if (payment.state !== 'waiting') return payment.state;
    if (action === 'cancel') payment.state = 'cancelled';
    else if (this.steering.refuseNext) {
      this.steering.refuseNext = false;
      payment.state = 'refused';
    } else {
      payment.state = 'paid';
      payment.paidAt = now;
    }
    this.emit(payment, { state: payment.state as PaymentNotification['state'] }, now);
    return null;
  }

  /**
   * The payer's money arrives after the payment stopped waiting (closed by the merchant, cancelled or refused), as a
   * phone that paid while offline or a provider that settles a close after the money does: the payment is paid and the
   * merchant is notified so, to refund it. One paid or refunded already is refused with its state.
   */
  payLate(payment: Payment, now: number): string | null {
    if (payment.state === 'paid' || payment.state === 'refunded') return payment.state;
    payment.state = 'paid';
    payment.paidAt = now;
    this.emit(payment, { state: 'paid' }, now);
    return null;
  }

  /** The merchant closes a payment it gave up on; a paid one cannot be closed. */
  close(payment: Payment, now: number): boolean {
    if (payment.state !== 'waiting') return payment.state === 'closed';
    payment.state = 'closed';
    this.emit(payment, { state: 'closed' }, now);
    return true;
  }

  /**
   * The merchant gives a paid payment back in full (answered at once, no notification); one refunded before answers
   * the same, anything else is refused.
   */
  refund(payment: Payment): boolean {
    if (payment.state === 'refunded') return true;
    if (payment.state !== 'paid') return false;
    payment.state = 'refunded';
    return true;
  }

  /**
   * Send a notification of this payment: its next event (the payer's act), or, from the control API, any state, a
   * wrong amount or a forged signature, as a misbehaving network or an attacker would.
   */
  emit(
    payment: Payment,
    what: { state: PaymentNotification['state']; amountCents?: number; forged?: boolean },
    now: number,
  ): PaymentNotification {
    const event: PaymentNotification = {
      eventId: `N${randomUUID().replaceAll('-', '')}`,
      paymentId: payment.id,
      reference: payment.reference,
      amountCents: what.amountCents ?? payment.amountCents,
      state: what.state,
      at: now,
    };
    if (!what.forged) payment.events.push(event);
    if (this.steering.hold && !what.forged) this.held.push({ payment, event });
    else
      for (let i = 0; i < Math.max(1, this.steering.deliveries); i++)
        this.deliver(payment, event, 0, what.forged ?? false);
    return event;
  }

  /**
   * Send the notifications held back, newest first when asked (out of order): one at a time, each after the
   * merchant answered the one before, so that they arrive in exactly that order.
   */
  release(order: 'sent' | 'reverse'): number {
    const held = order === 'reverse' ? [...this.held].reverse() : [...this.held];
    this.held = [];
    const inTurn = (async () => {
      for (const { payment, event } of held) await this.send(payment, event, 0, false);
    })().finally(() => this.pending.delete(inTurn));
    this.pending.add(inTurn);
    return held.length;
  }

  /** Send an earlier event again, as a provider that retries does. */
  repeat(payment: Payment, index: number): PaymentNotification | null {
    const event = payment.events.at(index);
    if (!event) return null;
    this.deliver(payment, event, 0, false);
    return event;
  }

  /**
   * POST the event to the notify URL, signed with the merchant secret (a forged one with another secret); anything
   * but a 2xx is tried again later, a few times (a forged one is not: an attacker does not retry politely).
   */
  private deliver(payment: Payment, event: PaymentNotification, attempt: number, forged: boolean) {
    const delay = (attempt === 0 ? this.steering.notifyDelayMs : RETRY_DELAYS_MS[attempt - 1]) ?? 0;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const p = this.send(payment, event, attempt, forged).finally(() => this.pending.delete(p));
      this.pending.add(p);
    }, delay);
    this.timers.add(timer);
  }

  /** One attempt: the POST and its record; a refused one is delivered again later. */
  private async send(payment: Payment, event: PaymentNotification, attempt: number, forged: boolean) {
    const body = JSON.stringify(event);
    const at = this.now();
    const timestamp = String(at);
    const secret = forged ? `forged-${randomBytes(8).toString('hex')}` : this.merchant.secret;
    const { status, error, ok } = await postSigned(this.fetchImpl, payment.notifyUrl, body, {
      [MERCHANT_HEADER]: this.merchant.id,
      [PAY_TIMESTAMP_HEADER]: timestamp,
      [PAY_SIGNATURE_HEADER]: signPayload(secret, timestamp, body),
    });
    this.deliveries.push({
      eventId: event.eventId,
      paymentId: payment.id,
      state: event.state,
      forged,
      attempt,
      status,
      error,
      at,
    });
    if (!ok && !forged && attempt < RETRY_DELAYS_MS.length) this.deliver(payment, event, attempt + 1, forged);
  }

  /** Notifications waiting or on their way (a test waits for none). */
  outstanding(): number {
    return this.timers.size + this.pending.size;
  }

  reset() {
    this.stop();
    this.payments.clear();
    this.deliveries.length = 0;
    this.held = [];
    this.steering = { ...FRESH };
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
