import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * When the seeded records were written: a record is made by the event that starts it (a machine on the day its unit
 * was fitted, a bill on the day it was issued, a receipt on the day the money came in), never at the moment the demo
 * was seeded. A day's record is written that morning, Beijing time (the afternoon in Sydney: the same day), and never
 * after `now`. Run last, when every record and its day are in place; the tables whose creation time orders a list
 * (organisations, users) keep theirs.
 */
export function seedCreatedTimes(db: Db, now: number): void {
  // 02:00 UTC: 10:00 in Beijing, 13:00 in Sydney. `column` is one of the day columns named below.
  const at = (column: string) => sql.raw(`min(unixepoch(${column} || ' 02:00:00') * 1000, ${now - 60_000})`);
  db.transaction((tx) => {
    // A machine is registered the day its unit was fitted; its SIM card with it.
    tx.run(sql`UPDATE devices SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    tx.run(sql`UPDATE sim_cards SET created_at = coalesce(
      (SELECT d.created_at FROM devices d WHERE d.id = sim_cards.device_id), created_at)`);
    tx.run(sql`UPDATE controllers SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    tx.run(sql`UPDATE gps_gateways SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    tx.run(sql`UPDATE device_expenses SET created_at = ${at('date')}`);
    tx.run(sql`UPDATE alarms SET created_at = started_at`);
    // A bill the day it was issued, a receipt the day it was received, what it paid and the ledger's lines with them.
    tx.run(sql`UPDATE bills SET created_at = ${at('issued_on')}`);
    tx.run(sql`UPDATE receipts SET created_at = ${at('received_on')}`);
    tx.run(sql`UPDATE allocations SET created_at = coalesce(
      (SELECT r.created_at FROM receipts r WHERE r.id = allocations.receipt_id), created_at)`);
    tx.run(sql`UPDATE ledger_entries SET created_at = ${at('day')}`);
  });
}
