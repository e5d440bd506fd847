import { readFile } from 'node:fs/promises';
import { SimClock } from './clock.ts';
import type { SimulatorEnv } from './env.ts';
import { Fleet } from './fleet/fleet.ts';
import { MqttTransport } from './mqtt/mqtt-transport.ts';
import type { Transport } from './mqtt/transport.ts';
import { waitForManifest } from './sources/manifest.ts';
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
}

export interface SimulatorOptions {
  env: SimulatorEnv;
  log: (message: string) => void;
  /** Another transport (tests: the in-memory broker). */
  transport?: Transport;
  clock?: SimClock;
  wakeWindowRealMs?: number;
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
    this.source = env.scenario
      ? { kind: 'scenario', state: 'waiting', detail: env.scenario, loadedAt: null }
      : { kind: 'manifest', state: 'waiting', detail: env.serverUrl, loadedAt: null };
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
    const specs = await waitForManifest({ ...env, log, stopped: () => this.stopped });
    if (!specs) return;
    this.fleet.load(specs);
    this.source = { ...this.source, state: 'loaded', loadedAt: new Date().toISOString() };
    const shard = env.shards > 1 ? ` (shard ${env.shard}/${env.shards})` : '';
    log(`simulating ${specs.length} machines from the server's manifest${shard} (${Date.now() - started} ms)`);
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
    this.source = { kind: 'scenario', state: 'loaded', detail: name, loadedAt: new Date().toISOString() };
    this.options.log(`simulating ${scenario.machines.length} machines from scenario ${name}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clock.stop();
    await this.fleet.stop();
  }
}
