import { readFile } from 'node:fs/promises';
import { SimClock } from './clock.ts';
import type { SimulatorEnv } from './env.ts';
import { Fleet } from './fleet/fleet.ts';
import { MqttTransport } from './mqtt/mqtt-transport.ts';
import type { Transport } from './mqtt/transport.ts';
import { failureReason, fetchManifest, waitForManifest, type ManifestRead } from './sources/manifest.ts';
import { parseScenario, type Scenario } from './sources/scenario.ts';
import { fleetCameras } from './video/fleet-cameras.ts';
import { VideoPlatform } from './video/platform.ts';

export interface Source {
  kind: 'manifest' | 'scenario';
  /** waiting: the server has not answered yet. */
  state: 'waiting' | 'loaded';
  /** The server URL or the scenario's file name. */
  detail: string;
  loadedAt: string | null;
  /** Machines the source gave, as the fleet follows it now. */
  machines: number;
  /**
   * The manifest's last successful read (at start, then every `refreshEveryS` of wall time), whether or not the
   * fleet changed; a scenario is read once.
   */
  refreshedAt: string | null;
  refreshEveryS: number | null;
  /** Why the last read while running failed (the fleet stays as it was); null once one succeeds. */
  refreshError: string | null;
}

/** The machines a read of the manifest added and removed. */
export interface FleetChange {
  added: string[];
  removed: string[];
}

export interface SimulatorOptions {
  env: SimulatorEnv;
  log: (message: string) => void;
  /** Another transport (tests: the in-memory broker). */
  transport?: Transport;
  clock?: SimClock;
  wakeWindowRealMs?: number;
  /** Another way to read the manifest (tests: a list in memory); `since` is the version last read. */
  readManifest?: (since?: string) => Promise<ManifestRead>;
}

/** The simulator process's parts: one clock, one fleet, one transport, and where the fleet came from. */
export class Simulator {
  readonly clock: SimClock;
  readonly transport: Transport;
  readonly fleet: Fleet;
  /** The simulated video platform: the cameras on these machines (served under the control API's `/video`). */
  readonly video: VideoPlatform;
  /** The port the control API listens on, once it does (the play addresses' default host). */
  port: number;
  readonly startedAt = Date.now();
  source: Source;
  private stopped = false;
  private readonly readManifest: (since?: string) => Promise<ManifestRead>;
  /** The version of the manifest the fleet follows. */
  private manifestVersion: string | undefined;
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<FleetChange | null> | null = null;

  constructor(private readonly options: SimulatorOptions) {
    const { env } = options;
    this.clock = options.clock ?? new SimClock({ start: env.start, speed: env.speed });
    this.transport =
      options.transport ??
      new MqttTransport({
        url: env.mqttUrl,
        fleetSecret: env.fleetSecret,
        maxConnections: env.maxConnections,
        log: options.log,
      });
    this.fleet = new Fleet({
      clock: this.clock,
      transport: this.transport,
      seed: env.seed,
      wakeWindowRealMs: options.wakeWindowRealMs,
    });
    this.port = env.port;
    this.video = new VideoPlatform({
      appKey: env.video.appKey,
      secret: env.video.secret,
      publicUrl: () => env.video.publicUrl ?? `http://localhost:${this.port}/video`,
      source: fleetCameras(this.fleet, this.clock),
    });
    this.readManifest = options.readManifest ?? ((since) => fetchManifest(env, since));
    const unread = { state: 'waiting', loadedAt: null, machines: 0, refreshedAt: null, refreshError: null } as const;
    this.source = env.scenario
      ? { kind: 'scenario', detail: env.scenario, refreshEveryS: null, ...unread }
      : { kind: 'manifest', detail: env.serverUrl, refreshEveryS: env.manifestRefreshMs / 1000 || null, ...unread };
  }

