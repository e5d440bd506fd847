import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { settingsEndpoints } from '@console/contract/http/settings';
import { virtualHostEndpoints } from '@console/contract/http/virtual-hosts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { minimalXlsx } from '../../fixtures/zip.ts';

/**
 * No input may hold the server: the work a request causes is bounded before it is done. A field over its
 * length is refused without its pattern running, and a spreadsheet is refused by its unpacked size before any
 * parser reads it.
 */
describe('work is bounded before it is done', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('refuses a huge e-mail for its length alone, and still checks the form of a short one', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const update = (email: string) =>
      t.call(settingsEndpoints.updateProfile, { token, body: { nickname: 'Ops', email } });
    const huge = await update('.'.repeat(70_000));
    expect(huge.status).toBe('400');
    // Only the length is reported: the pattern never ran on 70,000 characters.
    expect(huge.data.issues).toEqual([{ path: 'email', message: 'validation.tooLong' }]);
    expect((await update(`a@${'.'.repeat(90)}`)).data.issues).toEqual([{ path: 'email', message: 'validation.email' }]);
    expect((await update('a@b..c')).status).toBe('400');
    expect((await update('ops@huadong-lift.cn')).status).toBe('200');
  });

  describe('virtual host import', () => {
    const upload = async (bytes: Uint8Array, lang: 'en_US' | 'zh_CN' = 'en_US') => {
      const body = new FormData();
      body.append('file', new File([bytes as BlobPart], 'hosts.xlsx'));
      const answer = await t.send(virtualHostEndpoints.import, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        body,
        headers: { lang },
      });
      return answer.envelope!;
    };
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

    it('refuses an .xlsx that unpacks far beyond what 1000 rows need, before parsing it', async () => {
      const rows = Array.from({ length: 200_000 }, (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, 'VH')}</row>`);
      const bomb = minimalXlsx(`<row r="1">${cell('A1', 'hostNumber')}</row>${rows.join('')}`);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const answer = await upload(bomb);
      expect(answer).toMatchObject({
        status: '400',
        message: 'The spreadsheet is too large once unpacked (at most 8M); import at most 1000 rows at a time',
        data: { field: 'file' },
      });
      expect((await upload(bomb, 'zh_CN')).message).toBe('表格解压后过大（最多 8M），每次最多导入 1000 行');
    });

    it('still reads an ordinary .xlsx', async () => {
      const answer = await upload(minimalXlsx(`<row r="1">${cell('A1', 'hostNumber')}</row>`));
      expect(answer.message).toBe('Invalid input: file, The file holds no data rows');
    });
  });
});
