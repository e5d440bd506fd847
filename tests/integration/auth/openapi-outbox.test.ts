import { afterEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { ROLE } from '@console/contract/codes/roles';
import { demoAccount } from '@console/db/seed/accounts';
import { aempOpenApiPaths } from '@console/server/src/routes/aemp/openapi';
import { allRoutes, streamEndpoints } from '@console/server/src/routes/all';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

interface OpenApi {
  paths: Record<
    string,
    Record<string, { summary: string; parameters: { name: string; in: string; required?: boolean }[] }>
  >;
}

describe('the development SMS outbox and the OpenAPI document', () => {
  let t: TestApp;
  afterEach(() => t.dbh.close());

  it('lists every route of the server, with its method, summary and query parameters', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApi;
    for (const { endpoint } of allRoutes) {
      const op = doc.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(op, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(op!.summary).toBe(endpoint.summary);
      const queryNames = op!.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const shape = (endpoint.query as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(queryNames.sort()).toEqual(Object.keys(shape).sort());
      expect(op!.parameters.some((p) => p.in === 'header' && p.name === 'token' && p.required)).toBe(
        endpoint.access !== 'public',
      );
    }
    // Besides the envelope's routes and streams, the ISO 15143-3 API's own (decision 068).
    const aemp = Object.values(aempOpenApiPaths()).flatMap((p) => Object.keys(p));
    expect(aemp.length).toBeGreaterThan(0);
    expect(Object.values(doc.paths).flatMap((p) => Object.keys(p))).toHaveLength(
      allRoutes.length + streamEndpoints.length + aemp.length,
    );
    const login = doc.paths['/api/login.do']!.post!.parameters;
    expect(login.find((p) => p.name === 'account')).toMatchObject({ in: 'query', required: true });
    const docs = await t.app.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/docs/init.js');
  });

  it('serves the outbox outside production, newest first and filtered by number', async () => {
    t = await createTestApp();
    const a = demoAccount(ROLE.companyAdmin);
    const b = demoAccount(ROLE.finance);
    await t.call(authEndpoints.code, { query: { mobile: a } });
    await t.call(authEndpoints.code, { query: { mobile: b } });
    t.advance(61_000);
    await t.call(authEndpoints.code, { query: { mobile: a, type: 'reset' } });
    const onlyA = await t.call(authEndpoints.devSms, { query: { mobile: a } });
    expect(onlyA.data.map((m: { mobile: string }) => m.mobile)).toEqual([a, a]);
    expect(onlyA.data[0].id).toBeGreaterThan(onlyA.data[1].id);
    const all = await t.call(authEndpoints.devSms, {});
    expect(all.data).toHaveLength(3);
  });

  it('has no outbox in production: 404 and not in the OpenAPI document', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    const res = await t.app.request('/api/dev/sms.do?mobile=13800000002', { headers: { lang: 'en_US' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: '404', data: null });
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApi;
    expect(doc.paths['/api/dev/sms.do']).toBeUndefined();
    expect(doc.paths['/api/login.do']).toBeDefined();
    // A code is still issued and works; it is just not readable through the outbox.
    const sent = await t.call(authEndpoints.code, { query: { mobile: demoAccount(ROLE.companyAdmin) } });
    expect(sent.status).toBe('200');
  });

  it('answers unknown API paths with the not-found envelope', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/nothing-here.do', { headers: { lang: 'zh_CN' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: '404', message: '数据不存在', data: null });
  });
});
