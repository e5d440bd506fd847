/** The display helpers of spec section 5. */

/** A link leaves the console when it starts with http, https, mailto, tel or blob. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:|blob:)/.test(path);
}

/** Names are masked for display: two characters show the first and '*', longer ones first, '*' and last. */
export function maskName(name: string): string {
  // Array.from keeps characters outside the basic plane (rare Chinese given names) whole.
  const chars = Array.from(name.trim());
  if (chars.length < 2) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}*${chars[chars.length - 1]}`;
}

/** An ID number keeps its first 6 and last 4 characters; the middle becomes 8 stars. */
export function maskIdNumber(id: string): string {
  const value = id.trim();
  // Too short to keep 10 characters and still hide something: hide it all.
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}********${value.slice(-4)}`;
}

/**
 * Format a date with the tokens yyyy, MM, dd, hh (24-hour), mm and ss, as the legacy helper does.
 * An invalid or empty input gives an empty string rather than 'NaN'.
 */
export function formatDate(input: Date | number | string | null | undefined, pattern = 'yyyy-MM-dd hh:mm:ss'): string {
  if (input === null || input === undefined || input === '') return '';
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const tokens: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    hh: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|hh|mm|ss/g, (token) => tokens[token]!);
}
