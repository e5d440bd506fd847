import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { settingsEndpoints } from '@console/contract/http/settings';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fetchFile, PDF, PNG, upload } from '../settings/helpers.ts';

/** What a browser is told about the console's answers, and what a signed-in user may make of a file. */
describe('browser-facing hardening', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('sends a Content-Security-Policy without inline scripts, no framing, nosniff and a referrer policy', async () => {
    for (const path of ['/api/docs', '/api/openapi.json', '/api/no-such-endpoint.do']) {
      const response = await t.app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    // The map's tile servers (a templated subdomain too) may send images.
    const csp = (await t.app.request('/api/docs')).headers.get('content-security-policy')!;
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.is\.autonavi\.com/);
    // The reference page loads its start-up script from a file, which the policy allows.
    const page = await (await t.app.request('/api/docs')).text();
    expect(page).not.toMatch(/<script>/);
    expect(page).toContain('<script src="/api/docs/init.js"></script>');
    const init = await t.app.request('/api/docs/init.js');
    expect(init.headers.get('content-type')).toContain('javascript');
    expect(await init.text()).toContain("url: '/api/openapi.json'");
  });

  it('refuses a JSON body over 1M before reading it, in both languages', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const raw = JSON.stringify({ nickname: 'Ops', introduction: 'x'.repeat(2 * 1024 * 1024) });
    const en = await t.call(settingsEndpoints.updateProfile, { token, raw });
    expect(en).toEqual({
      status: '400',
      message: 'The request is too large (at most 1M)',
      data: { field: 'body', issues: [{ path: 'body', message: 'error.bodyTooLarge' }] },
    });
    const zh = await t.call(settingsEndpoints.updateProfile, { token, raw, lang: 'zh_CN' });
    expect(zh.message).toBe('请求内容过大（最多 1M）');
    // An ordinary form still goes through.
    expect((await t.call(settingsEndpoints.updateProfile, { token, body: { nickname: 'Ops' } })).status).toBe('200');
  });

  it('makes only pictures public, and serves a PDF as a sandboxed download', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const publicPdf = await upload(t, token, { bytes: PDF, name: 'manual.pdf', type: 'application/pdf' }, 'pdf', true);
    expect(publicPdf).toMatchObject({
      status: '400',
      message: 'Invalid input: isPublic, only pictures (avatars, model pictures) can be shared by link',
      data: { field: 'isPublic' },
    });
    const publicPhoto = await upload(t, token, { bytes: PNG, name: 'site.png' }, 'photo', true);
    expect(publicPhoto.status).toBe('400');
    expect((await upload(t, token, { bytes: PNG, name: 'me.png' }, 'image', true)).status).toBe('200');

    const pdf = await upload(t, token, { bytes: PDF, name: 'manual.pdf', type: 'application/pdf' }, 'pdf');
    expect(pdf.status).toBe('200');
    expect((await fetchFile(t, pdf.data.url)).status).toBe(404);
    const served = await fetchFile(t, pdf.data.url, token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${pdf.data.name}"`);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });
});
