import type { LoginData } from '@console/contract/http/auth';
import type { MenuNode } from '@console/contract/http/menus';
import type { OrgKind } from '@console/contract/codes/org-kinds';
import type { UiLang } from '@console/contract/codes/ui-lang';

/**
 * Client storage of spec section 6: token, uid, user name, nickname, roleId, menus, the login flag and the
 * screen (dashboard-login) flag live in memory and are saved to session storage on page unload; only
 * leaseType is persisted to long-term local storage.
 */
export interface SessionState {
  token: string;
  uid: number;
  username: string;
  nickname: string;
  roleId: number;
  /** The kind of the user's organisation: a sub-lessor's people open fewer screens than their role (decision 042). */
  orgKind: OrgKind | '';
  menus: MenuNode[];
  /** The language the server wrote `menus` in: another tab may have switched the console's since. */
  menusLang: UiLang | '';
  isLogin: boolean;
  /** The dashboard-login marker: 'yes' after a successful data-screen sign-in. */
  screenFlag: '' | 'yes';
  leaseType: number;
  lessorAuth: number;
}

const SESSION_KEY = 'console-state';
export const LEASE_TYPE_KEY = 'leaseType';

export const emptySession: SessionState = {
  token: '',
  uid: 0,
  username: '',
  nickname: '',
  roleId: 0,
  orgKind: '',
  menus: [],
  menusLang: '',
  isLogin: false,
  screenFlag: '',
  leaseType: 0,
  lessorAuth: 0,
};

/**
 * The session as this tab saved it: what the console starts from, and what the page's entry reads to choose its start
 * (sign-in page or console) without loading React (lib/session.ts keeps it in memory from then on).
 */
export function loadSession(): SessionState {
  const leaseType = Number(localStorage.getItem(LEASE_TYPE_KEY) ?? 0) || 0;
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Partial<SessionState> | null;
    return { ...emptySession, ...saved, leaseType };
  } catch {
    return { ...emptySession, leaseType };
  }
}

/** Saves the session for this tab (read again by a reload). */
export function saveSession(session: SessionState): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

/**
 * The session a completed sign-in keeps (spec section 6), from the login answer: the data-screen door alone sets the
 * dashboard-login marker, a console sign-in starts without it. One place for both sign-in pages.
 */
export function signedInSession(login: LoginData, kind: 'console' | 'dashboard', lang: UiLang): Partial<SessionState> {
  return {
    token: login.token,
    uid: login.uid,
    username: login.username,
    nickname: login.name || login.username,
    roleId: login.roleId,
    orgKind: login.orgKind,
    menus: login.menus,
    menusLang: lang,
    leaseType: login.leaseType,
    lessorAuth: login.map.lessor_auth,
    isLogin: true,
    screenFlag: kind === 'dashboard' ? 'yes' : '',
  };
}
