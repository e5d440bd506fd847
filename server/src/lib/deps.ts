import type { DbHandle } from '@console/db/client';
import type { LiveHub } from '../live/hub.ts';
import type { Env } from './env.ts';

/** What every handler may use. Tests build their own (in-memory database, a clock they move). */
export interface AppDeps {
  dbh: DbHandle;
  env: Env;
  /** Milliseconds since the epoch; tests replace it to move time forward. */
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
  /** Live events to the open SSE streams. */
  live: LiveHub;
}

export function consoleLog(level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void {
  const line = `[${new Date().toISOString()}] ${level} ${message}`;
  if (level === 'error') console.error(line, detail ?? '');
  else if (detail !== undefined) console.log(line, detail);
  else console.log(line);
}
