import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { addressText } from '@console/contract/formats/address';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import { handoverNoteFindings, handoverNoteMachines, handoverNotes } from '@console/db/schema/handover-notes';
import { cjkFont, fontkitForPdfLib } from '../lease/pdf/font.ts';
import { wrap } from '../lease/pdf/render.ts';
import { formatInZone } from '../lib/time.ts';
import { nameIn, nameInSql } from '../lib/org-brand.ts';

/** The note's words, in its own language. */
export const NOTE_LABELS = {
  zh: {
    title: { delivery: '设备交付单', return: '设备退场验收单' },
    number: '单号',
    contract: '合同编号',
    handover: '交接记录',
    day: '交接日期',
    lessor: '出租方',
    renter: '承租方',
    site: '施工地址',
    machine: '机械',
    hourMeter: '工作小时（最近上报）',
    fuel: '燃油',
    battery: '电量',
    readAt: '读数时间',
    notReported: '未上报',
    checklist: '检查项目',
    ok: '正常',
    notOk: '异常',
    photos: (n: number) => `照片 ${n} 张`,
    findings: '损坏记录',
    amount: '金额',
    remark: '备注',
    lessorSign: '出租方经办人',
    renterSign: '承租方经办人',
    signature: '签字',
    statement: '双方确认上述机械、读数及状况属实。',
  },
  en: {
    title: { delivery: 'Delivery Note', return: 'Return Note' },
    number: 'Note number',
    contract: 'Contract',
    handover: 'Handover record',
    day: 'Handover day',
    lessor: 'Lessor',
    renter: 'Renter',
    site: 'Site address',
    machine: 'Machine',
    hourMeter: 'Hour meter (last report)',
    fuel: 'Fuel',
    battery: 'Charge',
    readAt: 'Read at',
    notReported: 'not reported',
    checklist: 'Condition checklist',
    ok: 'OK',
    notOk: 'Not OK',
    photos: (n: number) => `${n} photo(s)`,
    findings: 'Damage findings',
    amount: 'Amount',
    remark: 'Remark',
    lessorSign: 'For the lessor',
    renterSign: 'For the renter',
    signature: 'Signature',
    statement: 'Both parties confirm the machines, readings and condition stated above.',
  },
} as const;

const INK = rgb(0.1, 0.1, 0.1);
const A4: [number, number] = [595.28, 841.89];

/** The figure with its unit, or "not reported". */
const reading = (value: number | null, unit: string, none: string) =>
  value === null ? none : `${Math.round(value * 10) / 10}${unit}`;

/**
 * A handover note's PDF in its own language, drawn in Noto Sans SC subset to its glyphs: its text (Chinese too) is
 * real, extractable text. The signers' names show once it is signed.
 */
