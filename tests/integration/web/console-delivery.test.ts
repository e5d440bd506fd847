import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { liveEndpoints } from '@console/contract/http/live';
import { compressAll } from '../../../web/build/console-dist.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"machine ${i}"}`).join(',')}];\n`;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>';
const ALL = 'gzip, deflate, br, zstd';

/** Decodes a body as its Content-Encoding says. */
async function decoded(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** How the built console and the API's answers travel to a browser: compressed, cached, revalidated. */
describe('console delivery', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    // A console as the build leaves it: hashed chunks under assets/ and their compressed copies beside them.
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), CHUNK);
    writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);
    await compressAll(dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  beforeEach(async () => {
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterEach(() => t.dbh.close());

  it('sends a hashed asset in the encoding the browser takes, decoding to the file, cached for a year', async () => {
    for (const [accept, expected] of [
      [ALL, 'br'],
      ['gzip, deflate', 'gzip'],
      ['', null],
    ] as const) {
      const response = await t.app.request('/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(expected);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = await decoded(response);
      expect(body).toBe(CHUNK);
      if (expected) expect(Number(response.headers.get('content-length'))).toBeLessThan(CHUNK.length / 3);
    }
  });

  it('revalidates index.html on every route by its ETag, and answers a missing chunk with 404', async () => {
    const first = await t.app.request('/leaseCenter/contractMng', { headers: { 'accept-encoding': ALL } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(await first.text()).toBe(INDEX);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"/);
    const again = await t.app.request('/dashboard', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // A file outside assets/ is revalidated as well, and travels compressed.
    const icon = await t.app.request('/favicon.svg', { headers: { 'accept-encoding': ALL } });
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('content-encoding')).toBe('br');
    expect(icon.headers.get('etag')).toBeTruthy();
    // An old tab asking for a chunk a rebuild removed gets no page in its place.
    const gone = await t.app.request('/assets/index-Old00000.js');
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('<html');
  });

  it('compresses large JSON answers only, and leaves a live event stream as it is', async () => {
    const large = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': ALL } });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await (await t.app.request('/api/openapi.json')).text();
    expect(JSON.parse(await decoded(large))).toEqual(JSON.parse(plain));
    const gzipped = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(gzipped)).toBe(plain);
    // A small answer goes as it is.
    const small = await t.app.request('/api/no-such-endpoint.do', { headers: { 'accept-encoding': ALL } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).status).toBe('404');
    // The live stream's first event arrives at once, uncompressed.
    const controller = new AbortController();
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const stream = await t.app.request(`/api${liveEndpoints.events.path}?token=${token}`, {
      headers: { 'accept-encoding': ALL },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain('event: ready');
    controller.abort();
    await reader.cancel().catch(() => undefined);
  });
});
