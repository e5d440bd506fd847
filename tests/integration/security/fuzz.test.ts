import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { findSessionUser } from '@console/server/src/lib/session';
import { allRoutes } from '@console/server/src/routes/all';
import { watchWrites } from '../../fixtures/db-snapshot.ts';
import { dropDemoClones } from '../../fixtures/demo-database.ts';
import { hostileRequests } from '../../fixtures/hostile-inputs.ts';
import { runOf } from '../../fixtures/sql-rows.ts';
import { eachEndpoint } from '../../fixtures/every-endpoint.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * Contract-driven fuzzing of every endpoint: around a valid sample of its query and body, fields are dropped,
 * replaced by hostile values (injections, markup, odd unicode, huge strings and numbers, wrong types,
 * prototype keys) and extra keys are added; bodies may be broken JSON. Signed in as a role that may call it,
 * the server never answers a server error, and a request it refuses writes nothing.
 */

// FUZZ_RUNS raises the count for a longer local run; the default keeps the file well under a minute.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
// The suite draws the same requests on every run, so a failure in CI is one a developer meets again on the same
// commit; FUZZ_SEED=random explores new ones (a failure prints the seed and path that replay it), a number replays.
const SEED = process.env.FUZZ_SEED ?? '20261204';
if (SEED !== 'random' && !/^-?\d+$/.test(SEED))
  throw new Error(`FUZZ_SEED must be a whole number or random, not ${SEED}`);
const seedOf = (endpoint: Endpoint) =>
  SEED === 'random'
    ? undefined
    : [...`${endpoint.method} ${endpoint.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, Number(SEED));

// Refused sign-ins are recorded on purpose (the code and lock-out rules count them), and a wrong code counts
// against that code; nothing else may be written by a refused request.
const AUDIT = { ignoreTables: ['login_attempts'], ignoreColumns: { sms_codes: ['failed_tries'] } };

function callers(endpoint: Endpoint): (RoleId | null)[] {
  if (endpoint.access === 'public') return [null, ROLE.lessorAdmin];
  const roles =
    endpoint.access === 'signedIn' ? ROLE_IDS.filter((r) => r !== ROLE.registeredUser) : [...endpoint.access.roles];
  return roles;
}

const polluted = () =>
  (({}) as Record<string, unknown>).polluted !== undefined || Object.keys(Object.prototype).length > 0;

/** Hostile requests to one endpoint from the roles that may call it: answered, never a 500, and refused unwritten. */
async function fuzz(t: TestApp, endpoint: Endpoint): Promise<void> {
  const watch = await watchWrites(t.dbh.db, AUDIT);
  const tokens = new Map<RoleId, string>();
  const liveToken = async (roleId: RoleId) => {
    const held = tokens.get(roleId);
    if (held && (await findSessionUser(t.dbh.db, held, t.deps.now()))) return held;
    const token = await t.tokenFor(roleId);
    tokens.set(roleId, token);
    return token;
  };
  const roles = callers(endpoint);
  const arbitrary = fc.record({
    roleId: fc.constantFrom(...roles),
    request: fc
      .constantFrom(...roles)
      .chain((r) => hostileRequests(endpoint, { mobile: demoAccount(r ?? ROLE.lessorAdmin) })),
  });
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ roleId, request }) => {
      const token = roleId === null ? undefined : await liveToken(roleId);
      await watch.clear();
      const answer = await t.send(endpoint, { ...request, token });
      const what = `HTTP ${answer.http} ${JSON.stringify(answer.envelope)?.slice(0, 300)}`;
      expect(answer.http, what).toBeLessThan(500);
      expect(answer.envelope, what).toMatchObject({ status: expect.any(String), message: expect.any(String) });
      expect(answer.envelope!.status, what).not.toBe('500');
      expect(answer.envelope!.message, what).not.toBe('');
      if (answer.envelope!.status !== '200') expect(await watch.writes(), `refused but wrote: ${what}`).toEqual([]);
      expect(polluted(), 'Object.prototype was polluted').toBe(false);
    }),
    { numRuns: RUNS, endOnFailure: true, seed: seedOf(endpoint) },
  );
}

describe('fuzzing every endpoint from its contract', () => {
  // The run's first test app may seed the demo template on PostgreSQL (minutes on a busy host): a hook's time.
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(() => first.dbh.close());
  // Each test's app on PostgreSQL is a clone of the demo database (about 100 MB): dropped as the test ends, not with
  // the file, or the file's hundreds of them fill the disk. Nothing to do on SQLite.
  afterEach(() => dropDemoClones());

  it('covers every endpoint, and its write watch sees writes', async () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    const t = first;
    const db = t.dbh.db;
    const watch = await watchWrites(db, AUDIT);
    await runOf(db, 'UPDATE users SET nickname = nickname WHERE id = 1');
    await runOf(db, "INSERT INTO login_attempts (account, ip, success) VALUES ('x', 'y', FALSE)");
    expect(await watch.writes()).toEqual([]);
    await runOf(db, "UPDATE users SET nickname = 'changed' WHERE id = 1");
    await runOf(db, 'DELETE FROM qr_logins');
    expect(await watch.writes()).toEqual([{ table: 'users', op: 'update' }]);
    await t.tokenFor(ROLE.finance);
    expect(await watch.writes()).toContainEqual({ table: 'sessions', op: 'insert' });
  });
});

eachEndpoint('fuzzing', (endpoint) => `${endpoint.method} ${endpoint.path}`, fuzz);
