import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { allRoutes } from '@console/server/src/routes/all';
import { watchWrites } from '../../fixtures/db-snapshot.ts';
import { fieldNames, inputSchema, isIdField, onTheWire, sampleInput } from '../../fixtures/contract-inputs.ts';
import { orgOfKind, recordsOf, type ForeignRecords } from '../../fixtures/foreign-records.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The isolation matrix (docs/decisions/028-data-scope.md), generated over every endpoint of the contract: for
 * each pair, the signed-in side calls everything its role may call - with no input, with plausible input, and
 * with the other side's record ids in every id field of query and body - and no answer holds a value only the
 * other side's records hold, nor one of its organisation ids, and none of its rows changes.
 *
 * - a rental company against another rental company (and everything below it: customers, sub-lessors), by each
 *   of its roles (administrator, salesperson, technician, staff) and its customer, with two record ids per table
 *   and any occurrence of the other side's texts counted, even inside a longer value;
 * - a customer against a sibling customer of the same rental company (and the machines it rents);
 * - a distributor against another distributor (and the machines it distributes);
 * - each of them against the operator's own records (its people, its settings), apart from the catalog the
 *   operator keeps for everyone (machine models, the expert case library).
 */

type Sqlite = TestApp['dbh']['sqlite'];
const orgOf = (sqlite: Sqlite, roleId: RoleId) =>
  (sqlite.prepare('SELECT org_id FROM users WHERE mobile = ?').get(demoAccount(roleId)) as { org_id: number }).org_id;

/** The operator keeps these for every organisation (decision 028: shared code tables). */
const OPERATOR_CATALOG = ['device_models', 'fault_cases'];

interface Pair {
  name: string;
  roleId: RoleId;
  /** The account signed in, when it is not the role's demo account (the sub-lessor's). */
  account?: string;
  other: (sqlite: Sqlite) => ForeignRecords;
  /** The operator's id is on its catalog rows (models, cases) that everyone reads: its texts are checked instead. */
  orgIdsShown?: boolean;
  /** A text of theirs anywhere in an answer is a leak, even inside a longer value (else whole values and words). */
  substrings?: boolean;
  /** Texts the other side must hold among its secrets, so the walk has known records to protect. */
  protects?: string[];
}

/** A rental company's people and its customer, each against the second rental company. */
const LESSOR_SIDE: RoleId[] = [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff, ROLE.other];

const PAIRS: Pair[] = [
  ...LESSOR_SIDE.map((roleId) => ({
    name: `role ${roleId} of a lessor against another lessor`,
    roleId,
    substrings: true,
    protects: ['Pearl River Lift Rental'],
    other: (s: Sqlite) => recordsOf(s, orgOfKind(s, 'lessor', 1), { idsPerTable: 2 }),
  })),
  {
    name: 'customer against a sibling customer',
    roleId: ROLE.other,
    other: (s) => {
      const own = orgOf(s, ROLE.other);
      const parent = (s.prepare('SELECT parent_id FROM organisations WHERE id = ?').get(own) as { parent_id: number })
        .parent_id;
      const siblings = [0, 1].map((i) => orgOfKind(s, 'customer', i, parent)).filter((id) => id !== own);
      return recordsOf(s, siblings[0]!, { idsPerTable: 1 });
    },
  },
  {
    name: 'distributor against another distributor',
    roleId: ROLE.distributor,
    other: (s) => {
      const own = orgOf(s, ROLE.distributor);
      const other = [0, 1].map((i) => orgOfKind(s, 'distributor', i)).find((id) => id !== own)!;
      return recordsOf(s, other, { idsPerTable: 1 });
    },
  },
  // A sub-lessor (decision 042) sees the machines it lent and their state, nothing else of the company: not its
  // people, renters, contracts, stores, other machines, nor what is recorded about the machines it lent.
  {
    name: 'sub-lessor against the rental company it lends to',
    roleId: ROLE.other,
    account: SUBLESSOR_DEMO_ACCOUNT,
    other: (s: Sqlite) => {
      const own = orgOfAccount(s, SUBLESSOR_DEMO_ACCOUNT);
      const lent = (
        s.prepare('SELECT device_id FROM subleases WHERE sublessor_org_id = ?').all(own) as {
          device_id: number;
        }[]
      ).map((r) => r.device_id);
      const lessor = (s.prepare('SELECT parent_id FROM organisations WHERE id = ?').get(own) as { parent_id: number })
        .parent_id;
      return recordsOf(s, lessor, { idsPerTable: 1, except: { orgIds: [own], deviceIds: lent } });
    },
  },
  {
    name: 'sub-lessor against another rental company',
    roleId: ROLE.other,
    account: SUBLESSOR_DEMO_ACCOUNT,
    substrings: true,
    other: (s: Sqlite) => recordsOf(s, orgOfKind(s, 'lessor', 1), { idsPerTable: 1 }),
  },
  ...([ROLE.lessorAdmin, ROLE.other, ROLE.distributor] as const).map((roleId) => ({
    name: `role ${roleId} against the operator`,
    roleId,
    orgIdsShown: true,
    other: (s: Sqlite) =>
      recordsOf(s, orgOfKind(s, 'operator', 0), { alone: true, shared: OPERATOR_CATALOG, idsPerTable: 1 }),
  })),
];

