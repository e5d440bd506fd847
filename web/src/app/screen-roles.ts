import type { RoleId } from '@console/contract/codes/roles';

/** Written by vite.config.ts at build time: the roles that may open each sidebar screen (contract/screens/access.ts). */
declare const __SCREEN_ROLES__: Record<string, readonly RoleId[]>;

/**
 * May the signed-in role open the screen at `path`? A screen outside the sidebar (a detail, a form) is left to its
 * endpoints, which decide per record.
 */
export function mayOpenPath(path: string, roleId: number): boolean {
  const roles = __SCREEN_ROLES__[path];
  return !roles || (roles as readonly number[]).includes(roleId);
}
