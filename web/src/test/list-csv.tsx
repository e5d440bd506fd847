import { renderToString } from 'react-dom/server';
import { expect } from 'vitest';
import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import { rowsToCsv } from '../components/export-list.ts';
import type { Fields } from '../components/fields.tsx';
import { exportColumnsOf } from '../components/list-page.tsx';
import { changeLang } from '../lib/i18n.ts';

/**
 * The CSV of a list holding records of several currencies (the operator's lists hold the Chinese companies' records
 * beside Northwind's, decision 064): a unit test renders a list's columns in node and reads what the export writes.
 * The console's modules need the globals of `node-globals.ts` first, and `initI18n()` run, before these.
 */

export const AUD: MoneyFormat = { currency: { code: 'AUD', symbol: 'A$', minorUnits: 2 }, locale: 'en-AU' };

/** A row in yuan and the same row in Australian dollars. */
export const inBoth = <Row,>(row: Omit<Row, 'money'>): Row[] => [
  { ...row, money: CNY } as Row,
  { ...row, money: AUD } as Row,
];

/** Cells of CSV text as `toCsv` writes it: lines by CRLF, a quoted cell's quotes doubled. */
export function parseCsv(text: string): string[][] {
  return text.split('\r\n').map((line) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    return cells;
  });
}

/** The CSV a list exports (its columns as its page shows them), as rows of cells, the header first. */
export function csvOf<Row, K extends string>(
  useFields: () => Fields<Row, K>,
  keys: readonly K[],
  rows: Row[],
): string[][] {
  let csv = '';
  function Probe() {
    csv = rowsToCsv(exportColumnsOf(useFields().columns(keys)), rows);
    return null;
  }
  renderToString(<Probe />);
  return parseCsv(csv.replace('\uFEFF', ''));
}

/** A title naming a currency, as catalog labels do after an amount ("Amount (CNY)", "金额（元）"). */
const NAMES_CURRENCY = /[(（](CNY|AUD|元|澳元)[)）]/;

/**
 * Expects the CSV of `inBoth` rows to name each row's currency in a column of its own, in both languages, beside
 * amounts written as plain numbers (`amount`, e.g. "1200.00"), so a spreadsheet adds them up per currency; no
 * column's title names a currency, the console's or another (the amounts under it are in several).
 */
export async function expectCurrencyColumn(csvOfList: () => string[][], amount: string): Promise<void> {
  for (const [lang, title] of [
    ['en', 'Currency'],
    ['zh-cn', '币种'],
  ] as const) {
    await changeLang(lang);
    const [header, yuan, dollars] = csvOfList();
    const column = header!.indexOf(title);
    expect(column, header!.join(',')).toBeGreaterThan(-1);
    expect(
      header!.filter((cell) => NAMES_CURRENCY.test(cell)),
      header!.join(','),
    ).toEqual([]);
    expect(yuan![column]).toBe('CNY');
    expect(dollars![column]).toBe('AUD');
    expect(yuan).toContain(amount);
    expect(dollars).toContain(amount);
  }
}
