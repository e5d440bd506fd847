import type { ParamType, QueryDecl, Screen } from '@console/contract/screens/screen';

/*
 * A screen's address query read by its declaration, without React: the pages read it through useScreenQuery
 * (screen-query.ts), and the page's entry reads it the same way for the read it asks early (first-reads.ts).
 */

type ReadValue<T extends ParamType> = T extends 'id' | 'number' ? number : T extends readonly (infer U)[] ? U : string;

/** A screen's query as read: each declared parameter typed, absent when missing or not of its type. */
export type ScreenValues<S extends Screen> = S['query'] extends QueryDecl
  ? { [K in keyof S['query']]?: ReadValue<S['query'][K]> }
  : Record<never, never>;

/** One parameter by its declared type: a number that is one, a word of the list, any text otherwise. */
export function readParam(type: ParamType, text: string | null): string | number | undefined {
  if (text === null || text === '') return undefined;
  if (type === 'id' || type === 'number') {
    const n = Number(text);
    return Number.isFinite(n) && (type === 'number' || (Number.isInteger(n) && n > 0)) ? n : undefined;
  }
  if (type === 'string') return text;
  return type.includes(text) ? text : undefined;
}

export function readScreenQuery<S extends Screen>(screen: S, params: URLSearchParams): ScreenValues<S> {
  const decl: QueryDecl = screen.query ?? {};
  const values: Record<string, string | number> = {};
  for (const [key, type] of Object.entries(decl)) {
    const value = readParam(type, params.get(key));
    if (value !== undefined) values[key] = value;
  }
  return values as ScreenValues<S>;
}
