import { eq, sql } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { priceDisplay } from '@console/contract/codes/business-models';
import { leaseDays } from '@console/contract/codes/lease-pricing';
import { formatAmount, formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { addressText } from '@console/contract/formats/address';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { stores } from '@console/db/schema/lease';
import { quoteLines, quotes } from '@console/db/schema/quotes';
import { cjkFont, fontkitForPdfLib } from '../lease/pdf/font.ts';
import { PDF_LABELS } from '../lease/pdf/labels.ts';
import { wrap } from '../lease/pdf/render.ts';
import { nameIn, nameInSql } from '../lib/org-brand.ts';

/** The quote's own words, in its brand's language; the business models' names are the contract's. */
const LABELS = {
  zh: {
    title: '租赁报价单',
    number: '报价编号',
    lessor: '报价方',
    customer: '客户',
    contact: '联系人',
    store: '门店',
    period: '租赁期限',
    site: '施工地址',
    validUntil: '报价有效期至',
    total: '报价合计',
    remark: '备注',
    columns: (c: string) => ['序号', '机械', '经营模式', `牌价（${c}）`, '折扣', `报价（${c}）`, `金额（${c}）`],
    terms: '本报价在有效期内有效。接受后，双方按本报价的机械、日期和价格签订租赁合同。',
    noDiscount: '—',
    discount: (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 1)}%`,
  },
  en: {
    title: 'Rental Quotation',
    number: 'Quote number',
    lessor: 'Quoted by',
    customer: 'Customer',
    contact: 'Contact',
    store: 'Store',
    period: 'Hire period',
    site: 'Site address',
    validUntil: 'Valid until',
    total: 'Quoted total',
    remark: 'Remark',
    columns: (c: string) => [
      '#',
      'Machine',
      'Business model',
      `List (${c})`,
      'Discount',
      `Quoted (${c})`,
      `Amount (${c})`,
    ],
    terms:
      'This quotation holds until its validity day. Once accepted, a lease contract is written with its machines, dates and prices.',
    noDiscount: '-',
    discount: (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 1)} %`,
  },
} as const;

const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.55, 0.55, 0.55);
const A4: [number, number] = [595.28, 841.89];
const COLUMNS = [0, 0.05, 0.3, 0.46, 0.6, 0.7, 0.85] as const;

