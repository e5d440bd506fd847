import type { ServerDbHandle } from '@console/db/client';
import type { CommandQueue } from '../commands/queue.ts';
import type { Ingest } from '../ingest/ingest.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Env } from './env.ts';

/** What every handler may use. Tests build their own (in-memory database, a clock they move). */
export interface AppDeps {
  /** The database; SQLite's own connection is there only on SQLite (ingest's store, the rollup). */
  dbh: ServerDbHandle;
  env: Env;
  /** Milliseconds since the epoch; tests replace it to move time forward. */
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
  /** Live events to the open SSE streams. */
  live: LiveHub;
  /** The durable command queue; it reaches machines once ingest attaches its broker connection. */
  commands: CommandQueue;
  /** The server's MQTT ingest, when this process runs one (main.ts); null in test apps without a broker. */
  ingest: Pick<Ingest, 'stats'> | null;
}

export function consoleLog(level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void {
  const line = `[${new Date().toISOString()}] ${level} ${message}`;
  if (level === 'error') console.error(line, detail ?? '');
  else if (detail !== undefined) console.log(line, detail);
  else console.log(line);
}
