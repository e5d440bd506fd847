import type { BrandInfo } from '@console/contract/http/brand';

/** Colours in brand packs are written `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** `#rgb` or `#rrggbb` (any case) to `#rrggbb` lower case; null when it is not a colour. */
export function normaliseHex(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((d) => d + d).join('')}`;
  return HEX_COLOUR.test(value) ? value : null;
}

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `weight` of `other` mixed into `base`. */
export function mix(base: string, other: string, weight: number): string {
  const a = toRgb(base);
  const b = toRgb(other);
  return toHex([0, 1, 2].map((i) => a[i]! * (1 - weight) + b[i]! * weight) as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Darken `colour` step by step until text of `against` on it (or it on `against`) reads (WCAG AA, 4.5:1). */
function readableOn(colour: string, against: string): string {
  let out = colour;
  for (let i = 0; i < 20 && contrast(out, against) < 4.5; i++) out = mix(out, '#000000', 0.1);
  return out;
}

/**
 * The console's theme from one brand colour: a header that carries white text, a dark sidebar tinted with
 * the brand, and a light version tag whose text is the brand colour darkened until it reads.
 */
export function deriveTheme(colour: string): BrandInfo['theme'] {
  const versionBg = mix(colour, '#ffffff', 0.85);
  return {
    header: readableOn(colour, '#ffffff'),
    sidebar: mix(colour, '#000000', 0.8),
    sidebarText: '#ffffff',
    versionBg,
    versionText: readableOn(colour, versionBg),
  };
}