function mayCall(endpoint: Endpoint, roleId: RoleId): boolean {
  if (endpoint.access === 'public') return true;
  return endpoint.access === 'signedIn' || endpoint.access.roles.includes(roleId);
}

/** Every organisation id anywhere in an answer. */
function orgIdsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => orgIdsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/^(orgId|org_id|lessorId|lessorOrgId|customerId|distributorId|ownerId)$/.test(k) && typeof v === 'number')
        out.push(v);
      else orgIdsIn(v, out);
    }
  }
  return out;
}

/** A secret found as a whole value or word, not as the start of a longer one ("Crane 4" inside "Crane 45"). */
const leaks = (text: string, secrets: string[]) =>
  secrets.filter(
    (secret) =>
      text.includes(secret) &&
      new RegExp(`(?<![\\p{L}\\p{N}])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(
        text,
      ),
  );

// The development outbox lists every number's messages by design and does not exist in production.
const routes = allRoutes.filter((r) => !r.endpoint.devOnly);

const orgOfAccount = (sqlite: Sqlite, mobile: string) =>
  (sqlite.prepare('SELECT org_id FROM users WHERE mobile = ?').get(mobile) as { org_id: number }).org_id;

describe.each(PAIRS)(
  'isolation matrix: $name',
  ({ roleId, account, other, orgIdsShown, substrings, protects = [] }) => {
    let t: TestApp;
    let foreign: ForeignRecords;
    beforeAll(async () => {
      t = await createTestApp();
      foreign = other(t.dbh.sqlite);
    });
    afterAll(() => t.dbh.close());

    it('calls every endpoint with the other side’s ids, and nothing of theirs is read or changed', async () => {
      // What anyone reads without signing in (the brand names the operator) is no secret.
      const open = await Promise.all(
        routes
          .filter((r) => r.endpoint.scope === 'public' && r.endpoint.method === 'GET')
          .map(async (r) => JSON.stringify((await t.send(r.endpoint, {})).envelope)),
      );
      const secrets = foreign.secrets.filter((secret) => leaks(open.join('\n'), [secret]).length === 0);
      expect(secrets.length, 'the other side holds records to protect').toBeGreaterThan(protects.length ? 20 : 0);
      for (const name of protects) expect(secrets).toContain(name);
      expect(foreign.ids.length).toBeGreaterThan(0);
      const before = foreign.checksum(t.dbh.sqlite);
      const callable = routes.filter((r) => mayCall(r.endpoint, roleId));
      expect(callable.length).toBeGreaterThan(10);
      const signIn = () => (account ? t.tokenForAccount(account) : t.tokenFor(roleId));
      let token = signIn();
      const hints = { mobile: account ?? demoAccount(roleId) };
      let calls = 0;
      const leaked = (text: string) =>
        substrings ? secrets.filter((secret) => text.includes(secret)) : leaks(text, secrets);
      for (const { endpoint } of callable) {
        const inputs: { query: Record<string, unknown>; body: Record<string, unknown>; label: string }[] = [
          { query: {}, body: {}, label: 'no input' },
          { query: sampleInput(endpoint, 'query', hints), body: sampleInput(endpoint, 'body', hints), label: 'sample' },
        ];
        for (const source of ['query', 'body'] as const) {
          for (const name of fieldNames(endpoint, source).filter(isIdField)) {
            // A list of ids takes all of theirs at once; a single id each in turn.
            const values = /ids$/i.test(name) ? [foreign.ids] : foreign.ids;
            for (const value of values) {
              const prefer = { [name]: value };
              inputs.push({
                query: sampleInput(endpoint, 'query', { ...hints, ...(source === 'query' ? { prefer } : {}) }),
                body: sampleInput(endpoint, 'body', { ...hints, ...(source === 'body' ? { prefer } : {}) }),
                label: `${source}.${name}=${JSON.stringify(value)}`,
              });
            }
          }
        }
        // An input that repeats another (an endpoint without fields, an id field the sample already held) is sent once.
        const sent = new Set<string>();
        for (const input of inputs) {
          const key = JSON.stringify([input.query, input.body]);
          if (sent.has(key)) continue;
          sent.add(key);
          const answer = await t.send(endpoint, {
            token,
            headers: { lang: 'en_US' },
            query: onTheWire(input.query, 'query') as Record<string, string>,
            body: endpoint.method === 'POST' ? JSON.stringify(input.body) : undefined,
          });
          calls += 1;
          const what = `${endpoint.path}, ${input.label}: ${JSON.stringify(answer.envelope).slice(0, 300)}`;
          const text = JSON.stringify(answer.envelope);
          expect(leaked(text), what).toEqual([]);
          if (!orgIdsShown) {
            expect(
              orgIdsIn(answer.envelope?.data).filter((id) => foreign.orgIds.includes(id)),
              what,
            ).toEqual([]);
          }
          // A fresh token if the call ended the session (logout, a password change).
          if (answer.envelope?.status === '401') token = signIn();
        }
      }
      expect(calls).toBeGreaterThan(callable.length);
      expect(foreign.checksum(t.dbh.sqlite), 'a row of the other side changed').toEqual(before);
    }, 300_000);
  },
);

/**
 * A record can also be named inside a body: an object `{ kind, id }` that points at a record of some kind (a
 * work order's source: an alarm, a fault record, a reminder, a feedback). A rental company naming another's
 * record there, on its own machine, is refused and writes nothing. Every kind such a reference can take must be
 * listed here with the table it names, so a new kind is covered as soon as it exists.
 */
const REFERENCE_TABLES: Record<string, string> = {
  alarm: 'alarms',
  fault: 'fault_records',
  upkeep: 'upkeep_plans',
  feedback: 'feedback',
  leaseExit: 'lease_handover_machines',
};

type JsonSchema = { properties?: Record<string, JsonSchema>; enum?: unknown[]; anyOf?: JsonSchema[] };

/** The body fields of an endpoint that hold a `{ kind, id }` reference, with the kinds each may name. */
function referenceFields(endpoint: Endpoint): { name: string; kinds: string[] }[] {
  if (endpoint.method !== 'POST' || endpoint.multipart) return [];
  const properties = (inputSchema(endpoint, 'body') as JsonSchema).properties ?? {};
  return Object.entries(properties).flatMap(([name, schema]) => {
    const object = [schema, ...(schema.anyOf ?? [])].find((s) => s.properties?.kind?.enum && s.properties.id);
    return object ? [{ name, kinds: object.properties!.kind!.enum!.map(String) }] : [];
  });
}

describe('isolation matrix: a record of another lessor named inside a body', () => {
  // Nothing is written (each call proves it), so one app serves every endpoint.
  let t: TestApp;
  let foreign: ForeignRecords;
  beforeAll(async () => {
    t = await createTestApp();
    foreign = recordsOf(t.dbh.sqlite, orgOfKind(t.dbh.sqlite, 'lessor', 1));
  });
  afterAll(() => t.dbh.close());

  const withReferences = routes.filter((r) => referenceFields(r.endpoint).length > 0);
  it('finds the endpoints that take a reference', () => {
    expect(withReferences.length).toBeGreaterThan(0);
  });

  for (const { endpoint } of withReferences) {
    const callers = LESSOR_SIDE.filter((roleId) => mayCall(endpoint, roleId));
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const sqlite = t.dbh.sqlite;
      const lessorA = orgOf(sqlite, ROLE.lessorAdmin);
      // A machine of lessor A, so the request gets past "not your machine" to the reference itself.
      const own = sqlite.prepare('SELECT id, kind FROM devices WHERE org_id = ? ORDER BY id LIMIT 1').get(lessorA) as {
        id: number;
        kind: string;
      };
      const watch = watchWrites(sqlite, { ignoreTables: ['login_attempts'] });
      let tried = 0;
      for (const { name, kinds } of referenceFields(endpoint)) {
        for (const kind of kinds) {
          expect(REFERENCE_TABLES, `the table a "${kind}" reference names`).toHaveProperty(kind);
          const table = REFERENCE_TABLES[kind]!;
          const ids = (
            sqlite
              .prepare(
                `SELECT id FROM ${table} WHERE device_id IN (SELECT id FROM devices WHERE org_id IN (${foreign.orgIds.join(',')})) ORDER BY id LIMIT 2`,
              )
              .all() as { id: number }[]
          ).map((r) => r.id);
          expect(ids.length, `lessor B has ${table}`).toBeGreaterThan(0);
          for (const roleId of callers) {
            for (const id of ids) {
              const prefer = { deviceId: own.id, deviceKind: own.kind, [name]: { kind, id } };
              const body = sampleInput(endpoint, 'body', { mobile: demoAccount(roleId), prefer });
              watch.clear();
              const answer = await t.send(endpoint, {
                token: t.tokenFor(roleId),
                headers: { lang: 'en_US' },
                body: JSON.stringify(body),
              });
              const what = `role ${roleId}, ${name}=${kind} ${id}: ${JSON.stringify(answer.envelope).slice(0, 300)}`;
              expect(answer.envelope?.status, what).not.toBe('200');
              expect(
                watch.writes().filter((w) => w.table !== 'sessions'),
                what,
              ).toEqual([]);
              tried++;
            }
          }
        }
      }
      expect(tried).toBeGreaterThan(0);
    });
  }
});

/**
 * A log repeats what happened in other areas. Whoever may not read an area (the owner's expenses: not its
 * customer, not its distributor) reads none of its data through any endpoint, the logs included.
 */
describe("isolation matrix: an area's data is read only by who may read the area", () => {
  const AMOUNT = '98765.43';
  const outsiders: RoleId[] = [ROLE.other, ROLE.distributor];

  it('no endpoint shows an expense to a customer or a distributor of the machine', async () => {
    const t = await createTestApp();
    try {
      const sqlite = t.dbh.sqlite;
      const machine = sqlite
        .prepare('SELECT id FROM devices WHERE customer_org_id = ? AND distributor_org_id = ? ORDER BY id LIMIT 1')
        .get(orgOf(sqlite, ROLE.other), orgOf(sqlite, ROLE.distributor)) as { id: number };
      const created = await t.call(deviceRecordEndpoints.createExpense, {
        token: t.tokenFor(ROLE.lessorAdmin),
        body: { deviceId: machine.id, type: 'maintenance', amountCents: 9_876_543, date: '2026-10-01' },
      });
      expect(created.status, created.message).toBe('200');
      const month = new Date(t.deps.now()).toISOString().slice(0, 7);
      // The owner reads it where expenses are shown, so the walk below would see it if it leaked.
      const owner = await t.call(deviceRecordEndpoints.operationLog, {
        token: t.tokenFor(ROLE.lessorAdmin),
        headers: { timeZone: 'UTC' },
        query: { deviceId: machine.id, month },
      });
      expect(JSON.stringify(owner.data)).toContain(AMOUNT);

      let calls = 0;
      for (const roleId of outsiders) {
        const token = t.tokenFor(roleId);
        for (const { endpoint } of routes.filter((r) => r.endpoint.method === 'GET' && mayCall(r.endpoint, roleId))) {
          const prefer: Record<string, unknown> = { deviceId: machine.id, id: machine.id, month };
          // A whole sample (its filters set), and the machine and month alone (no filter narrowing the answer).
          const sample = sampleInput(endpoint, 'query', { mobile: demoAccount(roleId), prefer });
          const names = fieldNames(endpoint, 'query');
          const bare = Object.fromEntries(Object.entries(prefer).filter(([k]) => names.includes(k)));
          for (const query of [sample, bare]) {
            const answer = await t.send(endpoint, {
              token,
              headers: { lang: 'en_US', timeZone: 'UTC' },
              query: onTheWire(query, 'query') as Record<string, string>,
            });
            expect(JSON.stringify(answer.envelope), `role ${roleId}: ${endpoint.path}`).not.toContain(AMOUNT);
            calls++;
          }
        }
      }
      expect(calls).toBeGreaterThan(20);
    } finally {
      t.dbh.close();
    }
  });
});
