import { useSyncExternalStore } from 'react';
import type { LoginData } from '@console/contract/http/auth';
import type { UiLang } from '@console/contract/codes/ui-lang';
import { emptySession, LEASE_TYPE_KEY, loadSession, saveSession, type SessionState } from './session-state.ts';

export type { SessionState } from './session-state.ts';

let state: SessionState = loadSession();
const listeners = new Set<() => void>();

function save(): void {
  saveSession(state);
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
    orgKind: login.orgKind,
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
  updateSession({ ...emptySession, leaseType: state.leaseType });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * One value of the session (a field, or a value made of fields): the component renders again only when that value
 * changes, not on every update of the session. A page reads the role so, and is not drawn again when the menus
 * arrive (a session started without them, or in the other language).
 */
export function useSessionValue<T extends string | number | boolean>(select: (session: SessionState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

/** Whether the signed-in user's role is among these: the console offers an action by it, the server checks again. */
export function useHasRole(roles: readonly number[]): boolean {
  return roles.includes(useSessionValue((session) => session.roleId));
}