/** The quote's PDF, drawn in Noto Sans SC subset to its glyphs: Chinese is real, extractable text. */
export async function quotePdf(db: Db, quoteId: number, money: MoneyFormat): Promise<Uint8Array | null> {
  const q = await db.select().from(quotes).where(eq(quotes.id, quoteId)).get();
  if (!q) return null;
  const lang = q.lang;
  const L = LABELS[lang];
  const org = async (id: number | null) =>
    id === null ? undefined : db.select().from(organisations).where(eq(organisations.id, id)).get();
  const lessor = await org(q.orgId);
  const renter = await org(q.renterOrgId);
  const store = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, q.storeId)).get();
  const lines = await db
    .select({ line: quoteLines, serial: devices.serialNumber, model: nameInSql(deviceModels, lang) })
    .from(quoteLines)
    .leftJoin(devices, eq(devices.id, quoteLines.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${quoteLines.modelId}, ${devices.modelId})`))
    .where(eq(quoteLines.quoteId, q.id))
    .orderBy(quoteLines.id)
    .all();

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const font = await pdf.embedFont(cjkFont('Regular'), { subset: true });
  const bold = await pdf.embedFont(cjkFont('Bold'), { subset: true });
  pdf.setTitle(`${L.title} ${q.number}`);
  pdf.setLanguage(lang === 'zh' ? 'zh-CN' : 'en');
  pdf.setProducer('machinery-lease-console');
  let page = pdf.addPage(A4);
  let y = 790;
  const x = 56;
  const width = A4[0] - 2 * x;
  const say = (text: string, size = 10, f: PDFFont = font) => {
    for (const line of wrap(f, text, size, width)) {
      if (y < 60) [page, y] = [pdf.addPage(A4), 790];
      page.drawText(line, { x, y, size, font: f, color: INK });
      y -= size * 1.5;
    }
  };
  const label = (name: string, value: string) => (lang === 'zh' ? `${name}：${value}` : `${name}: ${value}`);
  say(L.title, 18, bold);
  y -= 6;
  say(label(L.number, q.number));
  say(label(L.lessor, lessor ? nameIn(lessor, lang) : ''));
  say(label(L.customer, renter ? nameIn(renter, lang) : q.prospectName));
  if (q.prospectContact || q.prospectPhone)
    say(label(L.contact, [q.prospectContact, q.prospectPhone].filter(Boolean).join(' ')));
  say(label(L.store, store?.name ?? ''));
  const days = leaseDays(q.startOn, q.endOn);
  say(label(L.period, PDF_LABELS[lang].periodText(q.startOn, q.endOn, days)));
  const site = addressText({
    province: q.siteProvince,
    city: q.siteCity,
    district: q.siteDistrict,
    address: q.siteAddress,
  });
  say(label(L.site, site));
  say(label(L.validUntil, q.validUntil));
  y -= 8;
  drawTable(page, x, y, width, font, bold, L, lang, money, lines, (next) => (y = next));
  y -= 12;
  say(label(L.total, formatMoney(q.totalCents, money)), 12, bold);
  if (q.remark) say(label(L.remark, q.remark));
  y -= 8;
  say(L.terms, 9);
  return pdf.save();
}

function drawTable(
  page: PDFPage,
  x: number,
  top: number,
  width: number,
  font: PDFFont,
  bold: PDFFont,
  L: (typeof LABELS)['zh' | 'en'],
  lang: 'zh' | 'en',
  money: MoneyFormat,
  lines: { line: typeof quoteLines.$inferSelect; serial: string | null; model: string | null }[],
  done: (y: number) => void,
) {
  const size = 8.5;
  const starts = COLUMNS.map((s) => x + s * width);
  const colWidth = (i: number) => (starts[i + 1] ?? x + width) - starts[i]! - 4;
  let y = top;
  L.columns(money.currency.code).forEach((c, i) =>
    wrap(bold, c, size, colWidth(i)).forEach((t, k) =>
      page.drawText(t, { x: starts[i]!, y: y - k * size * 1.3, size, font: bold, color: INK }),
    ),
  );
  y -= size * 2.8;
  page.drawLine({ start: { x, y: y + size }, end: { x: x + width, y: y + size }, thickness: 0.6, color: GREY });
  const models = PDF_LABELS[lang].models;
  const unit = { day: PDF_LABELS[lang].perDay, month: PDF_LABELS[lang].perMonth };
  const prices = (bm: number, day: number | null, month: number | null) =>
    priceDisplay(bm, { day, month })
      .map((p) => `${formatAmount(p.amount ?? 0, money)}${unit[p.unit]}`)
      .join(' ');
  for (const [n, { line, serial, model }] of lines.entries()) {
    const machine =
      line.deviceId !== null
        ? `${model ?? ''} ${serial ?? ''}`.trim()
        : PDF_LABELS[lang].modelCount(model ?? '', line.count);
    const cells = [
      String(n + 1),
      machine,
      models[line.businessModel] ?? '',
      prices(line.businessModel, line.listDayCents, line.listMonthCents),
      line.discountBp ? L.discount(line.discountBp) : L.noDiscount,
      prices(line.businessModel, line.dayCents, line.monthCents),
      formatAmount(line.amountCents, money),
    ];
    const wrapped = cells.map((cell, i) => wrap(font, cell, size, colWidth(i)));
    wrapped.forEach((cellLines, i) =>
      cellLines.forEach((text, k) =>
        page.drawText(text, { x: starts[i]!, y: y - k * size * 1.3, size, font, color: INK }),
      ),
    );
    y -= Math.max(...wrapped.map((w) => w.length)) * size * 1.3 + 4;
  }
  done(y);
}
