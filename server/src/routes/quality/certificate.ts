import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { InspectionRow } from '@console/contract/http/quality';
import { cjkFont, fontkitForPdfLib } from '../../lease/pdf/font.ts';
import { wrap } from '../../lease/pdf/render.ts';

/** The certificate's own words, in the reader's language. */
export const CERTIFICATE_LABELS = {
  zh: {
    title: '产品质量合格证',
    subtitle: '出厂检验合格，准予出厂',
    number: '证书编号',
    serial: '设备序列号',
    model: '型号',
    kind: '机械类型',
    owner: '所属单位',
    inspector: '检验员',
    inspectedAt: '检验日期',
    retest: '返工后复检合格',
    items: '检验项目',
    columns: ['序号', '项目', '标准', '实测', '结论'],
    pass: '合格',
    manual: '人工检验',
    issued: '签发时间',
    maker: '制造商',
    kinds: {
      aerialPlatform: '高空作业平台',
      concretePump: '混凝土泵',
      wetSprayer: '湿喷机',
      mower: '割草机',
      boat: '船舶',
      forklift: '叉车',
      battery: '电池',
      charger: '充电机',
    },
    checks: {
      reporting: '60 秒内上报',
      positionFixed: '定位有效',
      noFaults: '无故障码',
      unlocked: '锁车状态：未锁',
    },
  },
  en: {
    title: 'Quality certificate',
    subtitle: 'Inspected and passed for delivery',
    number: 'Certificate no.',
    serial: 'Serial number',
    model: 'Model',
    kind: 'Machine kind',
    owner: 'Owner',
    inspector: 'Inspector',
    inspectedAt: 'Inspected',
    retest: 'Passed on retest after rework',
    items: 'Inspection items',
    columns: ['No.', 'Item', 'Requirement', 'Measured', 'Result'],
    pass: 'Pass',
    manual: 'Manual check',
    issued: 'Issued',
    maker: 'Manufacturer',
    kinds: {
      aerialPlatform: 'Aerial work platform',
      concretePump: 'Concrete pump',
      wetSprayer: 'Wet spray machine',
      mower: 'Mower',
      boat: 'Boat',
      forklift: 'Forklift',
      battery: 'Battery',
      charger: 'Charger',
    },
    checks: {
      reporting: 'Reports within 60 s',
      positionFixed: 'Position fixed',
      noFaults: 'No fault code',
      unlocked: 'Lock state: unlocked',
    },
  },
} as const satisfies Record<'zh' | 'en', { kinds: Record<MachineKind, string> } & Record<string, unknown>>;

export interface CertificateItem {
  position: number;
  title: string;
  check: string;
  min: number | null;
  max: number | null;
  unit: string;
  value: string;
  note: string;
}

