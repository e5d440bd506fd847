import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ROLE } from '@console/contract/codes/roles';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '@console/contract/http/endpoint';
import {
  DEV_ESIGN_APP_SECRET,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signPayload,
} from '@console/contract/lease/esign-protocol';
import { billingToday } from '@console/server/src/billing/zone';
import { ESIGN_CALLBACK_PATH } from '@console/server/src/lease/esign-client';
import { createSession } from '@console/server/src/lib/session';
import { DEV_PAYGATE_MERCHANT, DEV_PAYGATE_SECRET } from '@console/contract/shop/paygate-protocol';
import { PAYGATE_NOTIFY_PATH } from '@console/server/src/shop/paygate-client';
import { createPaygateApp } from '@console/paygate/src/app';
import { Paygate } from '@console/paygate/src/provider';
import { eventually, runTs, type ChildRun } from '../../fixtures/server-process.ts';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { checkInvariants, INVARIANTS, type InvariantName, type Violation } from './invariants.ts';

/**
 * The real system of the model test (lease-model.test.ts): a test app on a private copy of the demo business per
 * run, served over real HTTP so the simulated e-signature provider (its own process, one for the whole file) can
 * call it back; every API call is checked to answer legitimately and written to the run's transcript, which a
 * failure prints as the calls to replay.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The answer statuses of a business refusal (decision 001): anything else, or HTTP 5xx, is a system error. */
const REFUSALS = new Set(['400', '403', '404', '409']);
/** A message key that reached the user untranslated (e.g. `lease.machineTaken`). */
const RAW_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/;

/** An answer that is neither a success nor a business refusal with a localised message. */
export class SystemError extends Error {
  readonly kind = 'system';
  constructor(
    readonly what: string,
    message: string,
  ) {
    super(message);
  }
}

/** The database broke invariants after a step. */
export class InvariantError extends Error {
  readonly kind = 'invariant';
  constructor(readonly violations: Violation[]) {
    super(
      violations
        .map((v) => `invariant ${v.invariant} (${INVARIANTS[v.invariant]}) broken by:\n${compact(v.rows)}`)
        .join('\n'),
    );
  }
  get invariants(): InvariantName[] {
    return this.violations.map((v) => v.invariant);
  }
}

const compact = (rows: unknown[]) => rows.map((r) => `    ${JSON.stringify(r)}`).join('\n');

export interface Person {
  id: number;
  /** e.g. `sales@huadong(7)`. */
  label: string;
}

export type LessorKey = 'huadong' | 'pearl';
export type RenterKind = 'clear' | 'pending' | 'arrears';
export const LESSOR_KEYS: LessorKey[] = ['huadong', 'pearl'];

export interface Lessor {
  key: LessorKey;
  orgId: number;
  /** Its administrator (5): the seed gives Pearl River none, so its administrator's moves are not taken there. */
  admin: Person | null;
  sales: Person;
  staff: Person;
  /** The seal its people sign with, and who holds it (the administrator any; others by grant). */
  sealId: number;
  sealHolders: Set<number>;
  renters: Record<RenterKind, { orgId: number; users: Person[] }>;
  /** Models with a lease price list (the contract form fills prices from it). */
  pricedModels: number[];
}

/** The provider process and the HTTP front the provider calls back, shared by every run of the file. */
export interface Outside {
  providerUrl: string;
  /**
   * The simulated payment provider (in process, over real HTTP, on the run's clock): renters' online payments are
   * opened at it and its signed notifications reach the run's server.
   */
  paygate: Paygate;
  paygateUrl: string;
  paygateServer: ServerType;
  frontUrl: string;
  provider: ChildRun;
  front: ServerType;
  /** The run the front serves now. */
  point(world: World | null): void;
  stop(): Promise<void>;
}

