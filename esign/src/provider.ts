import { randomBytes, randomUUID } from 'node:crypto';
import {
  signPayload,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  APP_ID_HEADER,
  type AccountView,
  type CallbackBody,
  type CallbackType,
  type CreateFlowRequest,
  type FlowState,
  type FlowView,
  type SignerRole,
} from '@console/contract/lease/esign-protocol';
import { postSigned } from '@console/contract/lease/signed-post';

/**
 * The simulated provider's state: flows with their signers, accounts, and the callbacks it owes the server. It keeps
 * nothing on disk: restarted, it forgets (the server keeps its own record of every flow).
 */
export interface Flow {
  id: string;
  reference: string;
  title: string;
  document: Buffer;
  signers: CreateFlowRequest['signers'];
  callbackUrl: string;
  state: FlowState;
  /** The secret part of each party's signing page address. */
  tokens: Record<SignerRole, string>;
  signed: Partial<Record<SignerRole, { name: string; at: number }>>;
  reason: string;
  /** Every callback event of the flow, in order, for repeats. */
  events: CallbackBody[];
  createdAt: number;
}

/** How the provider is told to misbehave (the control API), for tests and demos. */
export interface Steering {
  /** Wait this long before each callback delivery. */
  callbackDelayMs: number;
  /** The next signature by this party is refused instead (one time). */
  refuseNext: SignerRole | null;
  /** The next signature fails at the provider instead (one time). */
  failNext: boolean;
  /** Deliver each callback this many times (a provider that repeats itself). */
  deliveries: number;
}

export interface Delivery {
  eventId: string;
  type: CallbackType;
  flowId: string;
  attempt: number;
  status: number | null;
  error: string;
  at: number;
}

const RETRY_DELAYS_MS = [200, 500, 1000, 2000, 4000, 8000];

