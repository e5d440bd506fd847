// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CNY } from '@console/contract/codes/money';
import type { IncomeRow } from '@console/contract/http/lease-revenue';
import { rowsToCsv } from '../../components/export-list.ts';
import { exportColumnsOf } from '../../components/list-page.tsx';
import { changeLang, initI18n } from '../../lib/i18n.ts';
import { INCOME_COLUMNS, useIncomeFields } from './fields.tsx';

// The filters' inputs read their options from the server; the CSV does not use them.
vi.mock('./components/store-filter.tsx', () => ({ StoreFilter: () => null }));
vi.mock('../lease-billing/index.ts', () => ({ RenterFilter: () => null }));

const row: IncomeRow = {
  id: 1,
  billId: 2,
  billNumber: 'HT-1-202604',
  issuedOn: '2026-05-01',
  contractId: 3,
  contractNumber: 'HT-1',
  renterId: 4,
  renterName: 'Li, Lei Works',
  storeId: 5,
  storeName: 'East depot',
  deviceId: 6,
  serialNumber: 'SN-6',
  kind: 'forklift',
  salespersonName: 'Wang',
  month: '2026-04',
  fromOn: '2026-04-01',
  toOn: '2026-04-30',
  days: 30,
  amountCents: 900_000,
  receivedCents: 180_000,
  hoursWorked: 8.5,
  money: CNY,
};

/** The income detail's CSV as the list exports it: its columns' titles and texts, in the language shown. */
function csvOf(rows: IncomeRow[]): string {
  let csv = '';
  function Probe() {
    const fields = useIncomeFields();
    csv = rowsToCsv(exportColumnsOf(fields.columns(INCOME_COLUMNS)), rows);
    return null;
  }
  renderToString(<Probe />);
  return csv;
}

describe('the income detail CSV', () => {
  beforeAll(() => {
    initI18n();
  });

  it('writes every column with its title, money in yuan and the kind by its label, in both languages', async () => {
    await changeLang('en');
    const [header, line] = csvOf([row]).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'Month,Contract,Bill,Renter,Store,Machine,Kind,Salesperson,Days billed from ~ to,Last day billed,Days,' +
        'Amount (CNY),Received (CNY),Hours worked,Issued on',
    );
    expect(line).toBe(
      '2026-04,HT-1,HT-1-202604,"Li, Lei Works",East depot,SN-6,Forklift,Wang,2026-04-01 ~ 2026-04-30,2026-04-30,30,' +
        '9000.00,1800.00,8.5,2026-05-01',
    );
    await changeLang('zh-cn');
    const [zhHeader, zhLine] = csvOf([row]).replace('\uFEFF', '').split('\r\n');
    expect(zhHeader).toBe(
      '月份,合同,账单,承租方,门店,设备,类型,业务员,计费起止,计费截止日,天数,金额（元）,已收（元）,工作小时,出账日期',
    );
    expect(zhLine).toContain(',叉车,');
  });
});
