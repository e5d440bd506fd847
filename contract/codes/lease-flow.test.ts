import { describe, expect, it } from 'vitest';
import { ROLE } from './roles.ts';
import { CONTRACT_STATUS } from './contract-status.ts';
import {
  allowedActions,
  canAct,
  canEdit,
  LEASE_ACTIONS,
  LEASE_FLOW,
  LEASE_STATUS,
  LEASE_STATUSES,
  type LeaseActingOn,
  type LeaseWho,
} from './lease-flow.ts';

const LESSOR = 10;
const contract = (status: number, createdBy = 7, salespersonId: number | null = 7): LeaseActingOn => ({
  status,
  lessorOrgId: LESSOR,
  createdBy,
  salespersonId,
});
const user = (userId: number, roleId: number, orgId = LESSOR): LeaseWho => ({ kind: 'user', userId, orgId, roleId });
const admin = user(1, ROLE.lessorAdmin);
const staff = user(2, ROLE.lessorStaff);
const sales = user(7, ROLE.lessorSales);
const otherSales = user(8, ROLE.lessorSales);
const foreignAdmin = user(9, ROLE.lessorAdmin, 99);
const operator = user(3, ROLE.companyAdmin, 1);

describe('the lease state machine', () => {
  it('moves only between the spec codes 1-9, the draft and the cancelled contract', () => {
    for (const action of LEASE_ACTIONS) {
      const { from, to } = LEASE_FLOW[action];
      for (const s of [...from, to]) {
        if (s !== LEASE_STATUS.draft && s !== LEASE_STATUS.cancelled)
          expect(CONTRACT_STATUS.get(s), `${action} ${s}`).toBeDefined();
      }
    }
  });

  it('follows the issue: submit, withdraw, approve, reject, sign, close, terminate', () => {
    const path = (action: keyof typeof LEASE_FLOW) => [LEASE_FLOW[action].from, LEASE_FLOW[action].to];
    expect(path('submit')).toEqual([[0, 2, 4], 1]);
    expect(path('withdraw')).toEqual([[1], 2]);
    expect(path('approve')).toEqual([[1], 3]);
    expect(path('reject')).toEqual([[1], 4]);
    expect(path('startSigning')).toEqual([[3], 5]);
    expect(path('lesseeSigned')).toEqual([[5], 6]);
    expect(path('lessorSigned')).toEqual([[6], 7]);
    expect(path('close')).toEqual([[7], 8]);
    expect(path('terminate')).toEqual([[7], 9]);
    expect(path('cancel')).toEqual([[0, 2, 4], 10]);
  });

  it('asks a reason to reject, terminate and call off a signing, and a day to close and terminate', () => {
    const needing = (k: 'reasonRequired' | 'dayRequired') => LEASE_ACTIONS.filter((a) => LEASE_FLOW[a][k]);
    expect(needing('reasonRequired')).toEqual(['reject', 'cancelSigning', 'terminate', 'cancel']);
    expect(needing('dayRequired')).toEqual(['close', 'terminate']);
  });

  it('lets only the lessor managers approve and reject, and only the author withdraw', () => {
    const pending = contract(1);
    expect(canAct('approve', pending, admin)).toBe(true);
    expect(canAct('approve', pending, staff)).toBe(true);
    expect(canAct('approve', pending, sales)).toBe(false);
    expect(canAct('approve', pending, foreignAdmin)).toBe(false);
    expect(canAct('approve', pending, operator)).toBe(false);
    expect(canAct('withdraw', pending, sales)).toBe(true);
    expect(canAct('withdraw', pending, admin)).toBe(false);
    expect(canAct('withdraw', pending, otherSales)).toBe(false);
  });

  it('leaves signing to the provider and automatic approval to the server', () => {
    for (const who of [admin, staff, sales]) {
      expect(canAct('lesseeSigned', contract(5), who)).toBe(false);
      expect(canAct('autoApprove', contract(1), who)).toBe(false);
    }
    expect(canAct('lesseeSigned', contract(5), { kind: 'provider' })).toBe(true);
    expect(canAct('lessorSigned', contract(5), { kind: 'provider' })).toBe(false);
    expect(canAct('autoApprove', contract(1), { kind: 'system' })).toBe(true);
    expect(canAct('approve', contract(1), { kind: 'system' })).toBe(false);
  });

  it('offers each status its moves and nothing from the closed and terminated ends', () => {
    expect(allowedActions(contract(0), sales)).toEqual(['submit']);
    expect(allowedActions(contract(1), admin)).toEqual(['approve', 'reject']);
    expect(allowedActions(contract(3), sales)).toEqual(['startSigning']);
    expect(allowedActions(contract(5), admin)).toEqual(['cancelSigning']);
    expect(allowedActions(contract(7), admin)).toEqual(['close', 'terminate']);
    for (const end of [8, 9]) {
      for (const who of [admin, staff, sales, { kind: 'provider' } as const, { kind: 'system' } as const]) {
        expect(allowedActions(contract(end), who)).toEqual([]);
      }
    }
  });

  it('lets the terms change only in a draft, withdrawn or rejected contract, by its lessor', () => {
    const editable = LEASE_STATUSES.filter((s) => canEdit(contract(s), admin));
    expect(editable).toEqual([0, 2, 4]);
    expect(canEdit(contract(4), sales)).toBe(true);
    expect(canEdit(contract(4, 1, 1), otherSales)).toBe(false);
    expect(canEdit(contract(4), foreignAdmin)).toBe(false);
  });
});
