import type { ColumnType } from 'antd/es/table/interface';
import type { CsvCell } from './csv.ts';
import type { ExportColumn } from './export-list.ts';

/**
 * A column written once for a table and its CSV: antd's column plus what the export needs. `tableColumnsOf` gives
 * the table its part, `exportColumnsOf` the CSV its part (ListPage, and any table a page exports itself).
 */
export interface ListColumn<Row> extends Omit<ColumnType<Row>, 'title' | 'key'> {
  key: string;
  /** Text, as the column settings and the CSV header show it. */
  title: string;
  /** The CSV header when it says more than the table's (a unit the cells show, e.g. `Utilisation (%)`). */
  exportTitle?: string;
  /** The CSV cell; by default the value at `dataIndex` (or `key`). */
  exportValue?: (row: Row) => CsvCell;
  /** Not exported (action buttons). */
  noExport?: boolean;
  defaultHidden?: boolean;
}

/** The table's columns: what antd's Table takes of them. */
export function tableColumnsOf<Row>(columns: readonly ListColumn<Row>[]): ColumnType<Row>[] {
  return columns.map(({ exportValue: _e, exportTitle: _t, noExport: _n, defaultHidden: _d, ...c }) => c);
}

/** The CSV's columns: each column's title and text, the columns that are not exported left out. */
export function exportColumnsOf<Row>(columns: readonly ListColumn<Row>[]): ExportColumn<Row>[] {
  return columns
    .filter((c) => !c.noExport)
    .map((c) => ({
      title: c.exportTitle ?? c.title,
      value: c.exportValue ?? ((row: Row) => valueAt(row, c.dataIndex ?? c.key)),
    }));
}

const valueAt = (row: unknown, path: ColumnType<unknown>['dataIndex'] | string): CsvCell => {
  const keys = Array.isArray(path) ? path : [path];
  return keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[String(k)], row) as CsvCell;
};
