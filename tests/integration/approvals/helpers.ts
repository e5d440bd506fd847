import { and, eq } from 'drizzle-orm';
import { organisations, users } from '@console/db/schema/accounts';
import { bindRequests, verifications } from '@console/db/schema/approvals';
import { devices } from '@console/db/schema/devices';
import type { TestApp } from '../../fixtures/test-app.ts';

/** Reads of the seeded approvals (db/seed/approvals.ts) a test starts from. */
export function approvalsOf(t: TestApp) {
  const { db } = t.dbh;
  const org = (name: string) => db.select().from(organisations).where(eq(organisations.name, name)).get()!;
  const huadong = org('Huadong Aerial Leasing');
  const pearl = org('Pearl River Lift Rental');
  const person = (mobile: string) => db.select().from(users).where(eq(users.mobile, mobile)).get()!;
  const request = (orgId: number, kind: 'join' | 'machine', state: 'pending' | 'approved' | 'rejected') =>
    db
      .select()
      .from(bindRequests)
      .where(and(eq(bindRequests.orgId, orgId), eq(bindRequests.kind, kind), eq(bindRequests.state, state)))
      .get()!;
  const requestById = (id: number) => db.select().from(bindRequests).where(eq(bindRequests.id, id)).get()!;
  const device = (id: number) => db.select().from(devices).where(eq(devices.id, id)).get()!;
  const verification = (id: number) => db.select().from(verifications).where(eq(verifications.id, id)).get()!;
  return { db, huadong, pearl, person, request, requestById, device, verification };
}
