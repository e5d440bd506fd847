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
 * How far into a list the paging is written into the statement rather than bound: pages ending within the first this
 * many rows, where users page. PostgreSQL keeps a generic plan for a statement only if it costs no more than the plans
 * made for each run, and it costs a bound limit or offset as a tenth of the matching rows, so a list page whose
 * paging is bound is planned again at every request (docs/decisions/067, eleventh session). Each page size and page
 * in reach is a statement of its own, so a deeper page binds its paging and is planned when asked, keeping the
 * statements a connection names few.
 */
export const PAGING_IN_TEXT_ROWS = 100;

/** The paging of a page: written into its statement near the list's start (PAGING_IN_TEXT_ROWS), else bound. */
function pagingOf(query: ListQuery) {
  const offset = (query.page - 1) * query.pageSize;
  if (offset + query.pageSize > PAGING_IN_TEXT_ROWS) {
    const values = { limit: query.pageSize, offset };
    return { shape: 'bound', limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), values };
  }
  // The builders take a number (bound) or a placeholder; SQL given in their place is written as it is.
  const written = (n: number) => sql.raw(String(n)) as unknown as ReturnType<typeof sql.placeholder>;
  return { shape: `${query.pageSize}+${offset}`, limit: written(query.pageSize), offset: written(offset), values: {} };
}

/**
 * listPage() prepared once per shape (ScopedData.prepared) and run with the request's values and paging: for a list
 * asked for often, whose filter binds its values (lib/binding.ts). `build` makes the scoped query and its order as for
 * listPage(); it runs only the first time a shape is asked for. `present` makes the page's read from the paged query:
 * the rows with what they refer to, in the list's order, and `total` (the count of the whole filter, a subquery the
 * engine runs once) selected as `listTotal`. So a page and its count are one statement: one round trip to PostgreSQL,
 * another process that waits for a core on a busy host (docs/decisions/067). A page with no row (past the end, or of
 * an empty list) carries no count, and is counted alone then.
 */
export async function preparedListPage<S extends SQLiteSelect, P extends SQLiteSelect>(
  data: ScopedData,
  query: ListQuery,
  filter: { shape: string; values: Record<string, unknown> },
  build: () => { rows: S; order: SQL[]; present: (page: S, order: SQL[], total: SQL<number>) => P },
): Promise<{ rows: Awaited<ReturnType<P['all']>>; total: number; page: number; pageSize: number }> {
  const paging = pagingOf(query);
  // Planned once per connection on PostgreSQL: a page in a total order (the sort and its tie-breaker), and a count.
  const read = data.prepared(`list:${filter.shape}:${paging.shape}`, () => {
    const { rows, order, present } = build();
    const total = sql<number>`(${data.countOf(build().rows)})`.mapWith(Number);
    const paged = rows
      .orderBy(...order)
      .limit(paging.limit)
      .offset(paging.offset);
    return data.planOnce(present(paged, order, total));
  });
  const page = (await read.all({ ...filter.values, ...paging.values })) as Awaited<ReturnType<P['all']>>;
  const counted = (page[0] as { listTotal?: number } | undefined)?.listTotal;
  const total =
    counted ??
    (await data
      .prepared(`list-count:${filter.shape}`, () => data.planOnce(data.countOf(build().rows)))
      .get(filter.values))!.n;
  return { rows: page, total, page: query.page, pageSize: query.pageSize };
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
