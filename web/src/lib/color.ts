const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/** Spec section 9: a hover colour is the colour mixed with 15% white. */
export function mixWithWhite(color: string, weight = 0.15): string {
  if (!isHexColor(color)) return color;
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (255 - c) * weight))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Whether text on this background should be light (relative luminance below the midpoint). */
export function isDarkColor(color: string): boolean {
  if (!isHexColor(color)) return false;
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 150;
}
