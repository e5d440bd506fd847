import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { brandInfo, JD_APPIDS } from '@console/contract/http/brand';
import type { Envelope } from '@console/contract/http/envelope';
import { createApp } from '@console/server/src/app';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

// The brand packs the repository ships (brands/): zjcloud (default), liftgo (global) and jd.
describe('host/metadata.do with the shipped brand packs', () => {
  let t: TestApp;
  let app: Hono;
  beforeAll(async () => {
    t = await createTestApp();
    app = createApp(t.deps);
  });
  afterAll(() => t.dbh.close());

  async function metadata(headers: Record<string, string>) {
    const response = await app.request('/api/host/metadata.do', { headers });
    const body = (await response.json()) as Envelope<{ data: string; appid: string }>;
    expect(body.status).toBe('200');
    return { appid: body.data.appid as string, info: brandInfo.parse(JSON.parse(body.data.data)) };
  }

  it('answers the default brand, Chinese and regional, on plain localhost', async () => {
    const { appid, info } = await metadata({ host: 'localhost:8080' });
    expect(appid).toBe('zjcloud');
    expect(info).toMatchObject({
      region: 'zh',
      defaultLang: 'zh-cn',
      title: { zh: '工程机械', en: 'Engineering machinery' },
    });
  });

  it("writes a Chinese brand's copyright under its company's Chinese name for Chinese pages, and one line for both", async () => {
    const zjcloud = (await metadata({ host: 'localhost:8080' })).info.copyright;
    expect(zjcloud.zh).toBe('© 2026 中机云科技有限公司');
    expect(zjcloud.en).toBe('© 2026 Zhongji Machinery Cloud Co., Ltd.');
    expect((await metadata({ host: 'jd.localhost' })).info.copyright.zh).toMatch(/^© \d{4} [\u4e00-\u9fff]+$/);
    // The global brand keeps its company's name in English only: one line serves both languages.
    const liftgo = (await metadata({ host: 'liftgo.localhost' })).info.copyright;
    expect(liftgo.zh).toBe(liftgo.en);
    expect(liftgo.en).toMatch(/LiftGo/);
  });

  it('picks the brand named by <appid>.localhost, with or without a port, in any case', async () => {
    expect((await metadata({ host: 'jd.localhost:8080' })).appid).toBe('jd');
    expect((await metadata({ host: 'LIFTGO.localhost' })).appid).toBe('liftgo');
  });

  it('picks the brand that lists the host', async () => {
    const { appid, info } = await metadata({ host: 'console.liftgo.example' });
    expect(appid).toBe('liftgo');
    expect(info).toMatchObject({ region: 'global', languageSwitch: true, defaultLang: 'en', brand: 'LiftGo' });
  });

  it('falls back to the default for unknown hosts and unknown app ids', async () => {
    expect((await metadata({ host: 'unknown.example.com' })).appid).toBe('zjcloud');
    expect((await metadata({ host: 'nosuchbrand.localhost:8080' })).appid).toBe('zjcloud');
    expect((await metadata({ host: '127.0.0.1:8080' })).appid).toBe('zjcloud');
  });

  it('reads the forwarded host behind a trusted proxy', async () => {
    expect((await metadata({ host: 'internal:8080', 'x-forwarded-host': 'jd.localhost' })).appid).toBe('jd');
  });

  it('ships a jd brand whose app id takes the big-screen shortcut to /jdBigScreen', async () => {
    const { appid } = await metadata({ host: 'jd.localhost' });
    expect(JD_APPIDS).toContain(appid);
  });

  it('serves each logo at its URL with its type, nosniff and a CSP without script', async () => {
    for (const host of ['localhost', 'jd.localhost', 'liftgo.localhost']) {
      const { info } = await metadata({ host });
      const response = await app.request(info.logo);
      expect(response.status, info.logo).toBe(200);
      expect(response.headers.get('content-type')).toBe(info.logo.endsWith('.png') ? 'image/png' : 'image/svg+xml');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    }
  });

  it('serves nothing else from a brand folder', async () => {
    expect((await app.request('/brands/jd/brand.json')).status).toBe(404);
    expect((await app.request('/brands/jd/logo.svg')).status).toBe(404);
    expect((await app.request('/brands/nosuch/logo.png')).status).toBe(404);
    expect((await app.request('/brands/jd/..%2Fzjcloud%2Fbrand.json')).status).toBe(404);
  });
});
