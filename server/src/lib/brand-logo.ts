/**
 * Brand logos: raster images recognised by their bytes, or SVG that cannot run script or fetch anything.
 * An SVG is refused rather than cleaned: a brand pack is written by people, and a refused pack with a
 * clear reason is safer than a silently altered logo. See docs/decisions/004-brand-packs.md.
 */

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

export const LOGO_MAX_BYTES = 512 * 1024;

const EXTENSION_TYPES: Record<string, LogoType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** A logo's file name: one plain name in the pack's folder, with an image extension. */
export const LOGO_FILE = /^[A-Za-z0-9][\w-]*\.(png|jpe?g|webp|svg)$/i;

/** What the bytes are, whatever the file is called. */
export function sniffLogo(bytes: Uint8Array): LogoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  // An SVG opens with an optional XML declaration and comments, then the <svg> element.
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/** The XML character references, and the five predefined entities (a DTD, which could add more, is refused). */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
    );
}

const FORBIDDEN_ELEMENTS = /<\s*(?:[\w-]+:)?(script|foreignobject|iframe|embed|object|handler|listener)\b/i;
const EVENT_ATTRIBUTE = /[\s"'/](?:[\w-]+:)?on[a-z]+\s*=/i;
const REFERENCE_ATTRIBUTE = /(?:^|[\s"'])(?:[\w-]+:)?(?:href|src)\s*=\s*(["'])([\s\S]*?)\1/gi;
const CSS_URL = /url\s*\(\s*(['"]?)([^'")]*)/gi;

/** Why an SVG may not be a logo, or null when it is safe. */
export function svgProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains NUL characters';
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'has a DOCTYPE or entity declarations';
  if (/<\?(?!xml\s)/i.test(text)) return 'has a processing instruction (such as xml-stylesheet)';
  const decoded = decodeReferences(text);
  const element = FORBIDDEN_ELEMENTS.exec(decoded);
  if (element) return `has a <${element[1]}> element`;
  if (EVENT_ATTRIBUTE.test(text) || EVENT_ATTRIBUTE.test(decoded)) return 'has an event-handler attribute';
  // Whitespace and control characters inside a scheme are ignored by browsers ("java\tscript:").
  const compact = [...decoded]
    .filter((ch) => ch.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
  if (/(?:javascript|vbscript|livescript):/.test(compact)) return 'has a javascript: URL';
  if (decoded.includes('\\')) return 'has a backslash (CSS escapes could hide a reference)';
  if (/@import/i.test(decoded)) return 'has a CSS @import';
  if (/attributename\s*=\s*["']?\s*(?:[\w-]+:)?href/i.test(decoded)) return 'animates a reference attribute';
  for (const match of decoded.matchAll(REFERENCE_ATTRIBUTE)) {
    if (!match[2]!.trim().startsWith('#')) return `has an external reference (${match[2]!.trim().slice(0, 60)})`;
  }
  for (const match of decoded.matchAll(CSS_URL)) {
    if (!match[2]!.trim().startsWith('#')) return `has an external url() reference (${match[2]!.trim().slice(0, 60)})`;
  }
  return null;
}

/** Check a logo file: size, bytes that match its extension, and a safe SVG. */
export function checkLogo(file: string, bytes: Uint8Array): { type: LogoType } | { problem: string } {
  const extension = LOGO_FILE.exec(file)?.[1]?.toLowerCase();
  if (!extension) return { problem: `logo "${file}" must be a plain file name ending in .png, .jpg, .webp or .svg` };
  if (bytes.length === 0) return { problem: `logo "${file}" is empty` };
  if (bytes.length > LOGO_MAX_BYTES) return { problem: `logo "${file}" is larger than ${LOGO_MAX_BYTES / 1024} KB` };
  const type = sniffLogo(bytes);
  if (!type) return { problem: `logo "${file}" is not a PNG, JPEG, WebP or SVG image` };
  if (type !== EXTENSION_TYPES[extension]) return { problem: `logo "${file}" holds ${type}, not what its name says` };
  if (type === 'image/svg+xml') {
    const problem = svgProblem(new TextDecoder().decode(bytes));
    if (problem) return { problem: `logo "${file}" refused: the SVG ${problem}` };
  }
  return { type };
}
