/**
 * Array walks whose step waits for the database, one item after the other: rows are written and read in the order
 * of the items, as a synchronous loop did (`Promise.all` over the same steps would interleave their statements).
 */

export async function mapInOrder<T, R>(items: readonly T[], step: (item: T, index: number) => Promise<R> | R) {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await step(item, index));
  return results;
}

export async function forEachInOrder<T>(
  items: readonly T[],
  step: (item: T, index: number) => Promise<unknown> | unknown,
) {
  for (const [index, item] of items.entries()) await step(item, index);
}

export async function flatMapInOrder<T, R>(
  items: readonly T[],
  step: (item: T, index: number) => Promise<R | readonly R[]> | R | readonly R[],
) {
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    const result = await step(item, index);
    if (Array.isArray(result)) results.push(...(result as readonly R[]));
    else results.push(result as R);
  }
  return results;
}

export async function filterInOrder<T>(
  items: readonly T[],
  keep: (item: T, index: number) => Promise<boolean> | boolean,
) {
  const kept: T[] = [];
  for (const [index, item] of items.entries()) if (await keep(item, index)) kept.push(item);
  return kept;
}

export async function findInOrder<T>(
  items: readonly T[],
  match: (item: T, index: number) => Promise<unknown> | unknown,
) {
  for (const [index, item] of items.entries()) if (await match(item, index)) return item;
  return undefined;
}

export async function everyInOrder<T>(
  items: readonly T[],
  check: (item: T, index: number) => Promise<boolean> | boolean,
) {
  for (const [index, item] of items.entries()) if (!(await check(item, index))) return false;
  return true;
}
