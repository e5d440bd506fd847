import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS } from '../codes/roles.ts';
import { admits } from './endpoint.ts';

describe('who an endpoint admits', () => {
  it('admits everyone to a public endpoint, signed in or not, role 0 too', () => {
    expect([null, ...ROLE_IDS].every((roleId) => admits('public', roleId))).toBe(true);
  });

  it('admits every signed-in role but role 0 to a signed-in endpoint, and no one without a token', () => {
    expect(ROLE_IDS.filter((roleId) => admits('signedIn', roleId))).toEqual(
      ROLE_IDS.filter((roleId) => roleId !== ROLE.registeredUser),
    );
    expect(admits('signedIn', null)).toBe(false);
  });

  it('admits only the listed roles to an endpoint of roles, never role 0 even when listed', () => {
    const access = { roles: [ROLE.lessorAdmin, ROLE.finance, ROLE.registeredUser] };
    expect(ROLE_IDS.filter((roleId) => admits(access, roleId))).toEqual([ROLE.finance, ROLE.lessorAdmin]);
    expect(admits(access, null)).toBe(false);
  });
});
