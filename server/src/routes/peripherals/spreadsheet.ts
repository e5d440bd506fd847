import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipWithinBudget } from './zip-budget.ts';

export type Cell = string | number | null;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A cell as text or number: formulas give their result, dates their day, rich text and links their text. */
function plain(cell: ExcelJS.Cell): Cell {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    return typeof result === 'number' ? result : result === undefined || result === null ? null : String(result);
  }
  return cell.text;
}

function rowsOf(sheet: ExcelJS.Worksheet | undefined): Cell[][] {
  const rows: Cell[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: Cell[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(plain(row.getCell(i)));
    rows[number - 1] = cells;
  });
  // eachRow skips rows that hold nothing at all; keep their line numbers.
  return Array.from(rows, (row) => row ?? []);
}

/**
 * The rows of the first sheet of a spreadsheet, told apart by content and never by name: a ZIP container is read
 * as .xlsx, UTF-8 text as .csv (every cell kept as text, so a number like 0012 keeps its zeros). Anything else, or
 * a file the library cannot read, is `null`; an .xlsx that unpacks to more than `maxUnpackedBytes` is
 * 'tooLarge', found before the library parses anything.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  maxUnpackedBytes: number,
): Promise<Cell[][] | null | 'tooLarge'> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
      const budget = zipWithinBudget(bytes, maxUnpackedBytes);
      if (budget !== 'ok') return budget === 'tooLarge' ? 'tooLarge' : null;
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
      return rowsOf(workbook.worksheets[0]);
    }
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (text.includes('\0')) return null;
    const sheet = await workbook.csv.read(Readable.from([Buffer.from(text)]), { map: (value: string) => value });
    return rowsOf(sheet);
  } catch {
    return null;
  }
}
