import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '@console/db/schema/accounts';
import { signingFlows } from '@console/db/schema/lease-esign';
import { contractPdf } from '@console/server/src/lease/pdf/contract-pdf';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds, seededIn } from './helpers.ts';

/** What poppler's pdftotext reads from a PDF (.ci/run installs poppler-utils), as a person copying its text would. */
function pdfText(bytes: Uint8Array, dir: string): string {
  const file = join(dir, `c${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the contract PDF', () => {
  let t: TestApp;
  let dir: string;
  let huadong: number;
  let northwind: number;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'lease-pdf-'));
    [huadong, , northwind] = lessorIds(t) as [number, number, number];
  });
  afterAll(() => {
    t?.dbh.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const nameOf = (orgId: number) =>
    t.dbh.db.select().from(organisations).where(eq(organisations.id, orgId)).get()!.name;

  it("carries the renter's Chinese name as text, the signatures and the seal, in a small file", async () => {
    const c = seededIn(t, huadong, 7);
    const bytes = (await contractPdf(t.dbh.db, c.id))!;
    const text = pdfText(bytes, dir);
    expect(nameOf(c.renterOrgId)).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toContain(nameOf(c.renterOrgId));
    expect(text).toContain(c.number);
    expect(text).toContain('设备租赁合同');
    expect(text).toContain('承租方签署');
    // Both signed: each signer's name and time in its box.
    const flow = t.dbh.db.select().from(signingFlows).where(eq(signingFlows.contractId, c.id)).get()!;
    expect(flow.lesseeSigner).not.toBe('');
    expect(text).toContain(flow.lesseeSigner);
    expect(text.match(/签署时间/g)?.length).toBe(2);
    // Only the glyphs used are embedded: the font file itself is 8 MB.
    expect(bytes.length).toBeLessThan(400_000);
  }, 60_000);

  it('writes an English contract in English', async () => {
    const c = seededIn(t, northwind, 8);
    const text = pdfText((await contractPdf(t.dbh.db, c.id))!, dir);
    expect(text).toContain('Equipment Lease Contract');
    expect(text).toContain(nameOf(c.renterOrgId));
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  }, 60_000);

  it('answers nothing for a contract that does not exist', async () => {
    expect(await contractPdf(t.dbh.db, 999_999)).toBeNull();
  });
});
