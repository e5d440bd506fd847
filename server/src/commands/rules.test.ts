import { describe, expect, it } from 'vitest';
import { commandMessage } from '@console/contract/mqtt/payloads';
import { ackTransition, commandMessageOf, groupOf, stateConfirms, type CommandRow } from './rules.ts';

const t = 1_780_000_000_000;
const row = (fields: Partial<CommandRow>): CommandRow => ({
  id: 'c-1',
  deviceId: 1,
  orgId: 1,
  type: 'lock',
  lockLevel: 'lock1',
  lockMode: 'onStop',
  params: null,
  state: 'sent',
  reason: '',
  detail: '',
  reported: null,
  attempts: 1,
  createdBy: 1,
  expiresAt: new Date(t + 60_000),
  sentAt: new Date(t),
  deliveredAt: null,
  finishedAt: null,
  createdAt: new Date(t),
  ...fields,
});
const ack = (result: 'received' | 'waiting' | 'done' | 'refused', extra = {}) => ({ id: 'c-1', result, t, ...extra });

describe('command rules', () => {
  it('groups lock with unlock and sleep with wake, so one supersedes the other', () => {
    expect([groupOf('lock'), groupOf('unlock'), groupOf('sleep'), groupOf('wake'), groupOf('params')]).toEqual([
      'lock',
      'lock',
      'sleep',
      'sleep',
      'params',
    ]);
  });

  it('confirms a lock or unlock by the lock level and sleep or wake by the sleep state, params never', () => {
    const state = { lock: 'lock1', sleeping: false } as const;
    expect(stateConfirms(row({ type: 'lock', lockLevel: 'lock1' }), state)).toBe(true);
    expect(stateConfirms(row({ type: 'lock', lockLevel: 'lock2' }), state)).toBe(false);
    expect(stateConfirms(row({ type: 'unlock', lockLevel: 'unlocked' }), state)).toBe(false);
    expect(stateConfirms(row({ type: 'unlock', lockLevel: 'unlocked' }), { ...state, lock: 'unlocked' })).toBe(true);
    expect(stateConfirms(row({ type: 'sleep', lockLevel: null }), { ...state, sleeping: true })).toBe(true);
    expect(stateConfirms(row({ type: 'wake', lockLevel: null }), { ...state, sleeping: true })).toBe(false);
    expect(stateConfirms(row({ type: 'params', lockLevel: null }), state)).toBeNull();
  });

  it('moves a command on by the acknowledgement, succeeding only on the state asked for', () => {
    expect(ackTransition(row({}), ack('received'))).toEqual({ to: 'delivered' });
    expect(ackTransition(row({}), ack('waiting'))).toEqual({ to: 'delivered' });
    expect(ackTransition(row({ state: 'delivered' }), ack('waiting'))).toBeNull();
    // Done without a state: delivered, and the next report confirms it.
    expect(ackTransition(row({}), ack('done'))).toEqual({ to: 'delivered' });
    const locked = { lock: 'lock1', sleeping: false } as const;
    expect(ackTransition(row({}), ack('done', { state: locked }))).toEqual({ to: 'succeeded', reported: locked });
    expect(ackTransition(row({ lockLevel: 'lock2' }), ack('done', { state: locked }))).toEqual({
      to: 'failed',
      reason: 'mismatch',
      detail: 'lock=lock1 sleeping=false',
      reported: locked,
    });
    expect(ackTransition(row({}), ack('refused', { reason: 'moving' }))).toMatchObject({
      to: 'failed',
      reason: 'refused',
      detail: 'moving',
    });
    expect(ackTransition(row({ type: 'params', lockLevel: null }), ack('done'))).toEqual({
      to: 'succeeded',
      reported: null,
    });
  });

  it('publishes what the device protocol declares', () => {
    const lock = commandMessageOf(row({}));
    expect(lock).toEqual({ id: 'c-1', type: 'lock', level: 'lock1', mode: 'onStop', expiresAt: t + 60_000 });
    const params = commandMessageOf(
      row({ type: 'params', lockLevel: null, lockMode: null, params: { reportIntervalS: 30, overspeedKmh: 0 } }),
    );
    expect(params).toEqual({
      id: 'c-1',
      type: 'params',
      params: { reportIntervalS: 30, overspeedKmh: 0 },
      expiresAt: t + 60_000,
    });
    for (const message of [lock, params]) expect(commandMessage.parse(message)).toEqual(message);
  });
});
