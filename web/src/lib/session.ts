import { useSyncExternalStore } from 'react';
import type { LoginData } from '@console/contract/http/auth';
import type { MenuNode } from '@console/contract/http/menus';
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
const LEASE_TYPE_KEY = 'leaseType';

const empty: SessionState = {
  token: '',
  uid: 0,
  username: '',
  nickname: '',
  roleId: 0,
  menus: [],
  menusLang: '',
  isLogin: false,
  screenFlag: '',
  leaseType: 0,
  lessorAuth: 0,
};

function load(): SessionState {
  const leaseType = Number(localStorage.getItem(LEASE_TYPE_KEY) ?? 0) || 0;
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Partial<SessionState> | null;
    return { ...empty, ...saved, leaseType };
  } catch {
    return { ...empty, leaseType };
  }
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function save(): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(state));
}

// The whole state goes to session storage when the page is left, so a reload keeps the sign-in of this tab. On
// pagehide, not beforeunload: a beforeunload listener keeps the page out of the back/forward cache and makes the
// browser wait on it when a tab closes while the page is navigating.
window.addEventListener('pagehide', save);

export function getSession(): SessionState {
  return state;
}

export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if (patch.leaseType !== undefined) localStorage.setItem(LEASE_TYPE_KEY, String(patch.leaseType));
  save();
  listeners.forEach((l) => l());
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
    menus: login.menus,
    menusLang: lang,
    leaseType: login.leaseType,
    lessorAuth: login.map.lessor_auth,
    isLogin: true,
    screenFlag: kind === 'dashboard' ? 'yes' : '',
  };
}

/** Forget the sign-in (leaseType stays, as the spec keeps it long-term). */
export function clearSession(): void {
  updateSession({ ...empty, leaseType: state.leaseType });
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Whether the signed-in user's role is among these: the console offers an action by it, the server checks again. */
export function useHasRole(roles: readonly number[]): boolean {
  return roles.includes(useSession().roleId);
}
