import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { allRoutes } from '@console/server/src/routes/all';
import { fieldNames, isIdField, onTheWire, sampleInput } from '../../fixtures/contract-inputs.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { foreignRecords, type ForeignRecords } from '../../fixtures/foreign-records.ts';

/**
 * Organisation isolation, generically over every endpoint: the users of the first rental company (lessor A)
 * call everything they may call - with no input, with plausible input, and with every record id of the
 * second rental company (lessor B) in every id field - and never see a value that only lessor B's records
 * hold, never get an `orgId` of lessor B back, and never change a row of lessor B.
 */

const LESSOR_A_ROLES: RoleId[] = [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff, ROLE.other];

function mayCall(endpoint: Endpoint, roleId: RoleId): boolean {
  if (endpoint.access === 'public') return true;
  return endpoint.access === 'signedIn' || endpoint.access.roles.includes(roleId);
}

/** Every `orgId` value anywhere in an answer. */
function orgIdsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => orgIdsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/^(orgId|org_id|lessorId|lessorOrgId)$/.test(k) && typeof v === 'number') out.push(v);
      else orgIdsIn(v, out);
    }
  }
  return out;
}

// The development outbox lists every number's messages by design and does not exist in production.
const routes = allRoutes.filter((r) => !r.endpoint.devOnly);

describe('organisation isolation: lessor A never reads or changes lessor B', () => {
  let t: TestApp;
  let foreign: ForeignRecords;

  beforeAll(async () => {
    const probe = await createTestApp();
    foreign = foreignRecords(probe.dbh.sqlite);
    probe.dbh.close();
  });
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('has records of lessor B to protect', () => {
    expect(foreign.secrets.length).toBeGreaterThan(20);
    expect(foreign.secrets).toContain('Pearl River Lift Rental');
    expect(foreign.ids.length).toBeGreaterThan(3);
  });

  for (const { endpoint } of routes) {
    const callers = LESSOR_A_ROLES.filter((roleId) => mayCall(endpoint, roleId));
    if (callers.length === 0) continue;

    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const before = foreign.checksum(t.dbh.sqlite);
      const idFields = (['query', 'body'] as const).flatMap((source) =>
        fieldNames(endpoint, source)
          .filter(isIdField)
          .map((name) => ({ source, name })),
      );
      for (const roleId of callers) {
        let token = t.tokenFor(roleId);
        const hints = { mobile: demoAccount(roleId) };
        const inputs: { query: Record<string, unknown>; body: Record<string, unknown>; label: string }[] = [
          { query: {}, body: {}, label: 'no input' },
          { query: sampleInput(endpoint, 'query', hints), body: sampleInput(endpoint, 'body', hints), label: 'sample' },
        ];
        for (const { source, name } of idFields) {
          for (const id of foreign.ids) {
            const prefer = { [name]: /ids$/i.test(name) ? [id] : id };
            const query = sampleInput(endpoint, 'query', { ...hints, ...(source === 'query' ? { prefer } : {}) });
            const body = sampleInput(endpoint, 'body', { ...hints, ...(source === 'body' ? { prefer } : {}) });
            inputs.push({ query, body, label: `${source}.${name}=${id}` });
          }
        }
        for (const input of inputs) {
          const answer = await t.send(endpoint, {
            token,
            headers: { lang: 'en_US' },
            query: onTheWire(input.query, 'query') as Record<string, string>,
            body: endpoint.method === 'POST' ? JSON.stringify(input.body) : undefined,
          });
          const what = `role ${roleId}, ${input.label}: ${JSON.stringify(answer.envelope).slice(0, 300)}`;
          const text = JSON.stringify(answer.envelope);
          const leaked = foreign.secrets.filter((secret) => text.includes(secret));
          expect(leaked, what).toEqual([]);
          const foreignOrgs = orgIdsIn(answer.envelope?.data).filter((id) => foreign.orgIds.includes(id));
          expect(foreignOrgs, what).toEqual([]);
          // A fresh token if the call ended the session (logout, a password change).
          if (answer.envelope?.status === '401') token = t.tokenFor(roleId);
        }
      }
      expect(foreign.checksum(t.dbh.sqlite), 'a row of lessor B changed').toEqual(before);
    });
  }
});
