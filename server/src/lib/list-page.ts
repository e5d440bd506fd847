import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { ScopedData } from './data.ts';
import { sortColumn } from './sorting.ts';

/** Paging and sorting as every list receives them (contract `pageQuery`). */
export interface ListQuery {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** The direction the user sorts in: ascending when asked for, else descending (newest first). */
export function sortDirection(query: Pick<ListQuery, 'sortOrder'>): typeof asc {
  return query.sortOrder === 'ascend' ? asc : desc;
}

/**
 * One page of a list: how many rows the filter matches, and the asked page of them in the given order (the
 * column from sortColumn() and a tie-breaker, so pages never share or skip a row). `rows` is the list's scoped
 * query with its joins and filter (`data.select(...).from(table, scope)`); the count is made over that same query,
 * so the two never disagree.
 * The handler presents the rows and answers `{ list, ...paging }`. A handler that sums the same rows for its totals
 * counts them in that pass and gives `total`, so a large list is read twice rather than three times.
 */
export async function listPage<S extends SQLiteSelect>(
  data: ScopedData,
  query: ListQuery,
  rows: S,
  order: SQL[],
  counted?: number,
): Promise<{ rows: Awaited<ReturnType<S['all']>>; total: number; page: number; pageSize: number }> {
  const total = counted ?? (await data.count(rows));
  const page = (await rows
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all()) as Awaited<ReturnType<S['all']>>;
  return { rows: page, total, page: query.page, pageSize: query.pageSize };
}

/**
 * listPage() with its two queries prepared once per shape (ScopedData.prepared) and run with the request's values
 * and paging: for a list asked for often, whose filter binds its values (lib/binding.ts). `build` makes the scoped
 * query and its order as for listPage(); it runs only the first time a shape is asked for. `present`, if given, makes
 * the page's read from the paged query (the rows with what they refer to, in the same round trip); its read must keep
 * the order.
 */
export async function preparedListPage<S extends SQLiteSelect, P extends SQLiteSelect = S>(
  data: ScopedData,
  query: ListQuery,
  filter: { shape: string; values: Record<string, unknown> },
  build: () => { rows: S; order: SQL[]; present?: (page: S, order: SQL[]) => P },
): Promise<{ rows: Awaited<ReturnType<P['all']>>; total: number; page: number; pageSize: number }> {
  const read = data.prepared(`list:${filter.shape}`, () => {
    const { rows, order, present } = build();
    const count = data.countOf(rows);
    const paged = rows
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    // Planned once per connection on PostgreSQL: a count, and a page in a total order (the sort and its tie-breaker).
    return { count: data.planOnce(count), page: data.planOnce(present ? present(paged, order) : paged) };
  });
  const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  // Side by side: on PostgreSQL each goes to a connection of its own, so the list waits for one round trip, not two.
  const [counted, page] = await Promise.all([
    read.count.get(filter.values),
    read.page.all({ ...filter.values, ...paging }),
  ]);
  return { rows: page as Awaited<ReturnType<P['all']>>, total: counted!.n, page: query.page, pageSize: query.pageSize };
}

/**
 * The usual order of a list: the column the user sorts by (one of `sortable`, found by sortColumn()) in their
 * direction, then `tieBreak` in the same direction; when they sort by none of them, the list's own order.
 */
export function listOrder(
  query: Pick<ListQuery, 'sortField' | 'sortOrder'>,
  sortable: Readonly<Record<string, SQLWrapper>>,
  tieBreak: SQLWrapper,
  otherwise: SQL[],
): SQL[] {
  const column = sortColumn(sortable, query.sortField);
  const by = sortDirection(query);
  return column ? [by(column), by(tieBreak)] : otherwise;
}
