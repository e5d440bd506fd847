/**
 * A read's query as the console sends it (`callApi`): its values in order, an empty one left out, a list as the key
 * repeated. The page's entry writes the reads it asks early with it too (first-reads.ts), so they are the same text.
 */
export function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
