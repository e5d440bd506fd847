import { eq } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import type { TestApp } from '../../fixtures/test-app.ts';

export const LESSOR_A = 'Huadong Aerial Leasing';
export const LESSOR_B = 'Pearl River Lift Rental';

export const orgIdOf = async (t: TestApp, name: string) =>
  (await t.dbh.db.select().from(organisations).where(eq(organisations.name, name)).get())!.id;
