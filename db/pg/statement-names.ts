/**
 * Names for the statements the query code runs again and again, so that each pooled connection parses and plans
 * them once (a named prepared statement) instead of on every call: on the device list, parsing and planning were
 * two thirds of PostgreSQL's time a request. A text is named the second time it is seen; one-off statements (a
 * seed's, a migration's, SQL with values written into it) stay unnamed, and the texts remembered are bounded, so
 * neither this map nor the prepared statements of a connection grow without end.
 */
const REMEMBERED = 5_000;

export function statementNames(): (text: string) => string | undefined {
  const seen = new Map<string, string | null>();
  let named = 0;
  return (text) => {
    const known = seen.get(text);
    if (known) return known;
    if (known === undefined) {
      if (seen.size >= REMEMBERED) return undefined;
      seen.set(text, null);
      return undefined;
    }
    const name = `s${++named}`;
    seen.set(text, name);
    return name;
  };
}
