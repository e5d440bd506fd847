import type { RoleId } from '@console/contract/codes/roles';
import { defaultLang } from '@console/contract/codes/ui-lang';
import { authEndpoints, type LoginData } from '@console/contract/http/auth';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { signedInSession, type SessionState } from '../../web/src/lib/session-state.ts';

/**
 * What a browser holds after a demo account signs in through login.do on the running server (`api`, …/api): the
 * console's session state (web/src/lib/session.ts's keys, as the Playwright fixtures seed them), menus included, so a
 * page loads as a returning user's does and does not draw its shell again when the menus arrive. The menus are in
 * the language the bench's browser gets (its time zone is the host's: English unless a Chinese zone).
 */
export async function signedInState(api: string, roleId: RoleId, timeZone: string): Promise<Partial<SessionState>> {
  const menusLang = defaultLang(timeZone, null);
  const query = new URLSearchParams({ account: demoAccount(roleId), password: DEMO_PASSWORD });
  const response = await fetch(`${api}${authEndpoints.login.path}?${query}`, {
    method: authEndpoints.login.method,
    headers: { lang: menusLang === 'zh-cn' ? 'zh_CN' : 'en_US' },
  });
  const answer = (await response.json()) as { status: string; message: string; data: LoginData };
  if (answer.status !== '200') throw new Error(`the bench's sign-in failed: ${answer.status} ${answer.message}`);
  return signedInSession(answer.data, 'console', menusLang);
}

/** The time zone of this host, which the bench's Chromium uses too (its pages pick their language by it). */
export const hostTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
