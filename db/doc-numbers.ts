import { like, sql } from 'drizzle-orm';
import type { TaxRegime } from '@console/contract/codes/tax-regimes';
import type { Db } from './client.ts';
import { orgDay } from './org-zone.ts';
import { workOrders } from './schema/work-orders.ts';

/**
 * The numbers of the documents a company hands out: invoices, shop orders, work orders and quality inspections. Here, below the server, so the demo
 * seed numbers its documents as the server numbers the ones it makes. A number carries the organisation's day it was
 * made (`YYYYMMDD`, its calendar: server/src/lib/org-day.ts) and a serial drawn from the record's id, so numbers do
 * not count a company's documents for whoever reads them; the serial is one-to-one with the id below a million, and
 * with the day beside it no two records share a number.
 */
const serialOf = (id: number) => String(scramble(id % 1_000_000)).padStart(6, '0');

/**
 * A permutation of 0…999,999: odd multiplications and xor-shifts are one-to-one on 20 bits, and stepping again while
 * above the range ("cycle walking") keeps it one-to-one below a million. Neighbouring ids land far apart.
 */
function scramble(n: number): number {
  let x = n;
  do {
    x = (x * 0x9e3b5) & 0xfffff;
    x ^= x >>> 10;
    x = (x * 0x5bd1f) & 0xfffff;
    x ^= x >>> 9;
  } while (x >= 1_000_000);
  return x;
}

/**
 * A Chinese brand's invoice is a 发票 (FP); an Australian one a tax invoice, numbered as Australian businesses do
 * ("INV-").
 */
export function invoiceNumber(regime: TaxRegime, id: number, numberDay: string): string {
  return regime === 'auGst' ? `INV-${numberDay}-${serialOf(id)}` : `FP${numberDay}${serialOf(id)}`;
}

export function shopOrderNumber(id: number, numberDay: string): string {
  return `SO${numberDay}${serialOf(id)}`;
}

/**
 * The next free work-order number of a company's day (`numberDay` is `YYYYMMDD` on its calendar): WO202611250001 is
 * the first of its 25 November. Work orders count within the day, as maintenance desks read them; numbers are unique
 * across organisations and the unique index is the final guard.
 */
export async function nextWorkOrderNumber(db: Db, numberDay: string): Promise<string> {
  const prefix = `WO${numberDay}`;
  const last = (
    await db
      .select({ number: sql<string | null>`max(${workOrders.number})` })
      .from(workOrders)
      .where(like(workOrders.number, `${prefix}%`))
      .get()
  )?.number;
  const seq = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/** A quote: 报价 (BJ) under a Chinese brand, QT- under an English one (decision 069). */
export function quoteNumber(lang: 'zh' | 'en', id: number, numberDay: string): string {
  return lang === 'en' ? `QT-${numberDay}-${serialOf(id)}` : `BJ${numberDay}${serialOf(id)}`;
}

/**
 * A quality inspection: QC, the day it started on the calendar of the organisation whose machine it is (whoever starts
 * it from wherever; Northwind's inspection started at 8 am in Sydney is of that day, the day before in UTC), and the
 * record's id over five digits: QC2026120300042.
 */
export async function qualityInspectionNumber(db: Db, id: number, orgId: number, startedAt: number): Promise<string> {
  return `QC${(await orgDay(db, orgId, startedAt)).replaceAll('-', '')}${String(id).padStart(5, '0')}`;
}

/**
 * A credit note on a bill (decision 074): CN and the company's day, as its invoices are numbered (CN-…-… under the
 * Australian brand's wording).
 */
export function creditNoteNumber(regime: TaxRegime, id: number, numberDay: string): string {
  return regime === 'auGst' ? `CN-${numberDay}-${serialOf(id)}` : `CN${numberDay}${serialOf(id)}`;
}
