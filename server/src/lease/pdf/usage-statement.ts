import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { organisations } from '@console/db/schema/accounts';
import { dailyWork } from '@console/db/schema/analysis';
import { devices } from '@console/db/schema/devices';
import { contracts, stores } from '@console/db/schema/lease';
import { billLines, billOvertime, bills } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { tenthsText } from '@console/contract/lease/overtime';
import { nameIn } from '../../lib/org-brand.ts';
import { cjkFont, fontkitForPdfLib } from './font.ts';
import { wrap } from './render.ts';

const nameOf = (org: Parameters<typeof nameIn>[0] | undefined, lang: 'zh' | 'en') => (org ? nameIn(org, lang) : '');

/** The statement's own words, in the reader's language. */
export const STATEMENT_LABELS = {
  zh: {
    title: '月度使用结算单',
    contract: '合同编号',
    lessor: '出租方',
    renter: '承租方',
    store: '门店',
    month: '结算月份',
    billTitle: '本月账单',
    billColumns: ['机械', '计费天数', '金额', '工作小时', '账单编号'],
    dailyTitle: '每日工作小时（按设备遥测）',
    day: '日期',
    total: '合计',
    none: '本月无计费记录',
    generated: '生成时间',
    overtimeTitle: '超时工时（按设备实测）',
    overtimeColumns: ['机械', '计费期间', '包含工时', '实测工时', '超时工时', '超时费用'],
    hoursMissing: '工时缺失，未计超时',
    adjusted: '（已调整，实测超时 {hours}）',
  },
  en: {
    title: 'Monthly usage statement',
    contract: 'Contract',
    lessor: 'Lessor',
    renter: 'Renter',
    store: 'Store',
    month: 'Month',
    billTitle: "This month's bill",
    billColumns: ['Machine', 'Days billed', 'Amount', 'Hours worked', 'Bill'],
    dailyTitle: "Hours worked per day (from the machines' telemetry)",
    day: 'Day',
    total: 'Total',
    none: 'Nothing billed this month',
    generated: 'Generated',
    overtimeTitle: 'Overtime from measured hours',
    overtimeColumns: ['Machine', 'Days', 'Hours included', 'Hours measured', 'Overtime hours', 'Overtime'],
    hoursMissing: 'Hours missing: no overtime billed',
    adjusted: ' (adjusted; measured overtime {hours})',
  },
} as const;

