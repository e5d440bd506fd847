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