  /** Load the fleet (the scenario file, or the server's manifest once it answers) and run the clock. */
  async start(): Promise<void> {
    if (this.options.env.paused) this.clock.pause();
    this.clock.start();
    const { env, log } = this.options;
    if (env.scenario) {
      const scenario = parseScenario(await readFile(env.scenario, 'utf8'));
      this.applyScenario(scenario, env.scenario);
      return;
    }
    const started = Date.now();
    const read = await waitForManifest(() => this.readManifest(), {
      serverUrl: env.serverUrl,
      log,
      stopped: () => this.stopped,
    });
    if (!read) return;
    this.fleet.load(read.machines);
    this.manifestVersion = read.version;
    const now = new Date().toISOString();
    const machines = read.machines.length;
    this.source = { ...this.source, state: 'loaded', loadedAt: now, refreshedAt: now, machines };
    const shard = env.shards > 1 ? ` (shard ${env.shard}/${env.shards})` : '';
    log(`simulating ${machines} machines from the server's manifest${shard} (${Date.now() - started} ms)`);
    this.scheduleRefresh();
  }

  /**
   * Read the manifest again and follow it: machines registered or renewed since join, machines whose service
   * stopped leave, the rest carry on untouched. A failed read leaves the fleet as it is. Null when nothing was
   * read (a scenario's fleet, not loaded yet, stopped, or the server did not answer).
   */
  refresh(): Promise<FleetChange | null> {
    this.refreshing ??= this.readAndFollow().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readAndFollow(): Promise<FleetChange | null> {
    const followed = () => this.source.kind === 'manifest' && this.source.state === 'loaded' && !this.stopped;
    if (!followed()) return null;
    let read: ManifestRead;
    try {
      read = await this.readManifest(this.manifestVersion);
    } catch (error) {
      const reason = failureReason(error);
      if (reason !== this.source.refreshError) this.options.log(`cannot read the fleet manifest again: ${reason}`);
      this.source = { ...this.source, refreshError: reason };
      return null;
    }
    // A scenario may have replaced the fleet while the server answered.
    if (!followed()) return null;
    const change = read.changed ? this.fleet.follow(read.machines) : { added: [], removed: [] };
    this.manifestVersion = read.version;
    this.source = {
      ...this.source,
      machines: this.fleet.size,
      refreshedAt: new Date().toISOString(),
      refreshError: null,
    };
    if (change.added.length > 0 || change.removed.length > 0) {
      const some = (serials: string[]) => serials.slice(0, 5).join(', ') + (serials.length > 5 ? ', ...' : '');
      this.options.log(
        `the fleet manifest changed: ${change.added.length} machines joined (${some(change.added)}), ` +
          `${change.removed.length} left (${some(change.removed)}); simulating ${this.fleet.size}`,
      );
    }
    return change;
  }

  /** Read the manifest again every `manifestRefreshMs` of wall time, one read after the other. */
  private scheduleRefresh(): void {
    const every = this.options.env.manifestRefreshMs;
    if (every <= 0 || this.stopped || this.source.kind !== 'manifest') return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.refresh().finally(() => this.scheduleRefresh());
    }, every);
    this.refreshTimer.unref();
  }

  /** Replace the fleet with a scenario's machines and run its timeline from now (or from its start). */
  applyScenario(scenario: Scenario, name: string): void {
    const seed = scenario.seed ?? this.fleet.seed;
    this.fleet.load(scenario.machines, seed, () => {
      if (scenario.start !== undefined) this.clock.jump(scenario.start);
      if (scenario.speed !== undefined) this.clock.setSpeed(scenario.speed);
    });
    const base = this.clock.now();
    this.fleet.schedule(
      scenario.timeline.map((step) => ({
        at: base + step.at,
        run: () => {
          if (step.action === 'speed') return this.clock.setSpeed(step.speed);
          if (!('serials' in step)) return step.action === 'pause' ? this.clock.pause() : this.clock.resume();
          for (const serial of step.serials) {
            try {
              this.fleet.act(serial, step.action, step.body as never);
            } catch (error) {
              this.options.log(`scenario: ${step.action} on ${serial}: ${(error as Error).message}`);
            }
          }
        },
      })),
    );
    // The scenario's fleet is its own from now on: the manifest is not read again.
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    const now = new Date().toISOString();
    this.source = {
      kind: 'scenario',
      state: 'loaded',
      detail: name,
      loadedAt: now,
      machines: scenario.machines.length,
      refreshedAt: now,
      refreshEveryS: null,
      refreshError: null,
    };
    this.options.log(`simulating ${scenario.machines.length} machines from scenario ${name}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    this.clock.stop();
    await this.fleet.stop();
  }
}
