import type { QueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@console/contract/http/auth';
import { callApi } from './api-client.ts';
import { clearSession, getSession } from './session.ts';

/**
 * End the session on the server (the token dies there) and forget it here, with everything cached for it.
 * The local sign-out happens even when the server cannot be reached: the user asked to leave.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const { token } = getSession();
  if (token) await callApi(authEndpoints.logout, { query: { token } }, { silent: true }).catch(() => undefined);
  clearSession();
  queryClient.clear();
}
