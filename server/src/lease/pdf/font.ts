import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * The contract's font: Noto Sans SC ("Noto Sans Hans", the GB 2312 set) from the npm package @embedpdf/fonts-sc
 * (SIL Open Font License 1.1: it may be embedded in documents). pdf-lib embeds only the glyphs a document uses.
 *
 * pdf-lib's own fontkit fork (@pdf-lib/fontkit 1.1) writes broken subsets of CID-keyed CFF fonts like this one
 * (poppler then draws no text), a bug fixed in fontkit 1.8/1.9; so pdf-lib is given fontkit 2 through this
 * adapter, which supplies the two things pdf-lib reads that fontkit 2 names differently.
 */
const FONT_PACKAGE = '@embedpdf/fonts-sc';
const require = createRequire(import.meta.url);

// fontkit 2 ships no types: what this module uses of it.
interface FontkitSubset {
  encode(): Uint8Array;
}
interface FontkitFont {
  createSubset(): FontkitSubset;
}
const fontkit = require('fontkit') as { create(buffer: Buffer): FontkitFont };

function fontFile(weight: 'Regular' | 'Bold'): string {
  // The package exports only its index; its fonts sit beside it in fonts/.
  const index = require.resolve(FONT_PACKAGE);
  return join(dirname(index), '..', 'fonts', `NotoSansHans-${weight}.otf`);
}

const cache = new Map<string, Uint8Array>();
/** The font file's bytes (8 MB, read once per process). */
export function cjkFont(weight: 'Regular' | 'Bold' = 'Regular'): Uint8Array {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFileSync(fontFile(weight));
    cache.set(weight, bytes);
  }
  return bytes;
}

type Listener = (value?: unknown) => void;

/** fontkit 2 in the shape pdf-lib's registerFontkit expects. */
const parsed = new WeakMap<Uint8Array, FontkitFont>();

export const fontkitForPdfLib = {
  create(data: Uint8Array) {
    // The same font file (cjkFont's bytes, read once) is parsed once: each contract only takes a new subset of it.
    const known = parsed.get(data);
    if (known) return known;
    const font = fontkit.create(Buffer.from(data)) as FontkitFont & Record<string, unknown>;
    parsed.set(data, font);
    // pdf-lib reads `font.cff` to choose the CFF embedding; fontkit 2 calls the table by its tag.
    Object.defineProperty(font, 'cff', { get: () => font['CFF '] });
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as FontkitSubset & { encodeStream?: () => unknown };
      // pdf-lib reads the subset as a stream (fontkit 1); fontkit 2 encodes it in one piece.
      subset.encodeStream = () => {
        const handlers: Record<string, Listener> = {};
        queueMicrotask(() => {
          try {
            const bytes = subset.encode();
            handlers.data?.(bytes);
            handlers.end?.();
          } catch (error) {
            handlers.error?.(error);
          }
        });
        const stream = {
          on(event: string, listener: Listener) {
            handlers[event] = listener;
            return stream;
          },
        };
        return stream;
      };
      return subset;
    };
    return font;
  },
} as unknown as Fontkit;
