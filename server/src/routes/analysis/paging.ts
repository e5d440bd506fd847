/**
 * A page of rows computed in memory: the per-machine tables are sums of daily work per machine, one row per machine
 * in scope, so they are sorted and cut here rather than in SQL. Unknown sort fields are refused by the allow-list
 * (they sort by id), ties keep the machines' order.
 */
export function sortAndPage<Row extends { deviceId: number }>(
  rows: Row[],
  query: { page: number; pageSize: number; sortField?: string; sortOrder?: 'ascend' | 'descend' },
  sortable: readonly (keyof Row & string)[],
) {
  const field = sortable.find((f) => f === query.sortField);
  if (field) {
    const sign = query.sortOrder === 'descend' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = a[field];
      const y = b[field];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sign * order || a.deviceId - b.deviceId;
    });
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    list: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
