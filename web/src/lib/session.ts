import { useSyncExternalStore } from 'react';
import { emptySession, LEASE_TYPE_KEY, loadSession, saveSession, type SessionState } from './session-state.ts';

export { signedInSession } from './session-state.ts';

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
