import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { priceDisplay } from '@console/contract/codes/business-models';
import { leaseDays } from '@console/contract/codes/lease-pricing';
import { formatAmount, formatMoney } from '@console/contract/codes/money';
import type { TemplateField, TemplateFieldName } from '@console/contract/lease/template';
import type { ContractDocument } from './document.ts';
import { cjkFont, fontkitForPdfLib } from './font.ts';
import { PDF_LABELS } from './labels.ts';

const INK = rgb(0.1, 0.1, 0.1);
const SEAL_RED = rgb(0.82, 0.1, 0.12);
const GREY = rgb(0.55, 0.55, 0.55);
const A4: [number, number] = [595.28, 841.89];

/** Split text into lines no wider than `width` (by character: Chinese has no spaces to break at). */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  if (width <= 0) return [text];
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const ch of paragraph) {
      if (line && font.widthOfTextAtSize(line + ch, size) > width) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
    lines.push(line);
  }
  return lines;
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

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
    renterIdNumber: doc.renterIdNumber
      ? label(doc.renterIdentityType === 1 ? L.idPerson : L.idCompany, doc.renterIdNumber)
      : '',
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
  return pdf.save();
}

function drawLines(page: PDFPage, field: TemplateField, doc: ContractDocument, font: PDFFont, bold: PDFFont) {
  const L = PDF_LABELS[doc.lang];
  const size = field.size;
  const width = field.width || 483;
  // Column starts as shares of the width: #, machine, model, price, amount.
  const starts = [0, 0.06, 0.36, 0.54, 0.84].map((s) => field.x + s * width);
  let y = field.y;
  L.columns(doc.money.currency.code).forEach((c, i) =>
    page.drawText(c, { x: starts[i]!, y, size, font: bold, color: INK }),
  );
  y -= 4;
  page.drawLine({ start: { x: field.x, y }, end: { x: field.x + width, y }, thickness: 0.6, color: GREY });
  const unit = { day: L.perDay, month: L.perMonth };
  doc.lines.forEach((line, n) => {
    y -= size * 1.6;
    if (field.height && field.y - y > field.height) return;
    const prices = priceDisplay(line.businessModel, { day: line.dayCents, month: line.monthCents })
      .map((p) => `${formatAmount(p.amount ?? 0, doc.money)}${unit[p.unit]}`)
      .join(' ');
    const machine = line.count > 1 ? L.modelCount(line.machine, line.count) : line.machine;
    const cells = [
      String(n + 1),
      machine,
      L.models[line.businessModel] ?? '',
      prices,
      formatAmount(line.amountCents, doc.money),
    ];
    cells.forEach((cell, i) => {
      const room = (starts[i + 1] ?? field.x + width) - starts[i]! - 4;
      page.drawText(wrap(font, cell, size, room)[0] ?? '', { x: starts[i]!, y, size, font, color: INK });
    });
  });
}

function drawSignature(page: PDFPage, field: TemplateField, doc: ContractDocument, font: PDFFont, bold: PDFFont) {
  const L = PDF_LABELS[doc.lang];
  const { x, y, width, height } = field;
  if (field.name === 'lessorSeal') {
    if (doc.lessor?.sealText)
      drawSeal(page, x + width / 2, y + height / 2, Math.min(width, height) / 2, doc.lessor.sealText, font);
    return;
  }
  const party = field.name === 'lesseeSignature' ? doc.lessee : doc.lessor;
  const title = field.name === 'lesseeSignature' ? L.lesseeSign : L.lessorSign;
  page.drawText(title, { x, y: y + height + 6, size: 10, font: bold, color: INK });
  page.drawRectangle({ x, y, width, height, borderColor: GREY, borderWidth: 0.6 });
  if (!party) return;
  page.drawText(party.signer, { x: x + 10, y: y + height / 2, size: 16, font, color: rgb(0.05, 0.15, 0.45) });
  page.drawText(`${L.signedAt} ${stamp(party.at)}`, { x: x + 10, y: y + 8, size: 8, font, color: GREY });
}

/** A round company seal: a red ring, the company's name around its top, a star in the middle. */
function drawSeal(page: PDFPage, cx: number, cy: number, r: number, text: string, font: PDFFont) {
  page.drawCircle({ x: cx, y: cy, size: r, borderColor: SEAL_RED, borderWidth: 2.5, opacity: 0, borderOpacity: 0.85 });
  const chars = [...text];
  const size = Math.max(7, Math.min(14, (r * 3.6) / Math.max(chars.length, 1)));
  const arc = Math.min(240, chars.length * 22);
  chars.forEach((ch, i) => {
    // From the left of the top arc to its right; each character upright along the ring.
    const angle = 90 + arc / 2 - (chars.length === 1 ? arc / 2 : (arc * i) / (chars.length - 1));
    const rad = (angle * Math.PI) / 180;
    const rr = r - size - 2;
    const w = font.widthOfTextAtSize(ch, size);
    const px = cx + rr * Math.cos(rad) - (w / 2) * Math.sin(rad);
    const py = cy + rr * Math.sin(rad) + (w / 2) * Math.cos(rad) - size / 3;
    page.drawText(ch, { x: px, y: py, size, font, color: SEAL_RED, rotate: degrees(angle - 90), opacity: 0.85 });
  });
  const star = Array.from({ length: 10 }, (_, k) => {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rad = k % 2 === 0 ? r * 0.28 : r * 0.11;
    return `${(rad * Math.cos(a)).toFixed(2)} ${(rad * Math.sin(a)).toFixed(2)}`;
  });
  page.drawSvgPath(`M ${star.join(' L ')} Z`, { x: cx, y: cy, color: SEAL_RED, opacity: 0.85 });
}
