import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { virtualHostEndpoints } from '@console/contract/http/virtual-hosts';
import { virtualHosts } from '@console/db/schema/peripherals';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, orgIdOf } from './helpers.ts';

const csv = (lines: string[]) => new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);

async function xlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('hosts');
  rows.forEach((row) => sheet.addRow(row));
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('virtual host import', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const count = async () =>
    (await t.dbh.db.select().from(virtualHosts).where(eq(virtualHosts.orgId, lessorA)).all()).length;
  const upload = async (bytes: Uint8Array, name: string, lang: 'zh_CN' | 'en_US' = 'en_US') => {
    const body = new FormData();
    body.append('file', new File([bytes as BlobPart], name));
    const answer = await t.send(virtualHostEndpoints.import, {
      token: admin,
      body,
      headers: { lang },
    });
    return answer.envelope as { status: string; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('imports the template filled in, in either language, from .xlsx and .csv', async () => {
    const zh = await t.call(virtualHostEndpoints.importTemplate, { token: admin, lang: 'zh_CN' });
    expect(zh.data.headers).toContain('虚拟主机编号');
    const before = await count();
    // Chinese headers and labels in a spreadsheet; a number written with leading zeros keeps them in a CSV.
    const workbook = await xlsx([
      zh.data.headers,
      ['IMP-001', '前装', '星邦', 12, '电动', 14, '', '库存'],
      ['IMP-002', '后装', 'JLG', 8.5, '柴油', 10.5, '上海建工', '租赁中'],
    ]);
    const first = await upload(workbook, 'hosts.bin', 'zh_CN');
    expect(first.status, first.message).toBe('200');
    expect(first.data).toEqual({ total: 2, imported: 2, errors: [] });
    expect(first.message).toBe('已导入 2 台虚拟主机');

    const en = await t.call(virtualHostEndpoints.importTemplate, { token: admin, lang: 'en_US' });
    const second = await upload(
      csv([en.data.headers.join(','), '00123,Aftermarket,Genie,6,Hybrid,8,,Stock', ',,,,,,,']),
      'hosts.xlsx',
    );
    expect(second.data).toEqual({ total: 1, imported: 1, errors: [] });
    expect(await count()).toBe(before + 3);
    const leased = (await t.dbh.db.select().from(virtualHosts).where(eq(virtualHosts.hostNumber, 'IMP-002')).get())!;
    expect(leased).toMatchObject({
      leaseStatus: 2,
      customerName: '上海建工',
      powerSource: 'diesel',
      platformHeight: 8.5,
    });
    expect(await t.dbh.db.select().from(virtualHosts).where(eq(virtualHosts.hostNumber, '00123')).get()).toBeDefined();
  });

  it('imports nothing when a row is bad and reports every problem by line and column', async () => {
    const before = await count();
    const existing = (await t.dbh.db.select().from(virtualHosts).where(eq(virtualHosts.orgId, lessorA)).get())!;
    const file = csv([
      'hostNumber,installationType,brand,platformHeight,powerSource,equipmentHeight,customerName,leaseStatus',
      'OK-1,factory,Sinoboom,10,electric,12,,1',
      'BAD-2,sideways,Sinoboom,tall,electric,12,,2',
      'OK-1,factory,Sinoboom,10,electric,12,,1',
      `${existing.hostNumber},factory,,10,electric,12,,1`,
    ]);
    const answer = await upload(file, 'hosts.csv');
    expect(answer.status).toBe('200');
    expect(answer.message).toContain('nothing was imported');
    expect(answer.data.imported).toBe(0);
    expect(answer.data.errors).toEqual([
      { row: 3, column: 'Installation type', message: 'Value not recognised' },
      { row: 3, column: 'Platform height (m)', message: 'Value not recognised' },
      { row: 3, column: 'Customer name', message: 'A host under lease needs its customer name' },
      { row: 4, column: 'Virtual host number', message: 'Row 2 of the file uses this number already' },
      { row: 5, column: 'Brand', message: 'Please enter the brand' },
    ]);
    expect(await count()).toBe(before);

    const zh = await upload(csv(['品牌', 'Sinoboom']), 'hosts.csv', 'zh_CN');
    expect(zh.data.errors.map((e: { message: string }) => e.message)).toContain('缺少列：虚拟主机编号');
    const taken = await upload(
      csv([
        'hostNumber,installationType,brand,platformHeight,powerSource,equipmentHeight',
        `${existing.hostNumber},factory,X,1,diesel,2`,
      ]),
      'hosts.csv',
    );
    expect(taken.data.errors).toEqual([
      { row: 2, column: 'Virtual host number', message: 'This virtual host number already exists' },
    ]);
    expect(await count()).toBe(before);
  });

  it('tells files apart by content: a picture called .xlsx is refused, so is an empty sheet', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const picture = await upload(png, 'hosts.xlsx');
    expect(picture.status).toBe('400');
    expect(picture.message).toContain('Only .xlsx or .csv spreadsheets can be imported');
    const brokenZip = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'hosts.xlsx', 'zh_CN');
    expect(brokenZip.message).toContain('只能导入 .xlsx 或 .csv 表格文件');
    const empty = await upload(await xlsx([['hostNumber', 'brand']]), 'hosts.xlsx');
    expect(empty.message).toContain('The file holds no data rows');
    const sales = new FormData();
    sales.append('file', new File([csv(['a'])], 'a.csv'));
    const refused = await t.send(virtualHostEndpoints.import, {
      token: await t.tokenFor(ROLE.lessorSales),
      body: sales,
    });
    expect(refused.envelope?.status).toBe('403');
  });
});
