import { sql, type SQL } from 'drizzle-orm';
import { INVITATION_DAYS } from '@console/contract/codes/invitations';
import type { Db } from '../client.ts';
import { dialectOf, type Dialect } from '../dialect.ts';

const DAY = 86_400_000;

/**
 * When the seeded records were written: a record is made by the event that starts it (a machine on the day its unit
 * was fitted, a bill on the day it was issued, a receipt on the day the money came in), never at the moment the demo
 * was seeded. A day's record is written that morning, Beijing time (the afternoon in Sydney: the same day), and never
 * after `now`. Run last, when every record and its day are in place: the organisations, people, cases and banners
 * (`seedStoryTimes`) are dated before everything they did.
 */
export async function seedCreatedTimes(db: Db, now: number): Promise<void> {
  // 02:00 UTC: 10:00 in Beijing, 13:00 in Sydney. `column` is one of the day columns named below.
  const d = dialectOf(db);
  const at = (column: string) => d.least(d.msOfDay(sql.raw(column), '02:00:00'), sql.raw(String(now - 60_000)));
  await db.transaction(async (tx) => {
    // A machine is registered the day its unit was fitted; its SIM card with it.
    await tx.run(sql`UPDATE devices SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    await tx.run(sql`UPDATE sim_cards SET created_at = coalesce(
      (SELECT d.created_at FROM devices d WHERE d.id = sim_cards.device_id), created_at)`);
    await tx.run(sql`UPDATE controllers SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    await tx.run(sql`UPDATE gps_gateways SET created_at = ${at('installed_at')} WHERE installed_at IS NOT NULL`);
    await tx.run(sql`UPDATE device_expenses SET created_at = ${at('date')}`);
    await tx.run(sql`UPDATE alarms SET created_at = started_at`);
    // A bill the day it was issued, a receipt the day it was received, what it paid and the ledger's lines with them.
    await tx.run(sql`UPDATE bills SET created_at = ${at('issued_on')}`);
    await tx.run(sql`UPDATE receipts SET created_at = ${at('received_on')}`);
    await tx.run(sql`UPDATE allocations SET created_at = coalesce(
      (SELECT r.created_at FROM receipts r WHERE r.id = allocations.receipt_id), created_at)`);
    await tx.run(sql`UPDATE ledger_entries SET created_at = ${at('day')}`);
  });
  await seedStoryTimes(db, now);
}

/**
 * What each person did, and when: the first act dates their account (and so their organisation). Every table in
 * which the seed records a person acting, with the moment of the act.
 */
const ACTS = `
  SELECT created_by AS user_id, created_at AS at FROM contracts
  UNION ALL SELECT salesperson_id, created_at FROM contracts
  UNION ALL SELECT user_id, at FROM contract_events
  UNION ALL SELECT created_by, created_at FROM lease_handovers
  UNION ALL SELECT created_by, created_at FROM receipts
  UNION ALL SELECT created_by, created_at FROM work_orders
  UNION ALL SELECT assignee_id, created_at FROM work_orders
  UNION ALL SELECT user_id, at FROM work_order_events
  UNION ALL SELECT created_by, created_at FROM fault_records
  UNION ALL SELECT created_by, created_at FROM upkeep_plans
  UNION ALL SELECT created_by, created_at FROM device_expenses
  UNION ALL SELECT created_by, created_at FROM risk_tasks
  UNION ALL SELECT created_by, created_at FROM commands
  UNION ALL SELECT user_id, at FROM operation_logs
  UNION ALL SELECT handled_by, coalesce(handled_at, created_at) FROM alarms
  UNION ALL SELECT acknowledged_by, coalesce(acknowledged_at, created_at) FROM alarms
  UNION ALL SELECT invited_by, sent_at FROM invitations
  UNION ALL SELECT requester_id, created_at FROM bind_requests
  UNION ALL SELECT decided_by, decided_at FROM bind_requests
  UNION ALL SELECT user_id, created_at FROM verifications
  UNION ALL SELECT submitted_by, created_at FROM verifications
  UNION ALL SELECT decided_by, decided_at FROM verifications
  UNION ALL SELECT created_by, created_at FROM subleases
  UNION ALL SELECT created_by, created_at FROM renewal_orders
  UNION ALL SELECT created_by, created_at FROM coupons
  UNION ALL SELECT created_by, created_at FROM products
  UNION ALL SELECT created_by, created_at FROM payments
  UNION ALL SELECT requested_by, created_at FROM invoices
  UNION ALL SELECT created_by, created_at FROM activity_pushes
  UNION ALL SELECT created_by, created_at FROM arrears_exemptions
  UNION ALL SELECT unbound_by, created_at FROM unbindings
  UNION ALL SELECT user_id, created_at FROM unbindings
  UNION ALL SELECT assignee_id, created_at FROM process_tasks
  UNION ALL SELECT author_id, created_at FROM fault_cases
  UNION ALL SELECT updated_by, updated_at FROM banners
`;

/**
 * What each organisation owns or did, and when: it existed before any of it. A distributor before the machines and
 * customers it serves, a customer before its first contract, a sub-lessor before its first machine rented out.
 */
const ORG_RECORDS = `
  SELECT org_id, created_at AS at FROM devices
  UNION ALL SELECT distributor_org_id, created_at FROM devices
  UNION ALL SELECT org_id, created_at FROM controllers
  UNION ALL SELECT org_id, created_at FROM gps_gateways
  UNION ALL SELECT lessor_org_id, created_at FROM contracts
  UNION ALL SELECT renter_org_id, created_at FROM contracts
  UNION ALL SELECT org_id, created_at FROM work_orders
  UNION ALL SELECT org_id, created_at FROM fault_records
  UNION ALL SELECT org_id, created_at FROM upkeep_plans
  UNION ALL SELECT reporter_org_id, created_at FROM feedback
  UNION ALL SELECT org_id, created_at FROM subleases
  UNION ALL SELECT sublessor_org_id, created_at FROM subleases
  UNION ALL SELECT org_id, created_at FROM renewal_orders
  UNION ALL SELECT org_id, created_at FROM bind_requests
  UNION ALL SELECT requester_org_id, created_at FROM bind_requests
  UNION ALL SELECT org_id, created_at FROM verifications
  UNION ALL SELECT org_id, created_at FROM invoices
  UNION ALL SELECT org_id, created_at FROM shop_orders
  UNION ALL SELECT org_id, sent_at FROM invitations
  UNION ALL SELECT p.org_id, a.at FROM seed_first_acts a JOIN users p ON p.id = a.user_id
`;

/** A moment as the morning of its day (02:00 UTC), `hours` later: people register in office hours. */
const morning = (d: Dialect, ms: string | SQL, hours: string | number = 0) => {
  const day = d.dayOfMs(typeof ms === 'string' ? sql.raw(ms) : ms);
  return sql`(${d.msOfDay(day, '02:00:00')} + (${sql.raw(String(hours))}) * 3600000)`;
};

/**
 * The organisations, their people, the expert library's cases and the app banners, dated in the story the records
 * tell: the operator first, then each rental company some months before its first machine, a customer weeks before
 * its first contract, a person before their first act (a company's administrator the day it was created), a case
 * some time after its company first ran a machine of its kind, a banner a week before it first showed. The gaps
 * are spread by id so no two read alike, and nothing is dated after `now`.
 */
async function seedStoryTimes(db: Db, now: number): Promise<void> {
  const latest = now - 60_000;
  const spread = (key: string, min: number, range: number) => `(${min} + ((${key}) * 37) % ${range}) * ${DAY}`;
  const d = dialectOf(db);
  const raw = (text: string) => sql.raw(text);
  await db.transaction(async (tx) => {
    const run = (text: string | SQL) => tx.run(typeof text === 'string' ? sql.raw(text) : text);
    // Cases: written after the company ran a machine of the kind a while (the operator's after any company did),
    // and never after their last edit.
    await run(
      sql`UPDATE fault_cases SET created_at = ${d.least(
        raw('updated_at'),
        d.greatest(
          raw(`coalesce((SELECT min(d.created_at) FROM devices d WHERE d.kind = fault_cases.machine_kind
        AND (d.org_id = fault_cases.org_id OR fault_cases.org_id = (SELECT id FROM organisations WHERE kind = 'operator')))
        + ${90 * DAY}, 0)`),
          raw(`updated_at - ${spread('fault_cases.id', 120, 400)}`),
        ),
      )}`,
    );
    await run(sql`UPDATE fault_cases SET created_at = ${morning(d, 'created_at', 'id % 7')}
      WHERE ${morning(d, 'created_at', 'id % 7')} <= updated_at`);
    // Banners: prepared a week before their first day shows, and before their last edit.
    await run(
      sql`UPDATE banners SET created_at = ${d.least(
        raw(`updated_at - ${DAY}`),
        sql`${d.msOfDay(raw('shown_from'), '02:00:00')} - ${raw(spread('banners.id', 5, 5))}`,
      )}`,
    );

    await run(`DROP TABLE IF EXISTS seed_first_acts`);
    await run(`CREATE TEMP TABLE seed_first_acts AS
      SELECT user_id, min(at) AS at FROM (${ACTS}) acts WHERE user_id IS NOT NULL AND at IS NOT NULL GROUP BY user_id`);
    await run(`DROP TABLE IF EXISTS seed_org_first`);
    await run(`CREATE TEMP TABLE seed_org_first AS
      SELECT org_id, min(at) AS at FROM (${ORG_RECORDS}) records WHERE org_id IS NOT NULL AND at IS NOT NULL
      GROUP BY org_id`);
    const first = (org: string) => `(SELECT f.at FROM seed_org_first f WHERE f.org_id = ${org})`;
    const createdOf = (org: string) => `(SELECT p.created_at FROM organisations p WHERE p.id = ${org})`;

    // A rental company: some months before its first record (its first machine).
    await run(
      sql`UPDATE organisations SET created_at = ${morning(
        d,
        `coalesce(${first('organisations.id')}, ${latest}) - ${spread('id', 45, 120)}`,
      )} WHERE kind = 'lessor'`,
    );
    // A distributor: a few months before the first machine or customer it serves.
    await run(
      sql`UPDATE organisations SET created_at = ${morning(
        d,
        `coalesce(${first('organisations.id')}, ${latest}) - ${spread('id', 30, 90)}`,
      )} WHERE kind = 'distributor'`,
    );
    // A customer or sub-lessor of a rental company: weeks before its first contract or sub-lease, and at least a
    // month after the company itself; a person's own account (a former employee's) when they were let go.
    await run(sql`UPDATE organisations SET created_at = ${d.least(
      morning(
        d,
        d.greatest(
          raw(`coalesce(${first('organisations.id')}, ${latest}) - ${spread('id', 14, 60)}`),
          raw(`${createdOf('organisations.parent_id')} + ${30 * DAY}`),
        ),
        'id % 6',
      ),
      raw(`coalesce(${first('organisations.id')}, ${latest}) - ${DAY}`),
    )}
      WHERE kind IN ('customer', 'sublessor') AND parent_id IS NOT NULL`);
    await run(`UPDATE organisations SET created_at = coalesce((SELECT min(u.created_at) FROM unbindings u
        JOIN users p ON p.id = u.user_id WHERE p.org_id = organisations.id), created_at)
      WHERE kind = 'customer' AND parent_id IS NULL`);
    // The operator: half a year before the first company it serves.
    await run(
      sql`UPDATE organisations SET created_at = ${morning(
        d,
        `(SELECT min(o.created_at) FROM organisations o WHERE o.kind <> 'operator') - ${180 * DAY}`,
      )} WHERE kind = 'operator'`,
    );

    // People: a company's administrator the day it was created; the others weeks before their first act (or at
    // some time since the company began, if the seed records none), never before their organisation: for a former
    // employee, the company that let them go, where their account began.
    const firstAct = `(SELECT a.at FROM seed_first_acts a WHERE a.user_id = users.id)`;
    const homeOrg = `coalesce((SELECT b.org_id FROM unbindings b WHERE b.user_id = users.id), users.org_id)`;
    await run(sql`UPDATE users SET created_at = ${morning(d, createdOf('users.org_id'), 1)}
      WHERE id = (SELECT min(u.id) FROM users u WHERE u.org_id = users.org_id AND u.role_id IN (2, 5))`);
    await run(sql`UPDATE users SET created_at = ${d.least(
      d.greatest(
        morning(d, `coalesce(${firstAct}, ${latest}) - ${spread('id', 20, 90)}`, 'id % 8'),
        raw(`${createdOf(homeOrg)} + (2 + id % 5) * ${DAY}`),
      ),
      raw(`coalesce(${firstAct}, ${latest}) - 3600000`),
      raw(String(latest)),
    )}
      WHERE id <> coalesce((SELECT min(u.id) FROM users u WHERE u.org_id = users.org_id AND u.role_id IN (2, 5)), 0)`);
    // The operator's people who onboarded a rental company were there before it.
    await run(sql`UPDATE users SET created_at = ${d.least(
      raw('created_at'),
      raw(`(SELECT min(o.created_at) FROM lessor_profiles p
        JOIN organisations o ON o.id = p.org_id WHERE p.created_by = users.id) - 3600000`),
    )}
      WHERE id IN (SELECT created_by FROM lessor_profiles)`);
    // Each account first signed in from its known addresses when it was made.
    await run(`UPDATE known_addresses SET created_at = coalesce(
      (SELECT u.created_at FROM users u WHERE u.id = known_addresses.user_id), created_at)`);
    // The member who joined by an invitation accepted it the day their account was made, a day after it was sent.
    await run(`UPDATE invitations SET closed_at = (SELECT u.created_at FROM users u WHERE u.id = invitations.user_id),
        sent_at = (SELECT u.created_at FROM users u WHERE u.id = invitations.user_id) - ${DAY},
        expires_at = (SELECT u.created_at FROM users u WHERE u.id = invitations.user_id) + ${(INVITATION_DAYS - 1) * DAY}
      WHERE state = 'accepted' AND user_id IS NOT NULL`);
    await run(`UPDATE invitations SET created_at = sent_at`);
    // A renter is registered with its company, a sub-lessor's terms and a company's onboarding with it.
    await run(`UPDATE renters SET created_at = ${createdOf('renters.org_id')}`);
    await run(`UPDATE sublessors SET created_at = ${createdOf('sublessors.org_id')}`);
    await run(`UPDATE lessor_profiles SET created_at = ${createdOf('lessor_profiles.org_id')}`);
    await run(`DROP TABLE seed_first_acts`);
    await run(`DROP TABLE seed_org_first`);
  });
}
