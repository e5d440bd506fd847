import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { lessorEndpoints } from '@console/contract/http/lessors';
import { organisations, users } from '@console/db/schema/accounts';
import { banners } from '@console/db/schema/banners';
import { faultCases } from '@console/db/schema/cases';
import { devices } from '@console/db/schema/devices';
import { contractEvents, contracts } from '@console/db/schema/lease';
import { receipts } from '@console/db/schema/lease-billing';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import { subleases } from '@console/db/schema/lease-sublease';
import { bindRequests, verifications } from '@console/db/schema/approvals';
import { invitations, unbindings } from '@console/db/schema/people';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const DAY = 86_400_000;

/**
 * The seeded organisations, people, cases and banners were made when the story says, not at the moment of seeding
 * (docs/decisions/026-demo-data.md, addendum on creation times): a list sorted or dated by creation reads as a
 * company's history.
 */
describe('the seeded demo dates its companies, people, cases and banners in its story', () => {
  let t: TestApp;
  let now: number;
  const db = () => t.dbh.db;
  const orgs = () => db().select().from(organisations).all();
  const people = () => db().select().from(users).all();
  /** Accounts of former employees: they began at the company that let them go, not at their own organisation. */
  const formerEmployees = () =>
    new Set(
      db()
        .select()
        .from(unbindings)
        .all()
        .map((u) => u.userId),
    );

  beforeAll(async () => {
    t = await createTestApp();
    now = t.deps.now();
  });
  afterAll(() => t?.dbh.close());

  it('dates them in the past, spread over days that differ, none at the moment of seeding', () => {
    const dated = [
      ...orgs().map((o) => o.createdAt),
      ...people().map((u) => u.createdAt),
      ...db()
        .select()
        .from(faultCases)
        .all()
        .map((c) => c.createdAt),
      ...db()
        .select()
        .from(banners)
        .all()
        .map((b) => b.createdAt),
    ].map((at) => at.getTime());
    expectEvery(dated, (at) => at < now - 12 * 3600_000);
    const days = (rows: { createdAt: Date }[]) => new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10)));
    expect(days(orgs()).size).toBeGreaterThanOrEqual(orgs().length - 2);
    expect(days(people()).size).toBeGreaterThan(people().length / 2);
    // The companies have run for years; their people joined over months.
    const lessors = orgs().filter((o) => o.kind === 'lessor');
    expectEvery(lessors, (o) => o.createdAt.getTime() < now - 365 * DAY);
    const spanDays = (rows: { createdAt: Date }[]) =>
      (Math.max(...rows.map((r) => r.createdAt.getTime())) - Math.min(...rows.map((r) => r.createdAt.getTime()))) / DAY;
    expect(spanDays(people())).toBeGreaterThan(180);
  });

  it('makes the operator first, a company before its people, machines and contracts, a customer before its first contract', () => {
    const all = orgs();
    const created = new Map(all.map((o) => [o.id, o.createdAt.getTime()]));
    const operator = all.find((o) => o.kind === 'operator')!;
    expectEvery(
      all.filter((o) => o.id !== operator.id),
      (o) => o.createdAt > operator.createdAt,
    );
    // A customer or sub-lessor joins a company that is already there.
    expectEvery(
      all.filter((o) => o.parentId !== null && o.kind !== 'distributor' && o.kind !== 'lessor'),
      (o) => o.createdAt.getTime() > created.get(o.parentId!)!,
    );
    const former = formerEmployees();
    expectEvery(
      people().filter((u) => !former.has(u.id)),
      (u) => u.createdAt.getTime() >= created.get(u.orgId)!,
    );
    const machines = db().select().from(devices).all();
    expectEvery(machines, (d) => d.createdAt.getTime() > created.get(d.orgId)!);
    const leases = db().select().from(contracts).all();
    expectEvery(
      leases,
      (c) => c.createdAt.getTime() > created.get(c.lessorOrgId)! && c.createdAt.getTime() > created.get(c.renterOrgId)!,
    );
    expectEvery(db().select().from(subleases).all(), (s) => s.createdAt.getTime() > created.get(s.sublessorOrgId)!);
    // A company's administrator registered it: their account is of its first day.
    const admins = people().filter((u) => u.roleId === ROLE.lessorAdmin);
    expect(admins.length).toBeGreaterThan(0);
    expectEvery(admins, (u) => u.createdAt.getTime() - created.get(u.orgId)! < DAY);
  });

  it('makes every person before what they did: contracts, their moves, deliveries, receipts, requests and invitations', () => {
    const since = new Map(people().map((u) => [u.id, u.createdAt.getTime()]));
    const acts: [number | null, Date | null][] = [
      ...db()
        .select()
        .from(contracts)
        .all()
        .flatMap((c): [number | null, Date][] => [
          [c.createdBy, c.createdAt],
          [c.salespersonId, c.createdAt],
        ]),
      ...db()
        .select()
        .from(contractEvents)
        .all()
        .map((e): [number | null, Date] => [e.userId, e.at]),
      ...db()
        .select()
        .from(leaseHandovers)
        .all()
        .map((h): [number | null, Date] => [h.createdBy, h.createdAt]),
      ...db()
        .select()
        .from(receipts)
        .all()
        .map((r): [number | null, Date] => [r.createdBy, r.createdAt]),
      ...db()
        .select()
        .from(bindRequests)
        .all()
        .flatMap((r): [number | null, Date | null][] => [
          [r.requesterId, r.createdAt],
          [r.decidedBy, r.decidedAt],
        ]),
      ...db()
        .select()
        .from(verifications)
        .all()
        .flatMap((v): [number | null, Date | null][] => [
          [v.submittedBy, v.createdAt],
          [v.decidedBy, v.decidedAt],
        ]),
      ...db()
        .select()
        .from(invitations)
        .all()
        .map((i): [number | null, Date] => [i.invitedBy, i.sentAt]),
    ];
    const made = acts.filter((a): a is [number, Date] => a[0] !== null && a[1] !== null);
    expect(made.length).toBeGreaterThan(100);
    expectEvery(made, ([userId, at]) => since.get(userId)! <= at.getTime());
  });

  it('has the member who joined by invitation accept it when their account was made, after it was sent', () => {
    const since = new Map(people().map((u) => [u.id, u.createdAt.getTime()]));
    const accepted = db()
      .select()
      .from(invitations)
      .all()
      .filter((i) => i.state === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    expectEvery(
      accepted,
      (i) =>
        i.closedAt !== null &&
        i.userId !== null &&
        i.closedAt.getTime() === since.get(i.userId) &&
        i.sentAt < i.closedAt &&
        i.closedAt < i.expiresAt &&
        since.get(i.invitedBy)! < i.sentAt.getTime(),
    );
  });

  it('writes a case after its company ran a machine of its kind, and a banner before it first shows and before its last edit', () => {
    const machines = db().select().from(devices).all();
    const operator = orgs().find((o) => o.kind === 'operator')!.id;
    const cases = db().select().from(faultCases).all();
    expectEvery(cases, (c) => {
      const firstOfKind = Math.min(
        ...machines
          .filter((d) => d.kind === c.machineKind && (c.orgId === operator || d.orgId === c.orgId))
          .map((d) => d.createdAt.getTime()),
      );
      return c.createdAt.getTime() > firstOfKind && c.createdAt <= c.updatedAt;
    });
    expect(new Set(cases.map((c) => c.createdAt.toISOString().slice(0, 10))).size).toBe(cases.length);
    const shown = db().select().from(banners).all();
    expectEvery(
      shown,
      (b) => b.createdAt < b.updatedAt && b.createdAt.getTime() < Date.parse(`${b.shownFrom}T00:00:00+08:00`),
    );
  });

  it('lists the rental companies with the day each was registered, years ago and not the same day', async () => {
    const listed = await t.call(lessorEndpoints.list, {
      token: t.tokenFor(ROLE.companyAdmin),
      query: { pageSize: 50 },
    });
    expect(listed.status).toBe('200');
    const days = listed.data.list.map((r) => r.createdAt.slice(0, 10));
    expect(new Set(days).size).toBe(days.length);
    const yearAgo = new Date(now - 365 * DAY).toISOString().slice(0, 10);
    expectEvery(days, (d) => d < yearAgo);
  });
});