const INK = rgb(0.1, 0.1, 0.1);
const GREEN = rgb(0.1, 0.5, 0.25);
const GREY = rgb(0.55, 0.55, 0.55);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** Units as the font has them (Noto Sans SC's GB 2312 set has no superscript three). */
const plain = (text: string) => text.replaceAll('³', '3');

/** What an item asks, in the reader's language: a range with its unit, or the check's own words. */
function requirement(item: CertificateItem, L: (typeof CERTIFICATE_LABELS)['zh' | 'en']): string {
  if (item.check === 'manual') return L.manual;
  if (item.check !== 'reading') return L.checks[item.check as keyof typeof L.checks] ?? '';
  const u = item.unit ? ` ${item.unit}` : '';
  if (item.min !== null && item.max !== null) return `${item.min} – ${item.max}${u}`;
  return item.min !== null ? `≥ ${item.min}${u}` : `≤ ${item.max}${u}`;
}

/** A passed machine's quality certificate: an A4 page in Noto Sans SC, as the contracts and statements are. */
export async function certificatePdf(input: {
  lang: 'zh' | 'en';
  maker: string;
  inspection: InspectionRow;
  items: CertificateItem[];
  issuedAt: string;
}): Promise<Uint8Array> {
  const { inspection: q, lang } = input;
  const L = CERTIFICATE_LABELS[lang];
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const font = await pdf.embedFont(cjkFont('Regular'), { subset: true });
  const bold = await pdf.embedFont(cjkFont('Bold'), { subset: true });
  pdf.setTitle(`${L.title} ${q.number}`);
  pdf.setLanguage(lang === 'zh' ? 'zh-CN' : 'en');
  pdf.setProducer('machinery-lease-console');
  pdf.setCreator('machinery-lease-console');
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (t: string, x: number, size: number, f: PDFFont = font, color = INK, at = y) =>
    page.drawText(plain(t), { x, y: at, size, font: f, color });
  const centred = (t: string, size: number, f: PDFFont, color = INK) =>
    text(t, (A4[0] - f.widthOfTextAtSize(plain(t), size)) / 2, size, f, color);
  const label = (name: string, value: string) => (lang === 'zh' ? `${name}：${value}` : `${name}: ${value}`);

  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: A4[0] - MARGIN,
    height: A4[1] - MARGIN,
    borderColor: GREEN,
    borderWidth: 2,
  });
  y -= 20;
  centred(L.title, 24, bold);
  y -= 26;
  centred(input.maker, 12, font, GREY);
  y -= 22;
  centred(L.subtitle, 12, bold, GREEN);
  y -= 34;
  const facts = [
    label(L.number, q.number),
    label(L.serial, q.serialNumber),
    label(L.model, q.modelName),
    label(L.kind, L.kinds[q.kind]),
    label(L.owner, q.ownerName),
    label(L.inspector, q.inspectorName),
    label(L.inspectedAt, q.finishedAt.slice(0, 10)),
  ];
  // Two facts a row, each wrapped within its half: a long model or owner name is read whole, never under its neighbour.
  const half = 250;
  for (let i = 0; i < facts.length; i += 2) {
    const pair = facts.slice(i, i + 2).map((fact) => wrap(font, plain(fact), 10, half - 8));
    pair.forEach((lines, k) => lines.forEach((line, n) => text(line, MARGIN + k * half, 10, font, INK, y - n * 14)));
    y -= 18 + (Math.max(...pair.map((lines) => lines.length)) - 1) * 14;
  }
  if (q.previousId !== null) {
    text(L.retest, MARGIN, 10, bold);
    y -= 18;
  }
  y -= 10;
  text(L.items, MARGIN, 12, bold);
  y -= 20;
  const width = A4[0] - 2 * MARGIN;
  const starts = [0, 0.07, 0.45, 0.7, 0.88].map((p) => MARGIN + p * width);
  L.columns.forEach((c, i) => text(c, starts[i]!, 9, bold));
  page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: A4[0] - MARGIN, y: y - 4 }, thickness: 0.5, color: GREY });
  y -= 18;
  for (const item of input.items) {
    const cells = [
      String(item.position + 1),
      item.title,
      requirement(item, L),
      item.check === 'manual' ? item.note || '-' : `${item.value}${item.unit ? ` ${item.unit}` : ''}`,
    ];
    // Each cell wrapped within its column, the row as tall as its longest cell: nothing runs into the next column.
    const wrapped = cells.map((cell, i) => wrap(font, plain(cell), 9, starts[i + 1]! - starts[i]! - 6));
    const lines = Math.max(...wrapped.map((cell) => cell.length));
    if (y - lines * 13 < MARGIN + 40) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
    wrapped.forEach((cell, i) => cell.forEach((line, n) => text(line, starts[i]!, 9, font, INK, y - n * 13)));
    text(L.pass, starts[4]!, 9, bold, GREEN);
    y -= lines * 13 + 4;
  }
  y = MARGIN + 20;
  text(label(L.issued, input.issuedAt), MARGIN, 9, font, GREY);
  text(label(L.maker, input.maker), A4[0] / 2, 9, font, GREY);
  return pdf.save();
}
