import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '@console/server/src/app';
import { loadBrands } from '@console/server/src/lib/brands';
import { createTestApp } from '../../fixtures/test-app.ts';
import type { Envelope } from '@console/contract/http/envelope';

type Metadata = Envelope<{ data: string; appid: string }>;

const SHIPPED = join(import.meta.dirname, '../../../brands');
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="fetch(\'/api/getUserInfo.do\')"><rect/></svg>';

describe('brand packs that fail their checks', () => {
  let dir: string;
  const problems: string[] = [];
  const log = (_level: string, message: string) => problems.push(message);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'brands-'));
    problems.length = 0;
    cpSync(join(SHIPPED, 'zjcloud'), join(dir, 'zjcloud'), { recursive: true });
    // A copy of the default pack whose logo is replaced by a hostile SVG.
    cpSync(join(SHIPPED, 'zjcloud'), join(dir, 'hostile'), { recursive: true });
    writeFileSync(join(dir, 'hostile/logo.svg'), HOSTILE_SVG);
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken/brand.json'), '{ "brand": ');
    cpSync(join(SHIPPED, 'zjcloud'), join(dir, 'badlink'), { recursive: true });
    const pack = JSON.parse(readFileSync(join(SHIPPED, 'zjcloud/brand.json'), 'utf8'));
    writeFileSync(
      join(dir, 'badlink/brand.json'),
      JSON.stringify({ ...pack, default: false, homepage: 'javascript:alert(1)' }),
    );
    mkdirSync(join(dir, 'Not_An_Appid'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('skips each bad pack with its reason and keeps the good one', () => {
    const registry = loadBrands(dir, log);
    expect([...registry.packs.keys()]).toEqual(['zjcloud']);
    expect(registry.defaultAppid).toBe('zjcloud');
    expect(problems.find((p) => p.includes('"hostile"'))).toMatch(/event-handler/);
    expect(problems.find((p) => p.includes('"broken"'))).toMatch(/cannot be read/);
    expect(problems.find((p) => p.includes('"badlink"'))).toMatch(/homepage/);
    expect(problems.find((p) => p.includes('"Not_An_Appid"'))).toMatch(/not an app id/);
  });

  it('never serves a refused pack: its host gets the default brand and its logo is not found', async () => {
    const t = await createTestApp({ BRANDS_DIR: dir });
    const app = createApp(t.deps);
    const res = (await (
      await app.request('/api/host/metadata.do', { headers: { host: 'hostile.localhost' } })
    ).json()) as Metadata;
    expect(res.status).toBe('200');
    expect(res.data.appid).toBe('zjcloud');
    expect((await app.request('/brands/hostile/logo.svg')).status).toBe(404);
    t.dbh.close();
  });

  it('still starts with no valid pack at all, and metadata.do answers "not found"', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'brands-empty-'));
    const t = await createTestApp({ BRANDS_DIR: empty });
    const res = (await (await createApp(t.deps).request('/api/host/metadata.do')).json()) as Metadata;
    expect(res.status).toBe('404');
    t.dbh.close();
    rmSync(empty, { recursive: true });
  });

  it('uses the first pack when none is marked default, and the first claim of a host', () => {
    cpSync(join(SHIPPED, 'liftgo'), join(dir, 'another'), { recursive: true });
    rmSync(join(dir, 'zjcloud'), { recursive: true });
    cpSync(join(SHIPPED, 'liftgo'), join(dir, 'zjcloud'), { recursive: true });
    const registry = loadBrands(dir, log);
    expect(registry.defaultAppid).toBe('another');
    expect(registry.hosts.get('console.liftgo.example')).toBe('another');
    expect(problems.some((p) => p.includes('already belongs to "another"'))).toBe(true);
  });
});
