import { STATUS } from '@console/contract/codes/device-state';
import { LOCK_LEVELS, LOCK_MODES } from '@console/contract/mqtt/payloads';

/**
 * The console's lock codes (contract/codes/lock.ts: LOCK_LEVEL 0-4, LOCK_MODE 1-3) and the device protocol's
 * names (contract/mqtt/payloads.ts) list the same values in the same order.
 */
export type LockLevelName = (typeof LOCK_LEVELS)[number];
export type LockModeName = (typeof LOCK_MODES)[number];

export const levelName = (code: number): LockLevelName => LOCK_LEVELS[code] ?? 'unlocked';
export const levelCode = (name: string | null | undefined): number =>
  Math.max(0, LOCK_LEVELS.indexOf((name ?? 'unlocked') as LockLevelName));
export const modeName = (code: number): LockModeName => LOCK_MODES[code - 1] ?? 'unconditional';
export const modeCode = (name: string | null | undefined): number | null =>
  name ? LOCK_MODES.indexOf(name as LockModeName) + 1 : null;

/**
 * Whether an automatic lock (the arrears steps, decision 039; the lock days after a service expiry) moves a machine
 * to its level now: unless it is working, when it takes it once it stops. This is not the spec's risk permission
 * (statuses 2, 3, 5, 8), which says what a person may do by hand: it leaves out a machine stopped with its box on
 * line (7) and one locked at a lower level (4), so an online machine would never be locked at night nor moved on
 * from a pre-lock or the first lock to the next.
 */
export const automaticLockMayMove = (status: number) => status !== STATUS.working;
