import { openDb, type DbHandle } from '@console/db/client';
import { startServerProcess, type ServerRun } from '../../tests/fixtures/server-process.ts';
import { BENCH_PORTS, type BenchDb } from './fleet.ts';
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

/**
 * Start the server on `db`, then the simulator driving `scenario` on its broker, run `measure`, and stop both
 * whatever happens. `prepare` runs once the server is up and before a machine connects (a session to read
 * the server's counters with).
 */
export async function withFleet<T>(
  db: BenchDb,
  options: { scenario: string; machines: number; nodeArgs?: string[]; env?: Record<string, string> },
  measure: (run: FleetRun) => Promise<T>,
): Promise<T> {
  const server = await startServerProcess({
    dbFile: db.file,
    range: BENCH_PORTS,
    // The watchdog would mark the idle seeded machines offline: real work, but not what is measured here.
    env: { WATCHDOG_S: '0', ...options.env },
    nodeArgs: options.nodeArgs ?? [],
  });
  const reader = openDb(db.file, { migrate: false });
  try {
    const newest = reader.sqlite.prepare('SELECT coalesce(max(id), 0) FROM telemetry').pluck();
    const maxId = () => newest.get() as number;
    const firstId = maxId();
    const sim = await startSimulatorProcess({
      mqttUrl: server.brokerUrl,
      scenario: options.scenario,
      machines: options.machines,
      taken: [server.port, server.mqttPort],
      // On two cores the simulator competes with the server: its profile shows what it takes.
      nodeArgs: options.nodeArgs,
    });
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
