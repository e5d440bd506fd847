import { and, eq } from 'drizzle-orm';
import { organisations, users } from '@console/db/schema/accounts';
import { bindRequests, verifications } from '@console/db/schema/approvals';
import { devices } from '@console/db/schema/devices';
import type { TestApp } from '../../fixtures/test-app.ts';

/** Reads of the seeded approvals (db/seed/approvals.ts) a test starts from. */
export async function approvalsOf(t: TestApp) {
  const { db } = t.dbh;
  const org = async (name: string) =>
    (await db.select().from(organisations).where(eq(organisations.name, name)).get())!;
  const huadong = await org('Huadong Aerial Leasing');
  const pearl = await org('Pearl River Lift Rental');
  const person = async (mobile: string) => (await db.select().from(users).where(eq(users.mobile, mobile)).get())!;
  const request = async (orgId: number, kind: 'join' | 'machine', state: 'pending' | 'approved' | 'rejected') =>
    (await db
      .select()
      .from(bindRequests)
      .where(and(eq(bindRequests.orgId, orgId), eq(bindRequests.kind, kind), eq(bindRequests.state, state)))
      .get())!;
  const requestById = async (id: number) =>
    (await db.select().from(bindRequests).where(eq(bindRequests.id, id)).get())!;
  const device = async (id: number) => (await db.select().from(devices).where(eq(devices.id, id)).get())!;
  const verification = async (id: number) =>
    (await db.select().from(verifications).where(eq(verifications.id, id)).get())!;
  return { db, huadong, pearl, person, request, requestById, device, verification };
}
