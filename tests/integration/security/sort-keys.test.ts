import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { allRoutes } from '@console/server/src/routes/all';
import { fieldNames, inputSchema, onTheWire, sampleInput } from '../../fixtures/contract-inputs.ts';
import { createTestApp } from '../../fixtures/test-app.ts';

/**
 * A list's sort field names one of its own columns; a name every object inherits (`__proto__`, `constructor`,
 * ...) names none, and the list answers in its default order, as if no sort had been asked for. The fuzz test
 * found such names answered with a server error on several lists; this walks every sortable list with each.
 */
const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const sortable = allRoutes.filter(({ endpoint }) => fieldNames(endpoint, 'query').includes('sortField'));

function caller(endpoint: Endpoint): RoleId {
  if (endpoint.access === 'public' || endpoint.access === 'signedIn') return ROLE.lessorAdmin;
  const roles = endpoint.access.roles as readonly RoleId[];
  return roles.includes(ROLE.lessorAdmin) ? ROLE.lessorAdmin : roles[0]!;
}

describe('sorting by an inherited name', () => {
  it('finds the sortable lists', () => {
    expect(sortable.length).toBeGreaterThan(10);
  });

  it.each(sortable.map(({ endpoint }) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers in its default order',
    async (_, endpoint) => {
      const t = await createTestApp();
      try {
        const roleId = caller(endpoint);
        const role = ROLE_IDS.includes(roleId) ? roleId : ROLE.lessorAdmin;
        const token = await t.tokenFor(role);
        // A list of one organisation's records (a big screen's machines) is asked of the caller's own.
        const me = (await t.dbh.db
          .select()
          .from(users)
          .where(eq(users.id, await t.userId(role)))
          .get())!;
        // The list's required fields (a machine's or a fence's id), no filters: a page of the whole list.
        const sample = onTheWire(sampleInput(endpoint, 'query', { mobile: demoAccount(roleId) }), 'query');
        const required = (inputSchema(endpoint, 'query') as { required?: string[] }).required ?? [];
        const unsorted = {
          ...(Object.fromEntries(
            required.map((name) => [name, name === 'orgId' ? String(me.orgId) : sample[name]]),
          ) as Record<string, string>),
          page: '1',
          pageSize: '20',
        };
        const expected = await t.send(endpoint, { query: unsorted, token });
        expect(expected.envelope?.status).toBe('200');
        for (const name of INHERITED) {
          const answer = await t.send(endpoint, { query: { ...unsorted, sortField: name }, token });
          expect(answer.envelope, name).toEqual(expected.envelope);
        }
      } finally {
        t.dbh.close();
      }
    },
  );
});
