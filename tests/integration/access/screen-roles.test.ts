import { describe, expect, it } from 'vitest';
import type { OrgKind } from '@console/contract/codes/org-kinds';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import type { MenuNode } from '@console/contract/http/menus';
import { mayOpenScreen } from '@console/contract/screens/access';
import { allMenuEntries, allScreens } from '@console/contract/screens/all';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { employeeScreens } from '@console/contract/screens/employees';
import { menusFor } from '@console/server/src/lib/menus';
import { expectEvery } from '../../fixtures/expect-every.ts';

const leafPaths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.nodes.length ? leafPaths(n.nodes) : [n.url.split('?')[0]!]));

/** The kinds of organisation each role's people belong to (role 11: a renter's users and a sub-lessor's). */
const KINDS_OF: Record<RoleId, readonly OrgKind[]> = {
  0: ['customer'],
  1: ['operator'],
  2: ['operator'],
  3: ['operator'],
  4: ['operator'],
  5: ['lessor'],
  6: ['lessor'],
  7: ['lessor'],
  8: ['distributor'],
  9: ['operator'],
  10: ['lessor'],
  11: ['customer', 'sublessor'],
};

/** The screens that sit in the sidebar: the console refuses them to the roles whose sidebar lacks them. */
const sidebarScreens = allScreens.filter((s) => allMenuEntries().some((e) => e.screen.path === s.path));

describe('who may open a screen (the console refuses the others with its 403 page)', () => {
  it('opens a sidebar screen exactly for the roles whose menu from the server holds it', async () => {
    expect(sidebarScreens.length).toBeGreaterThan(10);
    for (const roleId of ROLE_IDS) {
      for (const orgKind of KINDS_OF[roleId]) {
        const menu = new Set(leafPaths(menusFor({ roleId, orgKind }, 'en_US')));
        await expectEvery(
          sidebarScreens,
          (screen) => mayOpenScreen(screen, roleId, orgKind) === menu.has(screen.path),
          `the sidebar screens of role ${roleId} in a ${orgKind}`,
        );
      }
    }
  });

  it('refuses the employee list to a customer and a technician, and opens it to the administrators', () => {
    expect(mayOpenScreen(employeeScreens.list, ROLE.other)).toBe(false);
    expect(mayOpenScreen(employeeScreens.list, ROLE.technician)).toBe(false);
    expect(mayOpenScreen(employeeScreens.list, ROLE.companyAdmin)).toBe(true);
    expect(mayOpenScreen(employeeScreens.list, ROLE.lessorAdmin)).toBe(true);
  });

  it("leaves a screen outside the sidebar (a record's detail) to its endpoints, which decide per record", async () => {
    await expectEvery(ROLE_IDS, (roleId) => mayOpenScreen(deviceDetailScreens.detail, roleId), 'every role');
  });
});
