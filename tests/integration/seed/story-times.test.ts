import { and, eq } from 'drizzle-orm';
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
import { createOrganisation } from '@console/db/seed/accounts';
import { seedBanners } from '@console/db/seed/banners';
import { BUSINESSES } from '@console/db/seed/business';
import { dayOf } from '@console/db/seed/maintenance-fleet';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { emptyDatabase } from '../../fixtures/demo-database.ts';
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
  const formerEmployees = async () => new Set((await db().select().from(unbindings).all()).map((u) => u.userId));

  beforeAll(async () => {
    t = await createTestApp();
    now = t.deps.now();
  });
  afterAll(() => t?.dbh.close());

  it('dates them in the past, spread over days that differ, none at the moment of seeding', async () => {
    const dated = [
      ...(await orgs()).map((o) => o.createdAt),
      ...(await people()).map((u) => u.createdAt),
      ...(await db().select().from(faultCases).all()).map((c) => c.createdAt),
      ...(await db().select().from(banners).all()).map((b) => b.createdAt),
    ].map((at) => at.getTime());
    await expectEvery(dated, (at) => at < now - 12 * 3600_000);
    const days = (rows: { createdAt: Date }[]) => new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10)));
    expect(days(await orgs()).size).toBeGreaterThanOrEqual((await orgs()).length - 2);
    expect(days(await people()).size).toBeGreaterThan((await people()).length / 2);
    // The companies have run for years; their people joined over months.
    const lessors = (await orgs()).filter((o) => o.kind === 'lessor');
    await expectEvery(lessors, (o) => o.createdAt.getTime() < now - 365 * DAY);
    const spanDays = (rows: { createdAt: Date }[]) =>
      (Math.max(...rows.map((r) => r.createdAt.getTime())) - Math.min(...rows.map((r) => r.createdAt.getTime()))) / DAY;
    expect(spanDays(await people())).toBeGreaterThan(180);
  });

  it('makes the operator first, a company before its people, machines and contracts, a customer before its first contract', async () => {
    const all = await orgs();
    const created = new Map(all.map((o) => [o.id, o.createdAt.getTime()]));
    const operator = all.find((o) => o.kind === 'operator')!;
    await expectEvery(
      all.filter((o) => o.id !== operator.id),
      (o) => o.createdAt > operator.createdAt,
    );
    // A customer or sub-lessor joins a company that is already there.
    await expectEvery(
      all.filter((o) => o.parentId !== null && o.kind !== 'distributor' && o.kind !== 'lessor'),
      (o) => o.createdAt.getTime() > created.get(o.parentId!)!,
    );
    const former = await formerEmployees();
    await expectEvery(
      (await people()).filter((u) => !former.has(u.id)),
      (u) => u.createdAt.getTime() >= created.get(u.orgId)!,
    );
    const machines = await db().select().from(devices).all();
    await expectEvery(machines, (d) => d.createdAt.getTime() > created.get(d.orgId)!);
    const leases = await db().select().from(contracts).all();
    await expectEvery(
      leases,
      (c) => c.createdAt.getTime() > created.get(c.lessorOrgId)! && c.createdAt.getTime() > created.get(c.renterOrgId)!,
    );
    await expectEvery(
      await db().select().from(subleases).all(),
      (s) => s.createdAt.getTime() > created.get(s.sublessorOrgId)!,
    );
    // A company's administrator registered it: their account is of its first day.
    const admins = (await people()).filter((u) => u.roleId === ROLE.lessorAdmin);
    expect(admins.length).toBeGreaterThan(0);
    await expectEvery(admins, (u) => u.createdAt.getTime() - created.get(u.orgId)! < DAY);
  });

  it('makes every person before what they did: contracts, their moves, deliveries, receipts, requests and invitations', async () => {
    const since = new Map((await people()).map((u) => [u.id, u.createdAt.getTime()]));
    const acts: [number | null, Date | null][] = [
      ...(await db().select().from(contracts).all()).flatMap((c): [number | null, Date][] => [
        [c.createdBy, c.createdAt],
        [c.salespersonId, c.createdAt],
      ]),
      ...(await db().select().from(contractEvents).all()).map((e): [number | null, Date] => [e.userId, e.at]),
      ...(await db().select().from(leaseHandovers).all()).map((h): [number | null, Date] => [h.createdBy, h.createdAt]),
      ...(await db().select().from(receipts).all()).map((r): [number | null, Date] => [r.createdBy, r.createdAt]),
      ...(await db().select().from(bindRequests).all()).flatMap((r): [number | null, Date | null][] => [
        [r.requesterId, r.createdAt],
        [r.decidedBy, r.decidedAt],
      ]),
      ...(await db().select().from(verifications).all()).flatMap((v): [number | null, Date | null][] => [
        [v.submittedBy, v.createdAt],
        [v.decidedBy, v.decidedAt],
      ]),
      ...(await db().select().from(invitations).all()).map((i): [number | null, Date] => [i.invitedBy, i.sentAt]),
    ];
    const made = acts.filter((a): a is [number, Date] => a[0] !== null && a[1] !== null);
    expect(made.length).toBeGreaterThan(100);
    await expectEvery(made, ([userId, at]) => since.get(userId)! <= at.getTime());
  });

  it('has the member who joined by invitation accept it when their account was made, after it was sent', async () => {
    const since = new Map((await people()).map((u) => [u.id, u.createdAt.getTime()]));
    const accepted = (await db().select().from(invitations).all()).filter((i) => i.state === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    await expectEvery(
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

  it('writes a case after its company ran a machine of its kind, and a banner before it first shows and before its last edit', async () => {
    const machines = await db().select().from(devices).all();
    const operator = (await orgs()).find((o) => o.kind === 'operator')!.id;
    const cases = await db().select().from(faultCases).all();
    await expectEvery(cases, (c) => {
      const firstOfKind = Math.min(
        ...machines
          .filter((d) => d.kind === c.machineKind && (c.orgId === operator || d.orgId === c.orgId))
          .map((d) => d.createdAt.getTime()),
      );
      return c.createdAt.getTime() > firstOfKind && c.createdAt <= c.updatedAt;
    });
    expect(new Set(cases.map((c) => c.createdAt.toISOString().slice(0, 10))).size).toBe(cases.length);
    const shown = await db().select().from(banners).all();
    await expectEvery(
      shown,
      (b) => b.createdAt < b.updatedAt && b.createdAt.getTime() < Date.parse(`${b.shownFrom}T00:00:00+08:00`),
    );
  });

  it('lists the rental companies with the day each was registered, years ago and not the same day', async () => {
    const listed = await t.call(lessorEndpoints.list, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { pageSize: 50 },
    });
    expect(listed.status).toBe('200');
    const days = listed.data.list.map((r) => r.createdAt.slice(0, 10));
    expect(new Set(days).size).toBe(days.length);
    const yearAgo = new Date(now - 365 * DAY).toISOString().slice(0, 10);
    await expectEvery(days, (d) => d < yearAgo);
  });

  it('keeps each enterprise verification where the product puts it: a rental company’s, Northwind verified since it joined', async () => {
    const companies = new Map((await orgs()).map((o) => [o.id, o]));
    const enterprise = await db().select().from(verifications).where(eq(verifications.kind, 'enterprise')).all();
    const latest = new Map(
      [...enterprise].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((v) => [v.orgId, v]),
    );
    expect([...latest.values()].map((v) => v.state)).toContain('pending');
    // Only a rental company submits one (its settings); the organisation reads the state of its latest.
    await expectEvery(enterprise, (v) => companies.get(v.orgId)!.kind === 'lessor');
    await expectEvery([...latest.values()], (v) => companies.get(v.orgId)!.verifyStatus === v.state);
    // Each decided after it was submitted, and after its company joined.
    await expectEvery(
      enterprise.filter((v) => v.state !== 'pending'),
      (v) => v.decidedAt!.getTime() > v.createdAt.getTime() && v.createdAt > companies.get(v.orgId)!.createdAt,
    );
    const northwind = (await orgs()).find((o) => o.name === BUSINESSES[2]!.lessor)!;
    expect(northwind.createdAt.getTime()).toBeLessThan(now - 3 * 365 * DAY);
    expect(northwind.verifyStatus).toBe('approved');
    expect(latest.get(northwind.id)).toMatchObject({ state: 'approved', creditCode: northwind.creditCode });
    expect(
      await db()
        .select()
        .from(verifications)
        .where(and(eq(verifications.orgId, northwind.id), eq(verifications.state, 'pending')))
        .all(),
    ).toEqual([]);
  });

  it('titles each banner for the season or holiday of the days it shows, in China’s north and Sydney’s south, whenever it is seeded', async () => {
    const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
    type Season = (typeof SEASONS)[number];
    const north = (day: string): Season => SEASONS[Math.floor((Number(day.slice(5, 7)) % 12) / 3)]!;
    const south = (day: string): Season => SEASONS[(SEASONS.indexOf(north(day)) + 2) % 4]!;
    const WORDS: Record<Season, RegExp> = {
      spring: /春季|spring/i,
      summer: /夏季|summer/i,
      autumn: /秋季|autumn/i,
      winter: /冬季|winter/i,
    };
    const daysOf = (from: string, to: string) => {
      const days: string[] = [];
      for (let d = Date.parse(from); d <= Date.parse(to); d += DAY) days.push(new Date(d).toISOString().slice(0, 10));
      return days;
    };
    /** The season most of its days are in, or today's when it shows today. */
    const seasonOf = (days: string[], today: string, of: (day: string) => Season) => {
      if (days.includes(today)) return of(today);
      const count = (s: Season) => days.filter((d) => of(d) === s).length;
      return [...SEASONS].sort((a, b) => count(b) - count(a))[0]!;
    };
    const mostlyIn = (days: string[], month: string) =>
      days.filter((d) => d.slice(5, 7) === month).length > days.length / 2;
    const named = new Set<string>();
    // Clocks through a year and a half, and around the holidays.
    const clocks = [
      ...Array.from({ length: 18 }, (_, m) => Date.UTC(2026, m, 15, 4)),
      Date.UTC(2026, 9, 20, 4),
      Date.UTC(2027, 1, 20, 4),
      Date.UTC(2027, 0, 30, 4),
      Date.UTC(2026, 6, 1, 4),
    ];
    // One database for every clock, its banners cleared before each seeding: a database each took 22 clones on
    // PostgreSQL, past the test's time on a busy host.
    const dbh = await emptyDatabase();
    const operator = (await createOrganisation(dbh.db, { name: 'Operator', kind: 'operator' })).id;
    for (const clock of clocks) {
      await dbh.db.delete(banners).run();
      await seedBanners(dbh.db, { operator }, clock);
      const today = dayOf(clock);
      const rows = await dbh.db.select().from(banners).all();
      expect(new Set(rows.map((b) => b.appid))).toEqual(new Set(['zjcloud', 'jd', 'liftgo']));
      for (const b of rows) {
        const days = daysOf(b.shownFrom, b.shownTo);
        const abroad = b.appid === 'liftgo';
        const at = `${b.appid} ${b.shownFrom}…${b.shownTo} "${b.title}"`;
        // In the brand's language.
        expect(/[\u4e00-\u9fff]/.test(b.title), at).toBe(!abroad);
        named.add(b.title);
        const seasons = SEASONS.filter((s) => WORDS[s].test(b.title));
        if (/国庆/.test(b.title))
          expect(
            days.some((d) => d.slice(5) >= '10-01' && d.slice(5) <= '10-07'),
            at,
          ).toBe(true);
        else if (/春节/.test(b.title))
          expect(
            days.some((d) => d.slice(5) >= '01-21' && d.slice(5) <= '02-20'),
            at,
          ).toBe(true);
        else if (/Christmas/.test(b.title))
          expect(
            days.some((d) => d.slice(5) === '12-25'),
            at,
          ).toBe(true);
        else if (/安全生产月/.test(b.title)) expect(mostlyIn(days, '06'), at).toBe(true);
        else if (/Safe Work Month/.test(b.title)) expect(mostlyIn(days, '10'), at).toBe(true);
        else if (seasons.length > 0) expect(seasons, at).toEqual([seasonOf(days, today, abroad ? south : north)]);
      }
    }
    dbh.close();
    // Every season and the holidays show, in both languages: the titles follow the clock.
    for (const word of [
      /春季/,
      /夏季/,
      /秋季/,
      /冬季/,
      /spring/i,
      /summer/i,
      /autumn/i,
      /winter/i,
      /国庆/,
      /春节/,
      /Christmas/,
    ]) {
      expect(
        [...named].some((title) => word.test(title)),
        String(word),
      ).toBe(true);
    }
  });
});
