import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { allRoutes } from '@console/server/src/routes/all';
import { fieldNames, inputSchema, onTheWire, sampleInput } from '../../fixtures/contract-inputs.ts';
import { createTestApp } from '../../fixtures/test-app.ts';

/**
 * Every text filter of every list has one semantics (server/src/lib/search.ts): the text anywhere, ignoring case,
 * with `%` and `_` matched as themselves. Nothing in the demo business holds `%%` or `__`, so a filter of either
 * finds nothing where the list itself has rows; pattern characters taken as wildcards would find them all.
 */
const TEXT_FILTERS = [
  'keyword',
  'search',
  'serialNumber',
  'hostSerial',
  'name',
  'phone',
  'contact',
  'location',
  'iccid',
  'imei',
  'model',
  'plate',
  'brand',
  'hostNumber',
  'customerName',
];

function caller(endpoint: Endpoint): RoleId {
  if (endpoint.access === 'public' || endpoint.access === 'signedIn') return ROLE.lessorAdmin;
  const roles = endpoint.access.roles as readonly RoleId[];
  return roles.includes(ROLE.lessorAdmin) ? ROLE.lessorAdmin : roles[0]!;
}

const rowsOf = (data: unknown): unknown[] | null => {
  if (Array.isArray(data)) return data;
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? list : null;
};

const filtered = allRoutes
  .filter(({ endpoint }) => endpoint.method === 'GET' && !endpoint.stream)
  .flatMap(({ endpoint }) =>
    fieldNames(endpoint, 'query')
      .filter((name) => TEXT_FILTERS.includes(name))
      .map((name) => [`${endpoint.path} ${name}`, endpoint, name] as const),
  );

describe('keyword search', () => {
  it('takes % and _ literally in every text filter of every list', async () => {
    const t = await createTestApp();
    const checked: string[] = [];
    try {
      for (const [label, endpoint, name] of filtered) {
        const roleId = caller(endpoint);
        const token = await t.tokenFor(ROLE_IDS.includes(roleId) ? roleId : ROLE.lessorAdmin);
        const sample = onTheWire(sampleInput(endpoint, 'query', { mobile: demoAccount(roleId) }), 'query');
        const required = (inputSchema(endpoint, 'query') as { required?: string[] }).required ?? [];
        const base = Object.fromEntries(required.map((key) => [key, sample[key]])) as Record<string, string>;
        const all = await t.send(endpoint, { query: base, token });
        const rows = rowsOf(all.envelope?.data);
        if (all.envelope?.status !== '200' || !rows?.length) continue;
        for (const pattern of ['%%', '__']) {
          const answer = await t.send(endpoint, { query: { ...base, [name]: pattern }, token });
          expect(answer.envelope?.status, `${label} ${pattern}`).toBe('200');
          expect(rowsOf(answer.envelope?.data), `${label} ${pattern}`).toEqual([]);
        }
        checked.push(label);
      }
    } finally {
      t.dbh.close();
    }
    // The lists with text filters and rows in the demo business: most of them.
    expect(checked.length, checked.join('\n')).toBeGreaterThan(15);
  });
});
