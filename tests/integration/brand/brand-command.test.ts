import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandForHost, loadBrands } from '@console/server/src/lib/brands';
import { contrast } from '@console/server/src/lib/brand-theme';
import { BrandError, createBrandPack } from '../../../scripts/lib/brand-pack.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('npm run brand -- new', () => {
  let dir: string;
  let brands: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'brand-cmd-'));
    brands = join(dir, 'brands');
    writeFileSync(join(dir, 'logo.svg'), LOGO_SVG);
    writeFileSync(join(dir, 'picture.jpg'), PNG); // a PNG, whatever its name says
    writeFileSync(join(dir, 'evil.svg'), LOGO_SVG.replace('<rect', '<script>alert(1)</script><rect'));
    writeFileSync(join(dir, 'notes.txt'), 'not an image');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const base = () => ({ appid: 'acme', name: 'Acme Lifts', color: '#FC0', logo: join(dir, 'logo.svg') });

  it('writes a pack the server loads, with a theme derived from the colour', async () => {
    await createBrandPack(brands, { ...base(), region: 'global', titleEn: 'Acme Fleet', hosts: ['Acme.Example'] });
    const registry = loadBrands(brands, () => {});
    const pack = brandForHost(registry, 'acme.localhost:8080')!;
    expect(pack.appid).toBe('acme');
    expect(pack.info).toMatchObject({
      brand: 'Acme Lifts',
      color: '#ffcc00',
      logo: '/brands/acme/logo.svg',
      region: 'global',
      languageSwitch: true,
      defaultLang: 'en',
      title: { zh: '工程机械', en: 'Acme Fleet' },
    });
    expect(contrast(pack.info.theme.header, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(brandForHost(registry, 'acme.example')?.appid).toBe('acme');
  });

  it('names the logo by its content', async () => {
    await createBrandPack(brands, { ...base(), logo: join(dir, 'picture.jpg') });
    expect(existsSync(join(brands, 'acme/logo.png'))).toBe(true);
    expect(JSON.parse(readFileSync(join(brands, 'acme/brand.json'), 'utf8'))).toMatchObject({
      logo: 'logo.png',
      region: 'zh',
    });
  });

  it.each([
    ['a bad app id', { appid: 'Acme_1' }, /not an app id/],
    ['a bad colour', { color: 'orange' }, /not a colour/],
    ['a missing logo', { logo: '/nonexistent/logo.png' }, /does not exist/],
    ['a logo that is not an image', { logo: 'notes.txt' }, /not a PNG, JPEG, WebP or SVG/],
    ['a hostile SVG', { logo: 'evil.svg' }, /<script>/],
    ['a bad host name', { hosts: ['http://x.example/'] }, /hosts/],
  ])('refuses %s and writes nothing', async (_, change, message) => {
    const input = { ...base(), ...change };
    if ('logo' in change && !change.logo!.startsWith('/')) input.logo = join(dir, change.logo!);
    await expect(createBrandPack(brands, input)).rejects.toThrow(message);
    expect(existsSync(join(brands, input.appid))).toBe(false);
  });

  it('refuses an app id that exists and a host another pack holds', async () => {
    await createBrandPack(brands, { ...base(), hosts: ['acme.example'] });
    await expect(createBrandPack(brands, base())).rejects.toThrow(BrandError);
    await expect(createBrandPack(brands, { ...base(), appid: 'other', hosts: ['acme.example'] })).rejects.toThrow(
      /already belongs to brand pack "acme"/,
    );
  });

  it('runs from the command line and prints how to open the brand', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/brand.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, BRANDS_DIR: brands, INIT_CWD: dir, PORT: '8080' },
        encoding: 'utf8',
      });
    const ok = run(
      'new',
      'acme',
      '--name',
      'Acme Lifts',
      '--color',
      '#0a7',
      '--logo',
      'logo.svg',
      '--host',
      'acme.example',
    );
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('http://acme.localhost:8080');
    const bad = run('new', 'acme2', '--name', 'Acme', '--color', '#0a7', '--logo', 'evil.svg');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/brand pack not created: .*<script>/);
    const usage = run('new', 'acme3');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage: npm run brand/);
  });
});
