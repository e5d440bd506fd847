import { ROLE } from '@console/contract/codes/roles';
import { openDb } from '@console/db/client';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';

/**
 * A console session of the operator's administrator (every machine), or of another demo account's role, made in the
 * bench's database for a day.
 */
export async function adminSession(
  file: string,
  role: Parameters<typeof demoAccount>[0] = ROLE.companyAdmin,
): Promise<{ token: string; uid: number }> {
  const dbh = openDb(file, { migrate: false });
  try {
    const uid = dbh.sqlite.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(demoAccount(role)) as number;
    return { token: await createSession(dbh.db, uid, 'console', '127.0.0.1', Date.now() + 24 * 3600_000), uid };
  } finally {
    dbh.close();
  }
}
