import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fetchFile, padded, PDF, PNG, tokenInOrg, upload } from './helpers.ts';

describe('upload/file.do and /api/files', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  it('stores an image under a random name and serves it back with its real type', async () => {
    const res = await upload(t, token, { bytes: PNG, name: 'me.png' }, 'image');
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({ type: 'png', size: PNG.length });
    expect(res.data.url).toMatch(/^\/api\/files\/[0-9a-f]{32}\.png$/);
    const file = await fetchFile(t, res.data.url, token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses by content, not by name: a .png that is text, a pdf for an image, an image for a pdf', async () => {
    const text = await upload(t, token, { bytes: Buffer.from('<script>alert(1)</script>'), name: 'evil.png' }, 'image');
    expect(text).toMatchObject({ status: '400', data: { field: 'file' } });
    expect(text.message).toContain('Only jpg/png images can be uploaded');
    const pdfAsImage = await upload(t, token, { bytes: PDF, name: 'scan.jpg', type: 'image/jpeg' }, 'photo');
    expect(pdfAsImage.message).toContain('Only jpg/png images can be uploaded');
    const imageAsPdf = await upload(t, token, { bytes: PNG, name: 'contract.pdf', type: 'application/pdf' }, 'pdf');
    expect(imageAsPdf).toMatchObject({ status: '400', data: { field: 'file' } });
    expect(imageAsPdf.message).toContain('please upload pdf file');
    // Nothing refused was stored.
    expect(await rowOf(t.dbh.db, 'select count(*) as n from uploads')).toEqual({ n: 0 });
  });

  it('applies the size of each rule: 2 MB images, 500 kb photos, 5 MB pdfs', async () => {
    expect((await upload(t, token, { bytes: padded(PNG, 2097152), name: 'a.png' }, 'image')).status).toBe('200');
    const big = await upload(t, token, { bytes: padded(PNG, 2097153), name: 'a.png' }, 'image');
    expect(big.message).toContain('Please upload an image under 2M');
    const photo = await upload(t, token, { bytes: padded(PNG, 500 * 1024 + 1), name: 'a.png' }, 'photo');
    expect(photo.message).toContain('Each image must be at most 500kb');
    const pdf = await upload(t, token, { bytes: padded(PDF, 5 * 1024 * 1024 + 1), name: 'a.pdf' }, 'pdf');
    expect(pdf.message).toContain('Each pdf file must be at most 5M');
    expect((await upload(t, token, { bytes: PDF, name: 'a.pdf' }, 'pdf')).data.type).toBe('pdf');
  });

  it('refuses a body larger than any rule allows before reading it whole', async () => {
    const huge = await upload(t, token, { bytes: padded(PDF, 8 * 1024 * 1024), name: 'big.pdf' }, 'pdf');
    expect(huge).toMatchObject({ status: '400', data: { field: 'file' } });
    expect(huge.message).toContain('The file is too large');
  });

  it('serves a private file only inside the organisation scope, and a public one to anyone', async () => {
    const privateFile = (await upload(t, token, { bytes: PNG, name: 'licence.png' }, 'image')).data.url as string;
    const publicFile = (await upload(t, token, { bytes: PNG, name: 'avatar.png' }, 'image', true)).data.url as string;
    expect((await fetchFile(t, privateFile)).status).toBe(404);
    expect((await fetchFile(t, privateFile, await t.tokenFor(ROLE.lessorSales))).status).toBe(200);
    // The operator's staff see every organisation.
    expect((await fetchFile(t, privateFile, await t.tokenFor(ROLE.companyEmployee))).status).toBe(200);
    const other = await tokenInOrg(t, 'Pearl River Lift Rental', ROLE.lessorAdmin, '13911112222');
    expect((await fetchFile(t, privateFile, other.token)).status).toBe(404);
    expect((await fetchFile(t, publicFile)).status).toBe(200);
    expect((await fetchFile(t, '/api/files/00000000000000000000000000000000.png')).status).toBe(404);
  });

  it('refuses an upload without a session', async () => {
    const form = new FormData();
    form.append('file', new File([PNG], 'a.png'));
    form.append('kind', 'image');
    const res = await t.app.request('/api/upload/file.do', { method: 'POST', body: form });
    expect(((await res.json()) as { status: string }).status).toBe('401');
  });
});
