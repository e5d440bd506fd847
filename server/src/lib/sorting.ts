/**
 * The column a list sorts by: one of the list's own sortable columns, or undefined for its default order. Own
 * keys only: a sortField such as `__proto__` or `constructor` names no column.
 */
export function sortColumn<C>(sortable: Readonly<Record<string, C>>, field: string | undefined): C | undefined {
  return field !== undefined && Object.hasOwn(sortable, field) ? sortable[field] : undefined;
}
