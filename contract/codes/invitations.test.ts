import { describe, expect, it } from 'vitest';
import type { INVITATION_FLOW } from './invitations.ts';
import { INVITATION_STATES, invitationAllows, invitationState } from './invitations.ts';

describe('the invitation state machine', () => {
  it('shows a pending invitation past its expiry as expired, and nothing else', () => {
    expect(invitationState('pending', 1000, 999)).toBe('pending');
    expect(invitationState('pending', 1000, 1000)).toBe('expired');
    expect(invitationState('accepted', 1000, 5000)).toBe('accepted');
    expect(invitationState('revoked', 1000, 5000)).toBe('revoked');
  });

  it('resends and revokes open invitations only, and accepts pending ones only', () => {
    const allowed = (action: keyof typeof INVITATION_FLOW) =>
      INVITATION_STATES.filter((state) => invitationAllows(action, state));
    expect(allowed('resend')).toEqual(['pending', 'expired']);
    expect(allowed('revoke')).toEqual(['pending', 'expired']);
    expect(allowed('accept')).toEqual(['pending']);
  });
});
