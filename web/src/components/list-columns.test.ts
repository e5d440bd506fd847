import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './export-list.ts';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from './list-columns.ts';

type Org = { name: string; utilisationPct: number };

// One list of columns feeds a table and its CSV (the analysis pages' chart tables).
const columns: ListColumn<Org>[] = [
  { key: 'name', title: 'Organisation', dataIndex: 'name' },
  {
    key: 'utilisation',
    title: 'Utilisation',
    exportTitle: 'Utilisation (%)',
    dataIndex: 'utilisationPct',
    render: (v: number) => `${v}%`,
  },
  { key: 'actions', title: 'Actions', noExport: true },
];

describe('list columns', () => {
  it('exports a plain number under a header that names its unit, the table keeps its own title', () => {
    const csv = rowsToCsv(exportColumnsOf(columns), [{ name: 'North', utilisationPct: 42.5 }]);
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .slice(0, 2),
    ).toEqual(['Organisation,Utilisation (%)', 'North,42.5']);
    const table = tableColumnsOf(columns);
    expect(table.map((c) => c.title)).toEqual(['Organisation', 'Utilisation', 'Actions']);
    expect(table.some((c) => 'exportTitle' in c || 'noExport' in c)).toBe(false);
  });
});
