import { eq } from 'drizzle-orm';
import { API_STATUS } from '@console/contract/http/envelope';
import { users } from '@console/db/schema/accounts';
import { verifyPassword } from '@console/db/password';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError } from '../lib/errors.ts';
import { FAILURES_BEFORE_CODE, failuresSince, recordAttempt } from '../lib/sign-in.ts';
import type { SessionUser } from '../lib/session.ts';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * The verification password of a lock task is the user's own login password, entered again (decision 013). A
 * wrong one counts as a failed sign-in of the account, so the sign-in limits hold for both doors: after three
 * wrong passwords within 15 minutes signing in needs a code, and a lock task is refused until the window passes
 * (the lock dialog has no code to offer), so the password cannot be guessed here either.
 */
export async function verifyRiskPassword(deps: AppDeps, user: SessionUser, ip: string, password: string) {
  const key = `${user.areaCode}-${user.mobile}`;
  if ((await failuresSince(deps, key, deps.now() - WINDOW_MS)) >= FAILURES_BEFORE_CODE) {
    throw new ApiError(API_STATUS.tooMany, 'risk.tooManyPasswordErrors');
  }
  const row = await deps.dbh.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(password, row.hash))) {
    await recordAttempt(deps, key, ip, false);
    // The spec's message itself, and on the password field of the form.
    throw new ApiError(
      API_STATUS.invalid,
      'risk.wrongPassword',
      {},
      { field: 'password', issues: [{ path: 'password', message: 'risk.wrongPassword' }] },
    );
  }
}
