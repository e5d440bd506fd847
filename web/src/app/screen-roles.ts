import type { OrgKind } from '@console/contract/codes/org-kinds';
import type { RoleId } from '@console/contract/codes/roles';

/** Written by vite.config.ts at build time: the roles that may open each sidebar screen (contract/screens/access.ts). */
declare const __SCREEN_ROLES__: Record<string, readonly RoleId[]>;
/** Written by vite.config.ts at build time: the only sidebar screens the people of some organisation kinds open. */
declare const __KIND_SCREENS__: Partial<Record<OrgKind, readonly string[]>>;

/**
 * May the signed-in role open the screen at `path`? A screen outside the sidebar (a detail, a form) is left to its
 * endpoints, which decide per record. An organisation kind with screens of its own (a sub-lessor) opens no other
 * sidebar screen, whatever its role.
 */
export function mayOpenPath(path: string, roleId: number, orgKind: OrgKind | ''): boolean {
  const roles = __SCREEN_ROLES__[path];
  if (!roles) return true;
  const only = orgKind ? __KIND_SCREENS__[orgKind] : undefined;
  return (roles as readonly number[]).includes(roleId) && (!only || only.includes(path));
}