/** Start the simulated provider (port chosen by the system) and the front server. */
export async function startOutside(): Promise<Outside> {
  const provider = runTs('esign/src/main.ts', { ESIGN_PORT: '0', ESIGN_HOST: '127.0.0.1' });
  const port = await eventually(
    'the e-signature provider to listen',
    () => {
      if (provider.child.exitCode !== null) throw new Error(`the provider exited: ${provider.output.join('')}`);
      return /provider on http:\/\/localhost:(\d+)/.exec(provider.output.join(''))?.[1];
    },
    30_000,
  );
  const providerUrl = `http://127.0.0.1:${port}`;
  let current: World | null = null;
  // The payment provider notifies the run's server in process; it signs on the run's clock, as the server checks.
  const toConsole: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const world = current;
    if (!world) return Promise.resolve(new Response('no run', { status: 503 }));
    return Promise.resolve(world.t.app.request(`${url.pathname}${url.search}`, init));
  };
  const clock = () => current?.now() ?? Date.now();
  const paygate = new Paygate(
    { id: DEV_PAYGATE_MERCHANT, secret: DEV_PAYGATE_SECRET },
    () => paygateAt.url,
    toConsole,
    clock,
  );
  const paygateAt = await new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch: createPaygateApp(paygate, clock).fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, url: `http://127.0.0.1:${(info as AddressInfo).port}` }),
    );
  });
  const front = await new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve(
      {
        fetch: async (request) => {
          const world = current;
          if (!world) return new Response('no run', { status: 503 });
          const url = new URL(request.url);
          if (url.pathname !== ESIGN_CALLBACK_PATH) return world.t.app.fetch(request);
          const body = await request.text();
          const send = async (headers: Headers) =>
            world.t.app.fetch(new Request(request.url, { method: 'POST', headers, body }));
          let answer = await send(new Headers(request.headers));
          if (answer.status === 401 && Math.abs(world.now() - Date.now()) > 60_000) {
            // A server that checks a callback's freshness on its business clock (which the test moves forward by
            // days) finds the provider's wall-clock stamp stale: the front stamps and signs it again at the server's
            // clock, as a provider whose clock agreed with the server's would have (the body is unchanged).
            const timestamp = String(world.now());
            const headers = new Headers(request.headers);
            headers.set(TIMESTAMP_HEADER, timestamp);
            headers.set(SIGNATURE_HEADER, signPayload(DEV_ESIGN_APP_SECRET, timestamp, body));
            answer = await send(headers);
            world.log(
              `    (a callback stamped on the wall clock was refused: sent again stamped on the server's clock → ${answer.status})`,
            );
          }
          world.callbacks.push({ body, http: answer.status });
          return answer;
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });
  return {
    providerUrl,
    paygate,
    paygateUrl: paygateAt.url,
    paygateServer: paygateAt.server,
    frontUrl: front.url,
    provider,
    front: front.server,
    point(world) {
      current = world;
    },
    async stop() {
      current = null;
      paygate.stop();
      await new Promise((done) => paygateAt.server.close(done));
      await provider.stop();
      await new Promise((done) => front.server.close(done));
    },
  };
}

export interface ApiAnswer<E extends Endpoint> {
  ok: boolean;
  status: string;
  message: string;
  data: DataOf<E> & { field?: string };
}

/** A run: one test app and everything the invariants need to know that the database does not keep. */
export class World {
  readonly transcript: string[] = [];
  readonly callbacks: { body: string; http: number }[] = [];
  /** Per lessor, its billing day when a billing pass over every contract last ran. */
  readonly billedThrough = new Map<number, string>();
  /** Public link tokens by contract. */
  readonly links = new Map<number, string[]>();
  /** Bills issued again by a void with re-issue (decision 036): corrections of days already billed. */
  readonly reissued = new Set<number>();
  /** What each kind of call answered (for the run's summary), and where the time went. */
  readonly answers = new Map<string, number>();
  readonly timings = new Map<string, number>();
  private tokens = new Map<number, string>();
  private lastMs = 0;
  private step = 0;

  private constructor(
    readonly t: TestApp,
    readonly outside: Outside,
    readonly lessors: Record<LessorKey, Lessor>,
    readonly operator: { orgId: number; finance: Person; admin: Person },
    readonly ignored: ReadonlySet<InvariantName>,
    readonly ignoredSystem: ReadonlySet<string>,
  ) {}

