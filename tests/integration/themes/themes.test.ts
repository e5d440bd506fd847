import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { brandEndpoints } from '@console/contract/http/brand';
import { themeEndpoints, type ThemeRow } from '@console/contract/http/themes';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, upload } from '../settings/helpers.ts';

const LIFTGO = { host: 'liftgo.localhost' };

describe('the theme page', () => {
  let t: TestApp;
  let dir: string;
  const admin = () => t.tokenFor(ROLE.companyAdmin);
  const liftgo = async () =>
    (await t.call(themeEndpoints.list, { token: await admin() })).data.list.find(
      (b: ThemeRow) => b.appid === 'liftgo',
    )!;
  const form = async (fields: Record<string, unknown> = {}) => {
    const { brand: _b, logoUrl: _l, ...current } = await liftgo();
    return { ...current, logo: '', ...fields };
  };
  const metadata = async () => JSON.parse((await t.call(brandEndpoints.metadata, { headers: LIFTGO })).data.data);

  let edits: string;
  // The shipped pack, as released: the theme page never writes it.
  const shipped = () => readFileSync(join(dir, 'liftgo', 'brand.json'), 'utf8');
  const edited = () => JSON.parse(readFileSync(join(edits, 'liftgo', 'brand.json'), 'utf8'));

  beforeEach(async () => {
    // A copy of the shipped packs, and a folder for the edits, of this test's own.
    dir = mkdtempSync(join(tmpdir(), 'brands-'));
    cpSync('brands', dir, { recursive: true });
    edits = mkdtempSync(join(tmpdir(), 'brand-edits-'));
    t = await createTestApp({ BRANDS_DIR: dir, BRAND_EDITS_DIR: edits });
  });
  afterEach(() => {
    t.dbh.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(edits, { recursive: true, force: true });
  });

  it("saves a brand's colours, titles, region and logo, served at once and after a restart, the shipped pack kept", async () => {
    const released = shipped();
    const before = JSON.parse(released);
    const logo = (await upload(t, await admin(), { bytes: PNG, name: 'logo.png' }, 'image', true)).data.url as string;
    const saved = await t.call(themeEndpoints.save, {
      token: await admin(),
      body: await form({
        color: '#AA3300',
        header: '#882200',
        titleEn: 'LiftGo Hire Console',
        titleZh: 'LiftGo 租赁控制台',
        region: 'zh',
        logo,
      }),
    });
    expect(saved.status, saved.message).toBe('200');
    const served = await metadata();
    expect(served).toMatchObject({
      color: '#aa3300',
      title: { en: 'LiftGo Hire Console', zh: 'LiftGo 租赁控制台' },
      region: 'zh',
    });
    expect(served.theme.header).toBe('#882200');
    expect(served.logo).toMatch(/^\/brands\/liftgo\/logo-\w+\.png$/);
    expect((await t.app.request(served.logo)).status).toBe(200);
    const after = edited();
    expect(after.hosts).toEqual(before.hosts);
    expect(after.copyright).toBe(before.copyright);
    expect(shipped()).toBe(released);
    // Another brand is untouched.
    expect(JSON.parse((await t.call(brandEndpoints.metadata)).data.data).color).not.toBe('#aa3300');
    // A restarted server reads the edited brand, logo and all.
    const restarted = await createTestApp({ BRANDS_DIR: dir, BRAND_EDITS_DIR: edits });
    try {
      const again = JSON.parse((await restarted.call(brandEndpoints.metadata, { headers: LIFTGO })).data.data);
      expect(again).toMatchObject({ color: '#aa3300', logo: served.logo });
      expect((await restarted.app.request(served.logo)).status).toBe(200);
    } finally {
      restarted.dbh.close();
    }
  });

  it('refuses a colour that is not #rrggbb, an empty title or an unknown brand, and writes nothing', async () => {
    const before = shipped();
    const cases: [Record<string, unknown>, string][] = [
      [{ color: 'red' }, 'color'],
      [{ sidebar: '#12345' }, 'sidebar'],
      [{ titleEn: ' ' }, 'titleEn'],
      [{ appid: 'nosuchbrand' }, 'appid'],
    ];
    for (const [fields, field] of cases) {
      const answer = await t.call(themeEndpoints.save, { token: await admin(), loose: { body: await form(fields) } });
      expect(answer.status, field).toBe('400');
      expect(answer.data.field).toBe(field);
    }
    const zh = await t.call(themeEndpoints.save, {
      token: await admin(),
      lang: 'zh_CN',
      loose: { body: await form({ color: 'red' }) },
    });
    expect(zh.message).toContain('颜色格式为 #rrggbb');
    expect(shipped()).toBe(before);
    expect(readdirSync(edits)).toEqual([]);
  });

  it("is the operator's administrator's alone", async () => {
    for (const role of [ROLE.companyEmployee, ROLE.lessorAdmin, ROLE.finance, ROLE.screenViewer]) {
      expect((await t.call(themeEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
      const answer = await t.call(themeEndpoints.save, { token: await t.tokenFor(role), body: await form() });
      expect(answer.status, `role ${role}`).toBe('403');
    }
  });
});
