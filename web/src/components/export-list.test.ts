import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, exportFileName, fetchAllPages, rowsToCsv } from './export-list.ts';

describe('list export', () => {
  it('fetches every page of the filter until the total is reached', async () => {
    const all = Array.from({ length: 450 }, (_, i) => i);
    const asked: number[] = [];
    const rows = await fetchAllPages(async (page, pageSize) => {
      asked.push(page);
      return { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length };
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops on a short page even if the total grew meanwhile', async () => {
    const rows = await fetchAllPages(async (page) => ({
      list: page === 1 ? Array(EXPORT_PAGE_SIZE).fill('x') : ['y'],
      total: 10_000,
    }));
    expect(rows).toHaveLength(EXPORT_PAGE_SIZE + 1);
  });

  it('writes the columns as they are titled', () => {
    const csv = rowsToCsv(
      [
        { title: 'Name', value: (r: { name: string; role: number }) => r.name },
        { title: 'Role', value: (r) => (r.role === 5 ? 'Administrator' : 'Sales') },
      ],
      [{ name: 'Li, Lei', role: 5 }],
    );
    expect(csv).toBe('\uFEFFName,Role\r\n"Li, Lei",Administrator\r\n');
  });

  it('names the file after the list and the time', () => {
    expect(exportFileName('employees', new Date(2026, 0, 5, 9, 7))).toBe('employees-20260105-0907.csv');
  });
});
