import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { allRoutes, streamEndpoints } from '@console/server/src/routes/all';
import { onTheWire, sampleInput, type Source } from '../../fixtures/contract-inputs.ts';
import { totalChanges } from '../../fixtures/db-snapshot.ts';
import { dropDemoClones } from '../../fixtures/demo-database.ts';
import { eachEndpoint } from '../../fixtures/every-endpoint.ts';
import { createTestApp, type TestApp, type WireAnswer } from '../../fixtures/test-app.ts';

/**
 * Every endpoint of the server (allRoutes, so each area's routes are walked as soon as they are registered),
 * called without a token and with the token of every demo account: what a role may not call is refused
 * before anything runs, and what it may call is not refused for its role.
 */

function mayCall(endpoint: Endpoint, roleId: RoleId): boolean {
  if (endpoint.access === 'public') return true;
  if (roleId === ROLE.registeredUser) return false;
  return endpoint.access === 'signedIn' || endpoint.access.roles.includes(roleId);
}

function wire(endpoint: Endpoint, source: Source, value: Record<string, unknown>) {
  const onWire = onTheWire(value, source);
  return source === 'query' ? (onWire as Record<string, string | string[]>) : JSON.stringify(onWire);
}

const testName = (endpoint: Endpoint) =>
  `${endpoint.method} ${endpoint.path} (${typeof endpoint.access === 'object' ? `roles ${endpoint.access.roles.join(',')}` : endpoint.access})`;

/** Every role and no token on one endpoint, with no input and with a sample: refused, or let through to its work. */
async function walk(t: TestApp, endpoint: Endpoint): Promise<void> {
  const send = async (token: string | undefined, input: 'empty' | 'sample', roleId?: RoleId): Promise<WireAnswer> => {
    const hints = { mobile: roleId === undefined ? undefined : demoAccount(roleId) };
    const query = input === 'empty' ? {} : sampleInput(endpoint, 'query', hints);
    const body = input === 'empty' ? {} : sampleInput(endpoint, 'body', hints);
    return t.send(endpoint, {
      token,
      headers: { lang: 'en_US' },
      query: wire(endpoint, 'query', query) as Record<string, string>,
      body: endpoint.method === 'POST' ? (wire(endpoint, 'body', body) as string) : undefined,
    });
  };
  const label = (who: string, input: string, answer: WireAnswer) =>
    `${who}, ${input} input: HTTP ${answer.http} ${JSON.stringify(answer.envelope)}`;

  for (const input of ['empty', 'sample'] as const) {
    const before = await totalChanges(t.dbh.db);
    const anonymous = await send(undefined, input);
    expect(anonymous.http, label('no token', input, anonymous)).toBeLessThan(500);
    if (endpoint.access !== 'public') {
      expect(anonymous.envelope, label('no token', input, anonymous)).toEqual({
        status: '401',
        message: 'system logout',
        data: null,
      });
      expect(await totalChanges(t.dbh.db), 'a refused call wrote to the database').toBe(before);
    } else {
      expect(anonymous.envelope?.status, label('no token', input, anonymous)).not.toBe('500');
    }
  }

  for (const roleId of ROLE_IDS) {
    // A fresh token per role: an endpoint may legitimately end the caller's session (logout, password).
    const token = await t.tokenFor(roleId);
    for (const input of ['empty', 'sample'] as const) {
      const before = await totalChanges(t.dbh.db);
      const answer = await send(token, input, roleId);
      const what = label(`role ${roleId}`, input, answer);
      expect(answer.http, what).toBeLessThan(500);
      expect(answer.envelope?.status, what).not.toBe('500');
      if (endpoint.access !== 'public' && roleId === ROLE.registeredUser) {
        expect(answer.envelope, what).toMatchObject({ status: '403', message: 'no permission to login' });
      } else if (!mayCall(endpoint, roleId)) {
        expect(answer.envelope, what).toMatchObject({
          status: '403',
          message: 'You have no permission for this operation',
        });
      } else {
        expect(answer.envelope?.status, what).not.toBe('401');
        // With no input a role the contract admits meets validation or the handler, never a refusal for its
        // role. (Public endpoints guard themselves: getUserInfo.do refuses role 0, machine-to-machine calls
        // ask for their own proof.)
        if (input === 'empty' && endpoint.access !== 'public') expect(answer.envelope?.status, what).not.toBe('403');
        continue;
      }
      expect(await totalChanges(t.dbh.db), `${what}: a refused call wrote to the database`).toBe(before);
    }
  }
}

describe('role walk over every endpoint', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    t.dbh.close();
    // Each test's app on PostgreSQL is a clone of the demo database (about 100 MB): dropped as the test ends, not
    // with the file, or the file's hundreds of them fill the disk. Nothing to do on SQLite.
    await dropDemoClones();
  });

  it('walks a real list of endpoints', () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    expect(allRoutes.filter((r) => typeof r.endpoint.access === 'object').length).toBeGreaterThan(0);
  });

  it('counts the writes it checks refused calls against', async () => {
    const before = await totalChanges(t.dbh.db);
    await t.tokenFor(ROLE.finance);
    expect(await totalChanges(t.dbh.db)).toBeGreaterThan(before);
  });

  it('refuses the streams (live events) without a session and to role 0', async () => {
    expect(streamEndpoints.length).toBeGreaterThan(0);
    for (const endpoint of streamEndpoints) {
      for (const token of [undefined, 'not-a-token', await t.tokenFor(ROLE.registeredUser)]) {
        const answer = await t.send(endpoint, { token });
        expect(answer, endpoint.path).toEqual({
          http: 200,
          envelope: { status: '401', message: 'system logout', data: null },
        });
      }
    }
  });
});

eachEndpoint('role walk over', testName, walk);