export class Provider {
  readonly flows = new Map<string, Flow>();
  readonly accounts = new Map<string, AccountView>();
  readonly deliveries: Delivery[] = [];
  steering: Steering = { callbackDelayMs: 0, refuseNext: null, failNext: false, deliveries: 1 };
  private pending = new Set<Promise<void>>();
  /** Flows lost on purpose (forget): their callbacks still waiting are not delivered. */
  private forgotten = new Set<string>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly app: { id: string; secret: string },
    private readonly publicUrl: () => string,
    private readonly fetchImpl: typeof fetch = fetch,
    /** The clock it signs its callbacks with: the wall clock, or the simulated world's as the server follows it. */
    private readonly now: () => number = Date.now,
  ) {}

  view(flow: Flow): FlowView {
    const base = this.publicUrl();
    return {
      flowId: flow.id,
      reference: flow.reference,
      state: flow.state,
      lesseeUrl: `${base}/sign/${flow.id}/lessee?t=${flow.tokens.lessee}`,
      lessorUrl: `${base}/sign/${flow.id}/lessor?t=${flow.tokens.lessor}`,
      events: flow.events,
    };
  }

  create(request: CreateFlowRequest, now: number): Flow {
    const flow: Flow = {
      id: `F${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      reference: request.reference,
      title: request.title,
      document: Buffer.from(request.document, 'base64'),
      signers: request.signers,
      callbackUrl: request.callbackUrl,
      state: 'lesseePending',
      tokens: { lessee: randomBytes(16).toString('hex'), lessor: randomBytes(16).toString('hex') },
      signed: {},
      reason: '',
      events: [],
      createdAt: now,
    };
    this.flows.set(flow.id, flow);
    return flow;
  }

  /** The party whose turn it is, or null once the flow has ended. */
  turn(flow: Flow): SignerRole | null {
    if (flow.state === 'lesseePending') return 'lessee';
    if (flow.state === 'lessorPending') return 'lessor';
    return null;
  }

  /**
   * A party signs (or refuses) on its page. Signing out of turn or on an ended flow is refused with the reason; the
   * steering may turn a signature into a refusal or a failure once.
   */
  sign(
    flow: Flow,
    role: SignerRole,
    action: 'sign' | 'refuse',
    name: string,
    reason: string,
    now: number,
  ): string | null {
    if (this.turn(flow) !== role) return flow.state === 'lesseePending' ? 'notYourTurn' : 'ended';
    if (action === 'sign' && this.steering.failNext) {
      this.steering.failNext = false;
      flow.state = 'failed';
      flow.reason = 'provider signing service error';
      this.emit(flow, 'failed', '', flow.reason, now);
      return null;
    }
    if (action === 'refuse' || this.steering.refuseNext === role) {
      if (action === 'sign') this.steering.refuseNext = null;
      flow.state = 'refused';
      flow.reason = reason || `${role} refused to sign`;
      this.emit(flow, 'refused', name, flow.reason, now);
      return null;
    }
    flow.signed[role] = { name, at: now };
    flow.state = role === 'lessee' ? 'lessorPending' : 'completed';
    this.emit(flow, role === 'lessee' ? 'lesseeSigned' : 'lessorSigned', name, '', now);
    return null;
  }

  cancel(flow: Flow): boolean {
    if (this.turn(flow) === null) return false;
    flow.state = 'cancelled';
    return true;
  }

  /**
   * Forget a flow, as a restart forgets every one (the control API loses one at a time): its API answers 404 for it
   * and no callback of it is delivered any more.
   */
  forget(flow: Flow) {
    this.flows.delete(flow.id);
    this.forgotten.add(flow.id);
  }

  private emit(flow: Flow, type: CallbackType, signer: string, reason: string, now: number) {
    const event: CallbackBody = {
      eventId: `E${randomUUID().replaceAll('-', '')}`,
      flowId: flow.id,
      reference: flow.reference,
      type,
      signer,
      reason,
      at: now,
    };
    flow.events.push(event);
    for (let i = 0; i < Math.max(1, this.steering.deliveries); i++) this.deliver(flow, event, 0);
  }

  /** Send an earlier event again, as a provider that retries does. */
  repeat(flow: Flow, index: number): CallbackBody | null {
    const event = flow.events.at(index);
    if (!event) return null;
    this.deliver(flow, event, 0);
    return event;
  }

  /**
   * POST the event to the server, signed with the app secret; anything but a 2xx (the server answers 409 to an
   * event that comes before its turn) is tried again later, a few times.
   */
  private deliver(flow: Flow, event: CallbackBody, attempt: number) {
    const delay = (attempt === 0 ? this.steering.callbackDelayMs : RETRY_DELAYS_MS[attempt - 1]) ?? 0;
    const run = async () => {
      if (this.forgotten.has(flow.id)) return;
      const body = JSON.stringify(event);
      const at = this.now();
      const timestamp = String(at);
      const { status, error, ok } = await postSigned(this.fetchImpl, flow.callbackUrl, body, {
        [APP_ID_HEADER]: this.app.id,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signPayload(this.app.secret, timestamp, body),
      });
      this.deliveries.push({ eventId: event.eventId, type: event.type, flowId: flow.id, attempt, status, error, at });
      if (!ok && attempt < RETRY_DELAYS_MS.length) this.deliver(flow, event, attempt + 1);
    };
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const p = run().finally(() => this.pending.delete(p));
      this.pending.add(p);
    }, delay);
    this.timers.add(timer);
  }

  /** Callbacks waiting or on their way (a test waits for none). */
  outstanding(): number {
    return this.timers.size + this.pending.size;
  }

  /**
   * An account's standing. One the provider was not told about is verified (a demo's companies and people have
   * done their verification); the control API sets any other state.
   */
  account(kind: 'org' | 'user', ref: string): AccountView {
    return this.accounts.get(`${kind}:${ref}`) ?? { accountId: `A-${kind}-${ref}`, state: 'verified', expiresOn: null };
  }

  setAccount(kind: 'org' | 'user', ref: string, state: AccountView['state'], expiresOn: string | null) {
    const accountId = `A-${kind}-${ref}`;
    this.accounts.set(`${kind}:${ref}`, { accountId, state, expiresOn });
  }

  reset() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.flows.clear();
    this.forgotten.clear();
    this.accounts.clear();
    this.deliveries.length = 0;
    this.steering = { callbackDelayMs: 0, refuseNext: null, failNext: false, deliveries: 1 };
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
