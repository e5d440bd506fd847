import { toCsv, type CsvCell } from './csv.ts';

/**
 * Export of a list: every page of the current filter, fetched through the list's own endpoint (largest
 * page the contract allows), written as CSV and handed to the browser as a download.
 */
export const EXPORT_PAGE_SIZE = 200;

export interface Page<Row> {
  list: Row[];
  total: number;
}

/** All rows, page by page, until the total is reached or a page comes back short. */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<Row>>,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...result.list);
    onProgress?.(rows.length, result.total);
    if (result.list.length < EXPORT_PAGE_SIZE || rows.length >= result.total) return rows;
  }
}

export interface ExportColumn<Row> {
  title: string;
  value: (row: Row) => CsvCell;
}

export function rowsToCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((c) => c.title),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}

/** `<name>-YYYYMMDD-HHmm.csv` in local time. */
export function exportFileName(name: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `${name}-${stamp}.csv`;
}

export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, csv, 'text/csv;charset=utf-8');
}

/** Hand a text to the browser as a download (a CSV, a KML file). */
export function downloadFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
