import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { priceDisplay } from '@console/contract/codes/business-models';
import { leaseDays } from '@console/contract/codes/lease-pricing';
import { formatAmount, formatMoney } from '@console/contract/codes/money';
import type { TemplateField, TemplateFieldName } from '@console/contract/lease/template';
import type { ContractDocument } from './document.ts';
import { cjkFont, fontkitForPdfLib } from './font.ts';
import { allowancePerDay, tenthsText } from '@console/contract/lease/overtime';
import { PDF_LABELS } from './labels.ts';
import { documentLocale, documentTime } from './zone-time.ts';

const INK = rgb(0.1, 0.1, 0.1);
const SEAL_RED = rgb(0.82, 0.1, 0.12);
const GREY = rgb(0.55, 0.55, 0.55);
const A4: [number, number] = [595.28, 841.89];

/**
 * Split text into lines no wider than `width`: at spaces where the text has them (English), else by character
 * (Chinese has no spaces to break at, and a word longer than a line breaks where it must). Nothing is dropped.
 */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  if (width <= 0) return [text];
  const fits = (line: string) => font.widthOfTextAtSize(line.trimEnd(), size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    // Each word keeps the space after it, so a line that takes it reads as written.
    for (const word of paragraph.split(/(?<= )/)) {
      if (fits(line + word)) {
        line += word;
        continue;
      }
      if (line) lines.push(line.trimEnd());
      line = '';
      for (const ch of word) {
        if (line && !fits(line + ch)) {
          lines.push(line.trimEnd());
          line = '';
        }
        line += ch;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The contract's table: where each column starts, as shares of the table's width (#, machine, model, price, amount). */
export const LINE_COLUMNS = [0, 0.06, 0.36, 0.54, 0.84] as const;

/**
 * The contract's PDF: the template's PDF (or a blank A4) with each named field drawn where the template places it,
 * in Noto Sans SC subset to the glyphs used (so Chinese is real, extractable text and the file stays small), and
 * the signatures and the lessor's seal in their boxes once signed.
 */
export async function renderContractPdf(doc: ContractDocument, basePdf: Uint8Array | null = null): Promise<Uint8Array> {
  const pdf = basePdf ? await PDFDocument.load(basePdf) : await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const font = await pdf.embedFont(cjkFont('Regular'), { subset: true });
  const bold = await pdf.embedFont(cjkFont('Bold'), { subset: true });
  const L = PDF_LABELS[doc.lang];
  pdf.setTitle(`${L.title} ${doc.number}`);
  pdf.setLanguage(doc.lang === 'zh' ? 'zh-CN' : 'en');
  pdf.setProducer('machinery-lease-console');
  pdf.setCreator('machinery-lease-console');
  const pageOf = (f: TemplateField): PDFPage => {
    while (pdf.getPageCount() <= f.page) pdf.addPage(A4);
    return pdf.getPage(f.page);
  };
  const money = (cents: number) => formatMoney(cents, doc.money);
  const label = (name: string, value: string) => (doc.lang === 'zh' ? `${name}：${value}` : `${name}: ${value}`);
  const texts: Partial<Record<TemplateFieldName, string>> = {
    title: L.title,
    number: label(L.number, doc.number),
    lessorName: label(L.lessor, doc.lessorName),
    renterName: label(L.renter, doc.renterName),
    renterIdNumber: doc.renterIdNumber ? label(L.idNumber[doc.renterIdLabel], doc.renterIdNumber) : '',
    storeName: label(L.store, doc.storeName),
    period: label(L.period, L.periodText(doc.startOn, doc.endOn, leaseDays(doc.startOn, doc.endOn))),
    siteAddress: label(L.site, doc.siteAddress),
    deposit: label(L.deposit, money(doc.depositCents)),
    paymentTerms: label(L.payment, L.paymentText(doc.billingDay, doc.dueDays)),
    total: label(L.total, money(doc.totalCents)),
    remark: doc.remark ? label(L.remark, doc.remark) : '',
  };
  for (const field of doc.fields) {
    const page = pageOf(field);
    const text = texts[field.name];
    if (text !== undefined) {
      const f = field.name === 'title' ? bold : font;
      const lines = wrap(f, text, field.size, field.width || page.getWidth() - field.x - 40);
      lines.forEach((line, i) =>
        page.drawText(line, { x: field.x, y: field.y - i * field.size * 1.4, size: field.size, font: f, color: INK }),
      );
    } else if (field.name === 'lines') drawLines(page, field, doc, font, bold);
    else drawSignature(page, field, doc, font, bold);
  }
  if (doc.terms) drawTerms(pdf, doc.terms, L.termsHeading(doc.terms.version), font, bold);
  return pdf.save();
}

/**
 * The terms and conditions the contract carries (decision 078), after its own pages: a heading naming the version,
 * its title, then its text wrapped to the page and continued on as many A4 pages as it takes. Real text, in the
 * document's font, so it reads and copies as written.
 */
function drawTerms(
  pdf: PDFDocument,
  terms: { title: string; body: string },
  heading: string,
  font: PDFFont,
  bold: PDFFont,
) {
  const [left, top, bottom, width] = [56, 790, 56, A4[0] - 112];
  let page = pdf.addPage(A4);
  let y = top;
  const write = (line: string, size: number, f: PDFFont, gap = size * 1.5) => {
    if (y - gap < bottom) {
      page = pdf.addPage(A4);
      y = top;
    }
    if (line) page.drawText(line, { x: left, y, size, font: f, color: INK });
    y -= gap;
  };
  write(heading, 10, font, 20);
  for (const line of wrap(bold, terms.title, 14, width)) write(line, 14, bold, 24);
  for (const line of wrap(font, terms.body, 10, width)) write(line, 10, font);
}

function drawLines(page: PDFPage, field: TemplateField, doc: ContractDocument, font: PDFFont, bold: PDFFont) {
  const L = PDF_LABELS[doc.lang];
  const size = field.size;
  const width = field.width || 483;
  const starts = LINE_COLUMNS.map((s) => field.x + s * width);
  let y = field.y;
  L.columns(doc.money.currency.code).forEach((c, i) =>
    page.drawText(c, { x: starts[i]!, y, size, font: bold, color: INK }),
  );
  y -= 4;
  page.drawLine({ start: { x: field.x, y }, end: { x: field.x + width, y }, thickness: 0.6, color: GREY });
  const unit = { day: L.perDay, month: L.perMonth };
  const leading = size * 1.3;
  for (const [n, line] of doc.lines.entries()) {
    const overtime =
      line.allowanceTenths === null || line.overtimeCents === null
        ? []
        : [
            L.overtime(
              tenthsText(line.allowanceTenths),
              allowancePerDay(line.businessModel),
              formatAmount(line.overtimeCents, doc.money),
            ),
          ];
    const prices = [
      ...priceDisplay(line.businessModel, { day: line.dayCents, month: line.monthCents }).map(
        (p) => `${formatAmount(p.amount ?? 0, doc.money)}${unit[p.unit]}`,
      ),
      ...overtime,
    ].join(' ');
    const machine = line.count > 1 ? L.modelCount(line.machine, line.count) : line.machine;
    const cells = [
      String(n + 1),
      machine,
      L.models[line.businessModel] ?? '',
      prices,
      formatAmount(line.amountCents, doc.money),
    ];
    // Each cell wrapped within its column and the row as tall as its longest cell: a long name is read whole.
    const wrapped = cells.map((cell, i) => wrap(font, cell, size, (starts[i + 1] ?? field.x + width) - starts[i]! - 4));
    const top = y - size * 1.6;
    const bottom = top - (Math.max(...wrapped.map((w) => w.length)) - 1) * leading;
    // A template's box holds the rows that fit it whole.
    if (field.height && field.y - bottom > field.height) return;
    wrapped.forEach((cellLines, i) =>
      cellLines.forEach((text, k) =>
        page.drawText(text, { x: starts[i]!, y: top - k * leading, size, font, color: INK }),
      ),
    );
    y = bottom;
  }
}

function drawSignature(page: PDFPage, field: TemplateField, doc: ContractDocument, font: PDFFont, bold: PDFFont) {
  const L = PDF_LABELS[doc.lang];
  const { x, y, width, height } = field;
  if (field.name === 'lessorSeal') {
    if (doc.lessor?.sealText)
      drawSeal(
        page,
        x + width / 2,
        y + height / 2,
        Math.min(width, height) / 2,
        doc.lessor.sealText,
        L.sealPurpose,
        font,
      );
    return;
  }
  const party = field.name === 'lesseeSignature' ? doc.lessee : doc.lessor;
  const title = field.name === 'lesseeSignature' ? L.lesseeSign : L.lessorSign;
  page.drawText(title, { x, y: y + height + 6, size: 10, font: bold, color: INK });
  page.drawRectangle({ x, y, width, height, borderColor: GREY, borderWidth: 0.6 });
  if (!party) return;
  page.drawText(party.signer, { x: x + 10, y: y + height / 2, size: 16, font, color: rgb(0.05, 0.15, 0.45) });
  // Signed when the lessor's clock read so (its zone), not UTC: the time the parties themselves saw.
  const at = documentTime(party.at, doc.timeZone, documentLocale(doc.lang, doc.money.locale));
  page.drawText(`${L.signedAt} ${at}`, { x: x + 10, y: y + 8, size: 8, font, color: GREY });
}

/** The widest a seal's name runs round its ring: the top 240 degrees. */
const SEAL_ARC = (240 * Math.PI) / 180;

/** A round company seal: a red ring, the company's name around its top, a star in the middle, its purpose below. */
function drawSeal(page: PDFPage, cx: number, cy: number, r: number, text: string, purpose: string, font: PDFFont) {
  page.drawCircle({ x: cx, y: cy, size: r, borderColor: SEAL_RED, borderWidth: 2.5, opacity: 0, borderOpacity: 0.85 });
  // The largest size whose letters, a little apart, fit the arc: a long English name stays whole, only smaller.
  const runOf = (size: number) => (font.widthOfTextAtSize(text, size) * 1.05) / (r - size - 2);
  let size = 14;
  while (size > 5 && runOf(size) > SEAL_ARC) size -= 0.5;
  const rr = r - size - 2;
  // From the left of the top arc to its right, each letter upright along the ring and as far on as it is wide.
  let angle = Math.PI / 2 + runOf(size) / 2;
  for (const ch of text) {
    const w = font.widthOfTextAtSize(ch, size);
    const step = (w * 1.05) / rr;
    const mid = angle - step / 2;
    angle -= step;
    const px = cx + rr * Math.cos(mid) - (w / 2) * Math.sin(mid);
    const py = cy + rr * Math.sin(mid) + (w / 2) * Math.cos(mid) - size / 3;
    page.drawText(ch, {
      x: px,
      y: py,
      size,
      font,
      color: SEAL_RED,
      rotate: degrees((mid * 180) / Math.PI - 90),
      opacity: 0.85,
    });
  }
  const star = Array.from({ length: 10 }, (_, k) => {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rad = k % 2 === 0 ? r * 0.28 : r * 0.11;
    return `${(rad * Math.cos(a)).toFixed(2)} ${(rad * Math.sin(a)).toFixed(2)}`;
  });
  page.drawSvgPath(`M ${star.join(' L ')} Z`, { x: cx, y: cy, color: SEAL_RED, opacity: 0.85 });
  // Straight across the lower ring, as wide as the chord there allows.
  let purposeSize = 9;
  while (purposeSize > 4 && font.widthOfTextAtSize(purpose, purposeSize) > r * 1.3) purposeSize -= 0.5;
  const purposeWidth = font.widthOfTextAtSize(purpose, purposeSize);
  page.drawText(purpose, {
    x: cx - purposeWidth / 2,
    y: cy - r * 0.55,
    size: purposeSize,
    font,
    color: SEAL_RED,
    opacity: 0.85,
  });
}