export interface UsageStatement {
  lang: 'zh' | 'en';
  /** The lessor's brand's money (decision 064). */
  money: MoneyFormat;
  contractNumber: string;
  lessorName: string;
  renterName: string;
  storeName: string;
  month: string;
  days: string[];
  machines: { deviceId: number; serialNumber: string; hours: Map<string, number> }[];
  billed: { deviceId: number; serialNumber: string; days: number; amountCents: number; bills: string }[];
  /** The month's overtime lines (decision 070): the evidence of what the bills charged above the allowance. */
  overtime?: {
    serialNumber: string;
    fromOn: string;
    toOn: string;
    allowanceTenths: number;
    measuredTenths: number | null;
    computedTenths: number;
    hoursTenths: number;
    amountCents: number;
  }[];
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** What the statement shows, read once: the machines on lease under the contract in the month and their days. */
export async function usageStatement(
  db: Db,
  contractId: number,
  month: string,
  lang: 'zh' | 'en',
  money: MoneyFormat,
): Promise<UsageStatement | null> {
  const c = await db.select().from(contracts).where(eq(contracts.id, contractId)).get();
  if (!c) return null;
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const name = async (id: number) =>
    nameOf(await db.select().from(organisations).where(eq(organisations.id, id)).get(), lang);
  const store = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, c.storeId)).get();
  // Each machine's hours on the days it was on lease under this contract within the month.
  const worked = await db
    .select({
      deviceId: leasePeriods.deviceId,
      serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
      day: dailyWork.day,
      hours: sql<number>`coalesce(sum(${dailyWork.hoursWorked}), 0)`,
    })
    .from(leasePeriods)
    .leftJoin(devices, eq(devices.id, leasePeriods.deviceId))
    .leftJoin(
      dailyWork,
      and(
        eq(dailyWork.deviceId, leasePeriods.deviceId),
        gte(dailyWork.day, leasePeriods.startOn),
        or(isNull(leasePeriods.endOn), lte(dailyWork.day, leasePeriods.endOn)),
        gte(dailyWork.day, first),
        lte(dailyWork.day, last),
      ),
    )
    .where(
      and(
        eq(leasePeriods.contractId, contractId),
        lte(leasePeriods.startOn, last),
        or(isNull(leasePeriods.endOn), gte(leasePeriods.endOn, first)),
      ),
    )
    .groupBy(leasePeriods.deviceId, devices.serialNumber, dailyWork.day)
    .orderBy(asc(devices.serialNumber), asc(dailyWork.day))
    .all();
  const machines = new Map<number, UsageStatement['machines'][number]>();
  for (const w of worked) {
    let m = machines.get(w.deviceId);
    if (!m) machines.set(w.deviceId, (m = { deviceId: w.deviceId, serialNumber: w.serialNumber, hours: new Map() }));
    if (w.day) m.hours.set(w.day, w.hours);
  }
  // The month's bill lines (a line belongs to the month of its last billed day, as in the revenue analysis).
  const billed = await db
    .select({
      deviceId: billLines.deviceId,
      serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
      days: sql<number>`sum(${billLines.days})`,
      amountCents: sql<number>`sum(${billLines.amountCents})`,
      bills: dialectOf(db).stringAgg(bills.number, ',', { distinct: true }),
    })
    .from(billLines)
    .innerJoin(bills, eq(bills.id, billLines.billId))
    .leftJoin(devices, eq(devices.id, billLines.deviceId))
    .where(
      and(
        eq(bills.contractId, contractId),
        ne(bills.state, 'void'),
        gte(billLines.toOn, first),
        lte(billLines.toOn, last),
      ),
    )
    .groupBy(billLines.deviceId, devices.serialNumber)
    .orderBy(asc(devices.serialNumber))
    .all();
  const overtime = await db
    .select({
      serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
      fromOn: billOvertime.fromOn,
      toOn: billOvertime.toOn,
      allowanceTenths: billOvertime.allowanceTenths,
      measuredTenths: billOvertime.measuredTenths,
      computedTenths: billOvertime.computedTenths,
      hoursTenths: billOvertime.hoursTenths,
      amountCents: billOvertime.amountCents,
    })
    .from(billOvertime)
    .innerJoin(bills, eq(bills.id, billOvertime.billId))
    .leftJoin(devices, eq(devices.id, billOvertime.deviceId))
    .where(
      and(
        eq(bills.contractId, contractId),
        ne(bills.state, 'void'),
        gte(billOvertime.toOn, first),
        lte(billOvertime.toOn, last),
      ),
    )
    .orderBy(asc(devices.serialNumber), asc(billOvertime.fromOn))
    .all();
  const days: string[] = [];
  for (let d = 1; d <= Number(last.slice(8)); d++) days.push(`${month}-${String(d).padStart(2, '0')}`);
  return {
    lang,
    money,
    contractNumber: c.number,
    lessorName: await name(c.lessorOrgId),
    renterName: await name(c.renterOrgId),
    storeName: store?.name ?? '',
    month,
    days,
    machines: [...machines.values()],
    billed: billed.map((b) => ({ ...b, bills: (b.bills ?? '').split(',').join(', ') })),
    overtime,
  };
}

const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.55, 0.55, 0.55);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
/** Machines per daily table: more go to a further table. */
const MACHINES_PER_TABLE = 6;

const hoursText = (h: number) => (h === 0 ? '-' : (Math.round(h * 100) / 100).toFixed(2).replace(/\.?0+$/, ''));

