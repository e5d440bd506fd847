/**
 * A code table: the values a field takes, each with the i18n key of its label (in the console's `codes`
 * catalog, web/src/locales/<lang>/codes.json) and the antd preset tag colour its badge shows.
 */
export type CodeColor =
  | 'default'
  | 'gold'
  | 'orange'
  | 'volcano'
  | 'red'
  | 'green'
  | 'cyan'
  | 'blue'
  | 'geekblue'
  | 'purple'
  | 'magenta'
  | 'processing';

export interface Code<V extends string | number = string | number> {
  value: V;
  /** Key in the `codes` catalog, e.g. `deviceStatus.online`. */
  key: string;
  color: CodeColor;
}

export interface CodeTable<V extends string | number = string | number> {
  /** The catalog section holding the labels, e.g. `deviceStatus`. */
  name: string;
  codes: readonly Code<V>[];
  values: readonly V[];
  /** The code of a value, or undefined for a value outside the table. */
  get(value: unknown): Code<V> | undefined;
}

/** Build a table from `[value, label name, colour]` rows; the label key is `<table name>.<label name>`. */
export function codeTable<const V extends string | number>(
  name: string,
  rows: readonly (readonly [V, string, CodeColor])[],
): CodeTable<V> {
  const codes = rows.map(([value, label, color]) => ({ value, key: `${name}.${label}`, color }));
  const byValue = new Map<unknown, Code<V>>(codes.map((c) => [c.value, c]));
  return {
    name,
    codes,
    values: codes.map((c) => c.value),
    // Values arrive from query strings as text too: '3' finds 3.
    get: (value) => byValue.get(value) ?? (typeof value === 'string' ? byValue.get(Number(value)) : undefined),
  };
}