  static async create(
    outside: Outside,
    ignored: ReadonlySet<InvariantName>,
    ignoredSystem: ReadonlySet<string> = new Set(),
  ): Promise<World> {
    // Callbacks an earlier run left waiting (retries of a refused one) are dropped with its flows.
    await post(`${outside.providerUrl}/control/reset`, '', 'application/json');
    outside.paygate.reset();
    const t = await createTestApp({
      ESIGN_URL: outside.providerUrl,
      ESIGN_CALLBACK_URL: `${outside.frontUrl}${ESIGN_CALLBACK_PATH}`,
      PAYGATE_URL: outside.paygateUrl,
      PAYGATE_NOTIFY_URL: `http://console.test${PAYGATE_NOTIFY_PATH}`,
    });
    const q = <T>(sql: string, ...params: unknown[]) => rowsOf<T>(t.dbh.db, sql, ...params);
    const person = (id: number, label: string): Person => ({ id, label: `${label}(${id})` });
    const firstUser = async (orgId: number, roleId: number) =>
      (await q<{ id: number }>(`SELECT id FROM users WHERE org_id = ? AND role_id = ? ORDER BY id`, orgId, roleId))[0]
        ?.id;
    const [huadong, pearl] = (
      await q<{ id: number }>(`SELECT id FROM organisations WHERE kind = 'lessor' ORDER BY id`)
    ).map((r) => r.id) as [number, number];
    const operator = (await q<{ id: number }>(`SELECT id FROM organisations WHERE kind = 'operator' ORDER BY id`))[0]!
      .id;
    const lessorOf = async (key: LessorKey, orgId: number): Promise<Lessor> => {
      const adminId = await firstUser(orgId, ROLE.lessorAdmin);
      const renters = await q<{ org_id: number; real_name_state: string; arrears_cents: number }>(
        `SELECT org_id, real_name_state, arrears_cents FROM renters WHERE lessor_org_id = ? ORDER BY org_id`,
        orgId,
      );
      // Each renter's users, read before the picks below choose among the renters.
      const users = new Map<number, Person[]>();
      for (const r of renters) {
        users.set(
          r.org_id,
          (
            await q<{ id: number }>(
              `SELECT id FROM users WHERE org_id = ? AND role_id = ? ORDER BY id`,
              r.org_id,
              ROLE.other,
            )
          ).map((u) => person(u.id, `renter${r.org_id}.user`)),
        );
      }
      const usersOf = (renterId: number) => users.get(renterId)!;
      const pick = (test: (r: (typeof renters)[number]) => boolean) => {
        const r = renters.find((x) => test(x) && usersOf(x.org_id).length > 0) ?? renters.find(test)!;
        return { orgId: r.org_id, users: usersOf(r.org_id) };
      };
      const seal = (await q<{ id: number }>(`SELECT id FROM seals WHERE org_id = ? ORDER BY id`, orgId))[0]!.id;
      const granted = await q<{ user_id: number }>(
        `SELECT user_id FROM seal_grants WHERE seal_id = ? AND state = 'active'`,
        seal,
      );
      const priced = await q<{ model_id: number }>(
        `SELECT DISTINCT model_id FROM lease_prices WHERE org_id = ? ORDER BY model_id`,
        orgId,
      );
      return {
        key,
        orgId,
        admin: adminId === undefined ? null : person(adminId, `admin@${key}`),
        sales: person((await firstUser(orgId, ROLE.lessorSales))!, `sales@${key}`),
        staff: person((await firstUser(orgId, ROLE.lessorStaff))!, `staff@${key}`),
        sealId: seal,
        sealHolders: new Set([...(adminId === undefined ? [] : [adminId]), ...granted.map((g) => g.user_id)]),
        renters: {
          clear: pick((r) => r.real_name_state === 'verified' && r.arrears_cents === 0),
          pending: pick((r) => r.real_name_state !== 'verified'),
          arrears: pick((r) => r.real_name_state === 'verified' && r.arrears_cents > 0),
        },
        pricedModels: priced.map((r) => r.model_id),
      };
    };
    const world = new World(
      t,
      outside,
      { huadong: await lessorOf('huadong', huadong), pearl: await lessorOf('pearl', pearl) },
      {
        orgId: operator,
        finance: person((await firstUser(operator, ROLE.finance))!, 'finance@operator'),
        admin: person((await firstUser(operator, ROLE.companyAdmin))!, 'admin@operator'),
      },
      ignored,
      ignoredSystem,
    );
    // Seeded contracts that ended before the run: no bill of theirs may come after now.
    world.endedBills = new Map((await world.endedContracts()).map((r) => [r.id, r.last ?? 0]));
    outside.point(world);
    return world;
  }

  /** Contracts that ended, and the last of their bills then: a later bill is one issued after the end. */
  endedBills = new Map<number, number>();

  close() {
    this.outside.point(null);
    this.t.dbh.close();
  }

  now() {
    return this.t.deps.now();
  }

  /** The lessor's billing day today. */
  today(lessor: Lessor | number) {
    return billingToday(this.t.dbh.db, typeof lessor === 'number' ? lessor : lessor.orgId, this.now());
  }

  advance(ms: number) {
    this.t.advance(ms);
    // Sessions expire on the server's clock: a session made before the move may have ended.
    this.tokens.clear();
    this.log(`(the server's clock moves ${ms / HOUR_MS} h forward: now ${new Date(this.now()).toISOString()})`);
  }

