/**
 * The width of a code column: its longest badge or its header, whichever is wider, in the language shown. Widths are
 * estimated from the characters (a CJK character is as wide as the font size, a Latin one a little over half of it)
 * rather than measured, so a list lays out once, before its rows arrive.
 */
const TAG_FONT = 12;
const HEADER_FONT = 14;
/** The cell's padding (16 each side), the tag's padding and border (8 each side) and the sort icon's room. */
const CELL_PADDING = 32;
const TAG_PADDING = 16;
const SORTER = 24;

export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    // CJK ideographs, kana, full-width forms and CJK punctuation take a full em.
    const wide =
      (code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff00 && code <= 0xffef);
    width += wide ? fontSize : fontSize * (ch === ' ' ? 0.3 : 0.62);
  }
  return Math.ceil(width);
}

export function codeColumnWidth(title: string, labels: readonly string[]): number {
  const badge = Math.max(0, ...labels.map((label) => textWidth(label, TAG_FONT) + TAG_PADDING));
  const header = textWidth(title, HEADER_FONT) + SORTER;
  return Math.max(badge, header) + CELL_PADDING;
}
