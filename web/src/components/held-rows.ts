import { useState } from 'react';

interface Held<Row> {
  /** What the rows belong to (a list's query). */
  scope: string;
  rows: Row[];
}

/**
 * A live list that never changes what a click hits. `hold()` takes the rows as they are when the user comes into
 * the list (pointer in it, its pane opened); while `holding` (the user is still there, or a dialog or drawer opened
 * from it is open) those rows keep their order and positions: a row still in the fresh data shows its fresh state
 * (an acknowledgement appears at once), new rows wait behind a "N new" bar (`newCount`) and rows that left stay,
 * until the user shows the fresh list (`release`) or leaves. `scope` is null while the fresh rows are not yet those
 * of the list's current page and filter (a placeholder).
 */
export function useHeldRows<Row>(fresh: Row[], keyOf: (row: Row) => unknown, scope: string | null, holding: boolean) {
  const [held, setHeld] = useState<Held<Row> | null>(null);
  const hold = () => {
    if (scope !== null) setHeld({ scope, rows: fresh });
  };
  const asFresh = { rows: fresh, newCount: 0, changed: false, hold, release: hold };
  if (!holding || !held || scope === null) return asFresh;
  // The user turned a page or filtered while in the list: what they see now is what is held.
  if (held.scope !== scope) {
    setHeld({ scope, rows: fresh });
    return asFresh;
  }
  const byKey = new Map(fresh.map((row) => [keyOf(row), row]));
  const heldKeys = new Set(held.rows.map(keyOf));
  const rows = held.rows.map((row) => byKey.get(keyOf(row)) ?? row);
  const newCount = fresh.filter((row) => !heldKeys.has(keyOf(row))).length;
  const left = held.rows.some((row) => !byKey.has(keyOf(row)));
  return { rows, newCount, changed: newCount > 0 || left, hold, release: hold };
}
