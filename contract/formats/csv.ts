/**
 * CSV for exports that Excel opens correctly: UTF-8 with a byte-order mark (so Chinese is not garbled),
 * CRLF line ends, RFC 4180 quoting, and text that a spreadsheet would run as a formula made inert.
 * Shared by the console (list exports) and the server (track exports), so both write the same files.
 *
 *   const text = toCsv(['Name', 'Phone'], [['Li Lei', '13800000005']]);
 */
export type CsvCell = string | number | boolean | null | undefined;

export const BOM = '\uFEFF';

/** A cell starting like a formula (=, +, -, @, tab, CR) is prefixed with ' unless it is a plain number. */
function neutralise(text: string): string {
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) return `'${text}`;
  return text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = neutralise(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
