import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orgTimeZone } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { apiKeys } from '../schema/api-keys.ts';
import type { DemoOrganisations } from './accounts.ts';

/**
 * API keys of the demo rental companies for the ISO 15143-3 API (docs/decisions/068-iso-15143-3-api.md), named in
 * each company's language. Their secrets are written here so the README's examples work on a demo database; a
 * production database is never seeded. No faker.
 */
export const DEMO_API_KEYS = {
  huadong: 'mlk_demo_huadong_fleet_2026',
  huadongSite: 'mlk_demo_huadong_pujiang_2026',
  northwind: 'mlk_demo_northwind_fleet_2026',
} as const;

const DAY_MS = 86_400_000;

/** The first instant of a day in a zone (the key works to the end of its last day there). */
function startOfDay(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const wall = (t: number) =>
    Date.parse(
      new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' })
        .format(t)
        .replace(' ', 'T') + 'Z',
    );
  return midnight - (wall(midnight) - midnight);
}

export async function seedApiKeys(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const [huadong, , northwind] = orgs.lessors as [number, number, number];
  const adminOf = async (orgId: number) =>
    (await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, orgId), eq(users.roleId, 5)))
      .orderBy(asc(users.id))
      .get())!.id;
  const customer = (await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.parentId, huadong), eq(organisations.kind, 'customer')))
    .orderBy(asc(organisations.id))
    .get())!.id;
  const rows = [
    { orgId: huadong, name: '华东车队 ERP 对接', secret: DEMO_API_KEYS.huadong, days: 365 },
    {
      orgId: huadong,
      name: '浦江建设工地看板',
      secret: DEMO_API_KEYS.huadongSite,
      days: 90,
      customerOrgId: customer,
    },
    { orgId: northwind, name: 'Fleet portal export', secret: DEMO_API_KEYS.northwind, days: 365 },
    {
      orgId: northwind,
      name: 'Old telematics bridge',
      secret: 'mlk_demo_northwind_retired',
      days: 30,
      revokedAt: now - 20 * DAY_MS,
    },
  ];
  for (const row of rows) {
    const zone = await orgTimeZone(db, row.orgId);
    const expiresOn = new Date(now + row.days * DAY_MS).toISOString().slice(0, 10);
    const admin = await adminOf(row.orgId);
    await db.insert(apiKeys).values({
      orgId: row.orgId,
      name: row.name,
      prefix: row.secret.slice(0, 10),
      secretHash: createHash('sha256').update(row.secret).digest('hex'),
      scope: row.customerOrgId ? 'customer' : 'all',
      customerOrgId: row.customerOrgId ?? null,
      expiresOn,
      expiresAt: new Date(startOfDay(new Date(Date.parse(expiresOn) + DAY_MS).toISOString().slice(0, 10), zone)),
      ratePerMinute: 60,
      createdBy: admin,
      createdAt: new Date(now - 40 * DAY_MS),
      ...(row.revokedAt ? { revokedAt: new Date(row.revokedAt), revokedBy: admin } : {}),
    });
  }
}
