import { readFileSync } from 'node:fs';

/**
 * File descriptors a process keeps beside its machines' sockets: the API's connections (a browser opens several),
 * the database and its WAL, the server's own client of the broker, the threads' pipes.
 */
export const RESERVED_DESCRIPTORS = 1000;

/** The open-files limit (soft) of this process, from /proc; null where it cannot be read (not Linux). */
export function openFilesLimit(procLimits = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(procLimits, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const value = Number(soft);
    return soft && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * How many machines' sockets a process may hold and still open what it needs besides: past its open-files limit
 * every accept fails (EMFILE), the API's included, so a fleet bigger than the limit would make the server
 * unreachable to browsers while it stays up. Null: no known limit.
 */
export function machineSocketBudget(limit = openFilesLimit()): number | null {
  return limit === null ? null : Math.max(1, limit - RESERVED_DESCRIPTORS);
}