  async token(who: Person) {
    let token = this.tokens.get(who.id);
    if (!token) {
      token = await createSession(this.t.dbh.db, who.id, 'console', '127.0.0.1', this.now() + 12 * HOUR_MS);
      this.tokens.set(who.id, token);
    }
    return token;
  }

  /** The rows a statement answers, on either engine (fixtures/sql-rows.ts: `?` parameters, quoted camelCase aliases). */
  sql<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.t.dbh.db, text, ...params);
  }

  /** The first row a statement answers, or undefined. */
  row<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T | undefined> {
    return rowOf<T>(this.t.dbh.db, text, ...params);
  }

  /** Contracts that ended (closed or terminated), with the last of their bills. */
  private endedContracts() {
    return this.sql<{ id: number; last: number | null }>(
      `SELECT c.id, (SELECT max(b.id) FROM bills b WHERE b.contract_id = c.id) AS last FROM contracts c
        WHERE c.kind = 'contract' AND c.status IN (8, 9)`,
    );
  }

  log(line: string) {
    this.transcript.push(line);
  }

  begin(command: string) {
    this.step += 1;
    this.count('(moves run)');
    this.log(`#${this.step} ${command}`);
  }

  private count(what: string) {
    this.answers.set(what, (this.answers.get(what) ?? 0) + 1);
  }

  /** Call an endpoint as a person; a system error throws, a business refusal answers `ok: false`. */
  async api<E extends Endpoint>(
    endpoint: E,
    who: Person | null,
    input: { body?: BodyOf<E>; query?: QueryOf<E> } = {},
  ): Promise<ApiAnswer<E>> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (v !== undefined) params.append(k, String(v));
    }
    const qs = params.toString();
    const path = `/api${endpoint.path}${qs ? `?${qs}` : ''}`;
    const started = performance.now();
    const response = await this.t.app.request(path, {
      method: endpoint.method,
      headers: {
        lang: 'en_US',
        'x-forwarded-for': '127.0.0.1',
        ...(who ? { token: await this.token(who) } : {}),
        ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: endpoint.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    this.time(`${endpoint.method} ${endpoint.path}`, ms);
    this.lastMs = ms;
    return this.judge(
      `${endpoint.method} ${path}`,
      who,
      endpoint.method === 'POST' ? JSON.stringify(input.body ?? {}) : '',
      response.status,
      text,
    ) as ApiAnswer<E>;
  }

  /** A multipart call (an invoice's PDF). */
  async form(
    endpoint: Endpoint,
    who: Person,
    fields: Record<string, string>,
    file: { bytes: Uint8Array<ArrayBuffer>; name: string },
  ) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.append('file', new File([file.bytes], file.name, { type: 'application/pdf' }));
    const response = await this.t.app.request(`/api${endpoint.path}`, {
      method: 'POST',
      headers: { lang: 'en_US', 'x-forwarded-for': '127.0.0.1', token: await this.token(who) },
      body,
    });
    return this.judge(
      `POST /api${endpoint.path} (multipart)`,
      who,
      JSON.stringify({ ...fields, file: `${file.name} (${file.bytes.length} bytes)` }),
      response.status,
      await response.text(),
    );
  }

  /** A system error: thrown, unless a finding already names it (then the run goes on past it). */
  systemError(what: string, message: string) {
    if (this.ignoredSystem.has(what)) {
      this.log(`    (a system error already found: ${what}; the run goes on)`);
      return;
    }
    throw new SystemError(what, message);
  }

  private judge(call: string, who: Person | null, body: string, http: number, text: string) {
    let envelope: { status: string; message: string; data: unknown } | null = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      // Not an envelope: judged below.
    }
    const line = `  ${call} as ${who?.label ?? 'nobody'}${body ? ` ${body}` : ''}`;
    const shown = envelope
      ? `${envelope.status} ${JSON.stringify(envelope.message)}`
      : `HTTP ${http} ${text.slice(0, 200)}`;
    const data = envelope?.status === '200' ? ` ${brief(envelope.data)}` : '';
    this.log(`${line}\n    → ${shown}${data} (${Math.round(this.lastMs)} ms)`);
    this.lastMs = 0;
    const what = call.replace(/\?.*$/, '');
    if (!envelope || http >= 500 || typeof envelope.status !== 'string') {
      this.count(`${what} system`);
      this.systemError(what, `${call} answered HTTP ${http}: ${text.slice(0, 500)}`);
      return { ok: false, status: String(http), message: text, data: {} };
    }
    if (envelope.status === '200') {
      this.count(`${what} 200`);
      return { ok: true, ...envelope };
    }
    const message = envelope.message ?? '';
    if (
      !REFUSALS.has(envelope.status) ||
      !message.trim() ||
      RAW_KEY.test(message.trim()) ||
      /system error/i.test(message)
    ) {
      this.count(`${what} system`);
      this.systemError(
        what,
        `${call} answered neither a success nor a business refusal: status ${envelope.status}, message ${JSON.stringify(message)}`,
      );
      return { ok: false, ...envelope };
    }
    this.count(`${what} ${envelope.status} ${message.slice(0, 80)}`);
    return { ok: false, ...envelope };
  }

  /** Post a signing page as a person in a browser does (the provider's page), and answer its HTTP status. */
  async signOnPage(url: string, name: string, action: 'sign' | 'refuse') {
    const local = url.replace('//localhost:', '//127.0.0.1:');
    const form = new URLSearchParams({ name, action, reason: action === 'refuse' ? '价格有误' : '' }).toString();
    let response: { status: number; text: string };
    try {
      response = await post(local, form, 'application/x-www-form-urlencoded');
    } catch (error) {
      const provider = this.outside.provider;
      throw new Error(
        `the provider's signing page could not be reached (${(error as Error).message}); the provider ` +
          `${provider.child.exitCode === null ? 'runs' : `exited with ${provider.child.exitCode}`}:\n${provider.output.join('').slice(-2000)}`,
        { cause: error },
      );
    }
    this.log(
      `  POST ${local} (the provider's signing page) name=${name} action=${action}\n    → HTTP ${response.status}`,
    );
    if (response.status >= 500)
      this.systemError('signing page', `the signing page answered ${response.status}: ${response.text.slice(0, 300)}`);
    return response.status;
  }

  /** Wait until the payment provider has sent every notification it owes (delivered to the run's server). */
  async paygateSettled(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.outside.paygate.outstanding() > 0) {
      if (Date.now() > deadline) return this.systemError('paygate', 'the provider’s notifications were not delivered');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Wait until the contract's status leaves `from` (the provider's callback applied), or answer null. */
  async statusAfterCallback(contractId: number, from: number, timeoutMs = 15_000): Promise<number | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = (await this.row<{ status: number }>(`SELECT status FROM contracts WHERE id = ?`, contractId))!
        .status;
      if (status !== from) {
        this.log(`    (the provider's callback moved contract ${contractId} from ${from} to ${status})`);
        return status;
      }
      if (Date.now() > deadline) return null;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Check every invariant; throw the broken ones not ignored. */
  time(what: string, ms: number) {
    this.timings.set(what, (this.timings.get(what) ?? 0) + ms);
  }

  async check() {
    const started = performance.now();
    try {
      await this.checkNow();
    } finally {
      this.time('(invariants)', performance.now() - started);
    }
  }

  private async checkNow() {
    // A contract that ended since the last step: its bills then are its last.
    for (const c of await this.endedContracts()) {
      if (!this.endedBills.has(c.id)) this.endedBills.set(c.id, c.last ?? 0);
    }
    const violations = await checkInvariants(this.t.dbh.db, this.now(), {
      billedThrough: this.billedThrough,
      links: this.links,
      endedBills: this.endedBills,
      reissued: this.reissued,
      provider: [...this.outside.paygate.payments.values()].map((p) => ({
        paymentId: p.id,
        state: p.state,
        amountCents: p.amountCents,
      })),
      linkOpens: async (token) => {
        const params = new URLSearchParams({ token });
        const response = await this.t.app.request(`/api/contract/exportView.do?${params}`, {
          headers: { lang: 'en_US', 'x-forwarded-for': '127.0.0.1' },
        });
        const answer = (await response.json()) as { status: string };
        return answer.status === '200';
      },
    });
    const broken = violations.filter((v) => !this.ignored.has(v.invariant));
    if (broken.length > 0) {
      this.log(`  !! ${broken.map((v) => v.invariant).join(', ')} broken`);
      throw new InvariantError(broken);
    }
  }
}

/**
 * A POST to the provider on a connection of its own: a kept-alive connection the provider's server has just
 * closed after its idle time makes fetch fail at random.
 */
function post(url: string, body: string, type: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A short view of an answer's data for the transcript. */
function brief(data: unknown): string {
  const text = JSON.stringify(data, (key, value) =>
    key === 'list' && Array.isArray(value) ? `[${value.length} rows]` : value,
  );
  return text === undefined ? '' : text.length > 240 ? `${text.slice(0, 240)}…` : text;
}