export async function handoverNotePdf(
  db: Db,
  noteId: number,
  money: MoneyFormat,
  timeZone: string,
): Promise<{ bytes: Uint8Array; number: string } | null> {
  const note = await db.select().from(handoverNotes).where(eq(handoverNotes.id, noteId)).get();
  if (!note) return null;
  const lang = note.lang;
  const L = NOTE_LABELS[lang];
  const handover = (await db.select().from(leaseHandovers).where(eq(leaseHandovers.id, note.handoverId)).get())!;
  const contract = (await db.select().from(contracts).where(eq(contracts.id, note.contractId)).get())!;
  const org = async (id: number) => db.select().from(organisations).where(eq(organisations.id, id)).get();
  const lessor = await org(note.orgId);
  const renter = await org(note.renterOrgId);
  const machines = await db
    .select({ m: handoverNoteMachines, serial: devices.serialNumber, model: nameInSql(deviceModels, lang) })
    .from(handoverNoteMachines)
    .innerJoin(devices, eq(devices.id, handoverNoteMachines.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(eq(handoverNoteMachines.noteId, note.id))
    .orderBy(handoverNoteMachines.id)
    .all();
  const findings = await db
    .select({ f: handoverNoteFindings, serial: devices.serialNumber })
    .from(handoverNoteFindings)
    .innerJoin(devices, eq(devices.id, handoverNoteFindings.deviceId))
    .where(eq(handoverNoteFindings.noteId, note.id))
    .orderBy(handoverNoteFindings.id)
    .all();

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const font = await pdf.embedFont(cjkFont('Regular'), { subset: true });
  const bold = await pdf.embedFont(cjkFont('Bold'), { subset: true });
  pdf.setTitle(`${L.title[note.kind]} ${note.number}`);
  pdf.setLanguage(lang === 'zh' ? 'zh-CN' : 'en');
  pdf.setProducer('machinery-lease-console');
  let page = pdf.addPage(A4);
  let y = 790;
  const x = 56;
  const width = A4[0] - 2 * x;
  const say = (text: string, size = 10, f: PDFFont = font, indent = 0) => {
    for (const line of wrap(f, text, size, width - indent)) {
      if (y < 60) [page, y] = [pdf.addPage(A4), 790];
      page.drawText(line, { x: x + indent, y, size, font: f, color: INK });
      y -= size * 1.5;
    }
  };
  const label = (name: string, value: string) => (lang === 'zh' ? `${name}：${value}` : `${name}: ${value}`);
  say(L.title[note.kind], 18, bold);
  y -= 6;
  say(label(L.number, note.number));
  say(label(L.contract, contract.number));
  say(label(L.handover, handover.number));
  say(label(L.day, handover.day));
  say(label(L.lessor, lessor ? nameIn(lessor, lang) : ''));
  say(label(L.renter, renter ? nameIn(renter, lang) : ''));
  const site = addressText({
    province: handover.siteProvince,
    city: handover.siteCity,
    district: handover.siteDistrict,
    address: handover.siteAddress,
  });
  if (site) say(label(L.site, site));
  for (const [n, { m, serial, model }] of machines.entries()) {
    y -= 8;
    say(`${n + 1}. ${L.machine}: ${`${model ?? ''} ${serial}`.trim()}`, 11, bold);
    say(
      [
        label(L.hourMeter, reading(m.hourMeter, ' h', L.notReported)),
        label(L.fuel, reading(m.fuelPct, '%', L.notReported)),
        label(L.battery, reading(m.batteryPct, '%', L.notReported)),
      ].join('   '),
      9.5,
    );
    if (m.readAt) say(label(L.readAt, formatInZone(m.readAt, timeZone)), 9.5);
    say(L.checklist, 9.5, bold);
    for (const c of m.checklist) {
      say(`${c.item}: ${c.ok ? L.ok : L.notOk}${c.remark ? ` (${c.remark})` : ''}`, 9.5, font, 12);
    }
    if (m.photos.length > 0) say(L.photos(m.photos.length), 9.5, font, 12);
  }
  if (findings.length > 0) {
    y -= 8;
    say(L.findings, 11, bold);
    for (const [n, { f, serial }] of findings.entries()) {
      say(`${n + 1}. ${serial}: ${f.description}  ${label(L.amount, formatMoney(f.amountCents, money))}`, 9.5);
      if (f.photos.length > 0) say(L.photos(f.photos.length), 9.5, font, 12);
    }
  }
  if (note.remark) {
    y -= 4;
    say(label(L.remark, note.remark));
  }
  y -= 10;
  say(L.statement, 9.5);
  y -= 8;
  const signed = (name: string, signer: string) => `${name}: ${signer}`;
  say(label(L.lessorSign, note.lessorName), 10);
  say(signed(L.signature, note.lessorSigner || '________________'), 10, font, 12);
  say(label(L.renterSign, note.renterName), 10);
  say(signed(L.signature, note.renterSigner || '________________'), 10, font, 12);
  return { bytes: await pdf.save(), number: note.number };
}
