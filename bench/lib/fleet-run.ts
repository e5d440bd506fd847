import { openDb, type AnyDbHandle, type DbHandle } from '@console/db/client';
import { startServerProcess, type ServerRun } from '../../tests/fixtures/server-process.ts';
import { BENCH_PORTS, engineEnv, openEngineDb, telemetryCounter, type BenchDb, type EngineDb } from './fleet.ts';
import { startSimulatorProcess, type SimulatorRun } from './processes.ts';

/** The product under load: the real server on the bench database and the simulator on its embedded broker. */
export interface FleetRun {
  server: ServerRun;
  sim: SimulatorRun;
  /** A second connection to the server's database, to count what it stored. */
  reader: DbHandle;
  /** The newest telemetry row's id now. */
  maxId: () => number;
  /** The newest telemetry row's id before the fleet started. */
  firstId: number;
}

interface FleetOptions {
  scenario: string;
  machines: number;
  nodeArgs?: string[];
  env?: Record<string, string>;
}

/** The server on a bench database, with the settings every fleet run gives it. */
function startFleetServer(file: string, options: FleetOptions, env: Record<string, string> = {}, timeoutMs?: number) {
  return startServerProcess({
    dbFile: file,
    range: BENCH_PORTS,
    // The watchdog would mark the idle seeded machines offline: real work, but not what is measured here.
    env: { WATCHDOG_S: '0', ...env, ...options.env },
    nodeArgs: options.nodeArgs ?? [],
    timeoutMs,
  });
}

/** The simulator driving `scenario` on the server's broker. */
function startFleet(server: ServerRun, options: FleetOptions) {
  return startSimulatorProcess({
    mqttUrl: server.brokerUrl,
    scenario: options.scenario,
    machines: options.machines,
    taken: [server.port, server.mqttPort],
    // On two cores the simulator competes with the server: its profile shows what it takes.
    nodeArgs: options.nodeArgs,
  });
}

/**
 * Start the server on `db`, then the simulator driving `scenario` on its broker, run `measure`, and stop both
 * whatever happens. `prepare` runs once the server is up and before a machine connects (a session to read
 * the server's counters with).
 */
export async function withFleet<T>(
  db: BenchDb,
  options: FleetOptions,
  measure: (run: FleetRun) => Promise<T>,
): Promise<T> {
  const server = await startFleetServer(db.file, options);
  const reader = openDb(db.file, { migrate: false });
  try {
    const newest = reader.sqlite.prepare('SELECT coalesce(max(id), 0) FROM telemetry').pluck();
    const maxId = () => newest.get() as number;
    const firstId = maxId();
    const sim = await startFleet(server, options);
    try {
      return await measure({ server, sim, reader, maxId, firstId });
    } finally {
      await sim.stop();
    }
  } finally {
    reader.close();
    await server.stop();
  }
}

/** withFleet's run on either engine: the reader is the query code's (engine-neutral), its counts promises. */
export interface EngineFleetRun {
  server: ServerRun;
  sim: SimulatorRun;
  reader: AnyDbHandle;
  /** The newest telemetry row's id now, and the rows stored after one id up to another. */
  newestId: () => Promise<number>;
  storedBetween: (after: number, upTo: number) => Promise<number>;
  /** The newest telemetry row's id before the fleet started. */
  firstId: number;
}

/** withFleet on a database of either engine: the server is given DATABASE_URL on PostgreSQL. */
export async function withEngineFleet<T>(
  db: EngineDb,
  options: FleetOptions,
  measure: (run: EngineFleetRun) => Promise<T>,
): Promise<T> {
  // A first start on PostgreSQL opens pools for each thread: more than SQLite's 60 s on a busy machine.
  const server = await startFleetServer(
    db.file,
    options,
    engineEnv(db),
    db.engine === 'postgres' ? 180_000 : undefined,
  );
  try {
    const reader = await openEngineDb(db);
    try {
      const counter = telemetryCounter(reader.db, db.engine);
      const firstId = await counter.newest();
      const sim = await startFleet(server, options);
      try {
        return await measure({
          server,
          sim,
          reader,
          newestId: counter.newest,
          storedBetween: counter.between,
          firstId,
        });
      } finally {
        await sim.stop();
      }
    } finally {
      await reader.close();
    }
  } finally {
    await server.stop();
  }
}
