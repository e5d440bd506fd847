import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { organisations } from '@console/db/schema/accounts';
import { signingFlows } from '@console/db/schema/lease-esign';
import { contractPdf } from '@console/server/src/lease/pdf/contract-pdf';
import { orgBrand } from '@console/server/src/lib/org-brand';
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
  const orgOf = (orgId: number) => t.dbh.db.select().from(organisations).where(eq(organisations.id, orgId)).get()!;
  const nameOf = (orgId: number) => orgOf(orgId).name;
  /** The PDF as the server makes it: in the money of the lessor's brand. */
  const pdfOf = (c: { id: number; lessorOrgId: number }) =>
    contractPdf(t.dbh.db, c.id, orgBrand(t.deps, t.dbh.db, c.lessorOrgId).money);

  it("carries the renter's Chinese name as text, the signatures and the seal, in a small file", async () => {
    const c = seededIn(t, huadong, 7);
    const bytes = (await pdfOf(c))!;
    const text = pdfText(bytes, dir);
    expect(nameOf(c.renterOrgId)).toMatch(/[\u4e00-\u9fff]/);
    // The lessor by its Chinese name, as its seal reads, never its English one; amounts in yuan.
    expect(text).toContain('华东高空作业设备租赁有限公司');
    expect(text).not.toContain(orgOf(huadong).nameEn);
    expect(text).not.toContain('Huadong');
    expect(text).toMatch(/押金：¥[\d,]+\.\d\d/);
    expect(text).toContain('金额（CNY）');
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
    const text = pdfText((await pdfOf(c))!, dir);
    expect(text).toContain('Equipment Lease Contract');
    // The global brand's business bills in Australian dollars, and the document names the currency.
    expect(text).toContain(orgOf(northwind).nameEn);
    expect(text).toMatch(/Deposit: A\$[\d,]+\.\d\d/);
    expect(text).toMatch(/Planned rent in total: A\$[\d,]+\.\d\d/);
    expect(text).toContain('Amount (AUD)');
    expect(text).not.toMatch(/¥|yuan|CNY/);
    expect(text).toContain(nameOf(c.renterOrgId));
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  }, 60_000);

  it("names the lessor on the contract's page in the contract's language, whatever the console's", async () => {
    const c = seededIn(t, huadong, 7);
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const page = await t.call(leaseContractEndpoints.detail, {
        token: t.tokenFor(ROLE.lessorAdmin),
        lang,
        query: { id: c.id },
      });
      expect(page.data.lessorName).toBe('华东高空作业设备租赁有限公司');
    }
  });

  it('answers nothing for a contract that does not exist', async () => {
    expect(await pdfOf({ id: 999_999, lessorOrgId: huadong })).toBeNull();
  });
});
