/**
 * The display masks of real-name data (spec section 5): a 2-character name shows its first character and *, a
 * longer one its first and last with * between; an identity number keeps its first 6 and last 4 characters with
 * 8 stars between. Shorter numbers show nothing but stars. The server masks before it answers (decision 043).
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}*${chars[chars.length - 1]}`;
}

export function maskIdNumber(idNumber: string): string {
  if (!idNumber) return '';
  if (idNumber.length <= 10) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`;
}