/** The statement as an A4 PDF in Noto Sans SC (real, extractable text in both languages, as the contract's). */
export async function renderUsageStatement(s: UsageStatement): Promise<Uint8Array> {
  const L = STATEMENT_LABELS[s.lang];
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const font = await pdf.embedFont(cjkFont('Regular'), { subset: true });
  const bold = await pdf.embedFont(cjkFont('Bold'), { subset: true });
  pdf.setTitle(`${L.title} ${s.contractNumber} ${s.month}`);
  pdf.setLanguage(s.lang === 'zh' ? 'zh-CN' : 'en');
  pdf.setProducer('machinery-lease-console');
  pdf.setCreator('machinery-lease-console');
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPageIfBelow = (room: number) => {
    if (y - room < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (t: string, x: number, size: number, f: PDFFont = font, at = y) =>
    page.drawText(t, { x, y: at, size, font: f, color: INK });
  // Under the header row just drawn (its baseline a row's height above y), clear of the first row's text.
  const rule = () =>
    page.drawLine({
      start: { x: MARGIN, y: y + 10 },
      end: { x: A4[0] - MARGIN, y: y + 10 },
      thickness: 0.5,
      color: GREY,
    });
  const label = (name: string, value: string) => (s.lang === 'zh' ? `${name}：${value}` : `${name}: ${value}`);
  // Each cell wrapped within its column (to the right margin for the last), the row as tall as its longest cell:
  // a long name or a month of bill numbers is read whole, never cut at the next column or the page's edge.
  const row = (cells: string[], starts: number[], size: number, f: PDFFont = font) => {
    const right = (i: number) => (starts[i + 1] ?? A4[0] - MARGIN) - (i + 1 < starts.length ? 4 : 0);
    const wrapped = cells.map((c, i) => wrap(f, c, size, right(i) - starts[i]!));
    const lines = Math.max(1, ...wrapped.map((w) => w.length));
    newPageIfBelow(size * 1.6 * lines);
    const top = y;
    wrapped.forEach((cellLines, i) =>
      cellLines.forEach((line, k) => text(line, starts[i]!, size, f, top - k * size * 1.3)),
    );
    y = top - (lines - 1) * size * 1.3 - size * 1.6;
  };

  text(L.title, MARGIN, 18, bold);
  y -= 30;
  for (const line of [
    label(L.contract, s.contractNumber),
    label(L.month, s.month),
    label(L.lessor, s.lessorName),
    label(L.renter, s.renterName),
    label(L.store, s.storeName),
  ]) {
    for (const part of wrap(font, line, 10, A4[0] - 2 * MARGIN)) {
      text(part, MARGIN, 10);
      y -= 16;
    }
  }

  // The month's bill, a line per machine, with its hours beside it.
  y -= 10;
  text(L.billTitle, MARGIN, 12, bold);
  y -= 20;
  const width = A4[0] - 2 * MARGIN;
  const billStarts = [0, 0.22, 0.36, 0.54, 0.7].map((p) => MARGIN + p * width);
  const hoursIn = (deviceId: number) =>
    [...(s.machines.find((m) => m.deviceId === deviceId)?.hours.values() ?? [])].reduce((a, b) => a + b, 0);
  if (s.billed.length === 0) row([L.none], [MARGIN], 10);
  else {
    row([...L.billColumns], billStarts, 9, bold);
    rule();
    y -= 4;
    for (const b of s.billed) {
      row(
        [b.serialNumber, String(b.days), formatMoney(b.amountCents, s.money), hoursText(hoursIn(b.deviceId)), b.bills],
        billStarts,
        9,
      );
    }
    const sum = s.billed.reduce((a, b) => a + b.amountCents, 0);
    const days = s.billed.reduce((a, b) => a + b.days, 0);
    const hours = s.billed.reduce((a, b) => a + hoursIn(b.deviceId), 0);
    row([L.total, String(days), formatMoney(sum, s.money), hoursText(hours), ''], billStarts, 9, bold);
  }

  // Overtime: per machine and billed days, the hours included, measured and above (decision 070).
  const overtime = s.overtime ?? [];
  if (overtime.length > 0) {
    y -= 12;
    newPageIfBelow(60);
    text(L.overtimeTitle, MARGIN, 12, bold);
    y -= 20;
    const starts = [0, 0.2, 0.42, 0.56, 0.7, 0.84].map((p) => MARGIN + p * width);
    row([...L.overtimeColumns], starts, 9, bold);
    rule();
    y -= 4;
    for (const o of overtime) {
      const hours =
        o.measuredTenths === null
          ? L.hoursMissing
          : tenthsText(o.hoursTenths) +
            (o.hoursTenths === o.computedTenths ? '' : L.adjusted.replace('{hours}', tenthsText(o.computedTenths)));
      row(
        [
          o.serialNumber,
          `${o.fromOn.slice(5)} ~ ${o.toOn.slice(5)}`,
          tenthsText(o.allowanceTenths),
          o.measuredTenths === null ? '-' : tenthsText(o.measuredTenths),
          hours,
          formatMoney(o.amountCents, s.money),
        ],
        starts,
        9,
      );
    }
  }

  // Hours worked per machine per day: a row per day, a column per machine.
  for (let at = 0; at < Math.max(1, s.machines.length); at += MACHINES_PER_TABLE) {
    const group = s.machines.slice(at, at + MACHINES_PER_TABLE);
    y -= 12;
    newPageIfBelow(60);
    text(L.dailyTitle, MARGIN, 12, bold);
    y -= 20;
    const column = (width - 70) / MACHINES_PER_TABLE;
    const starts = [MARGIN, ...group.map((_, i) => MARGIN + 70 + i * column)];
    row([L.day, ...group.map((m) => m.serialNumber)], starts, 8, bold);
    rule();
    y -= 4;
    for (const day of s.days) row([day, ...group.map((m) => hoursText(m.hours.get(day) ?? 0))], starts, 8);
    const totals = group.map((m) => hoursText([...m.hours.values()].reduce((a, b) => a + b, 0)));
    row([L.total, ...totals], starts, 8, bold);
  }
  return pdf.save();
}

/** The statement's file for a contract and month, or null when the contract does not exist. */
export async function usageStatementPdf(
  db: Db,
  contractId: number,
  month: string,
  lang: 'zh' | 'en',
  money: MoneyFormat,
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const s = await usageStatement(db, contractId, month, lang, money);
  if (!s) return null;
  return { fileName: `${s.contractNumber}-${month}-usage.pdf`, bytes: await renderUsageStatement(s) };
}
