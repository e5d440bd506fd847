import { z } from 'zod';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import { DEV_VIDEO_APP_KEY, DEV_VIDEO_SECRET } from '@console/contract/video/video-protocol';
import { MAX_SPEED, MIN_SPEED } from './clock.ts';

/** The simulator's settings, validated once at start. Defaults find the server and its embedded broker. */
const envSchema = z.object({
  /** The embedded broker's port, used when MQTT_URL is not set. */
  MQTT_PORT: z.coerce.number().int().min(1).max(65535).default(1884),
  MQTT_URL: z.string().trim().optional(),
  /** The server's port, for the fleet manifest when SERVER_URL is not set. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  SERVER_URL: z.string().trim().optional(),
  /** The machines' MQTT secrets and the manifest's proof derive from it (as on the server). */
  FLEET_SECRET: z.string().min(8).default(DEV_FLEET_SECRET),
  /** The control API. */
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().default('0.0.0.0'),
  /** The same seed, start time and speed give the same telemetry. */
  SIM_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
  SIM_SPEED: z.coerce.number().min(MIN_SPEED).max(MAX_SPEED).default(1),
  /** Simulated time at start (ISO 8601); by default the wall clock. */
  SIM_START: z.iso.datetime({ offset: true }).optional(),
  /** A scenario file (JSON or YAML) instead of the server's fleet. */
  SIM_SCENARIO: z.string().trim().optional(),
  /** This process's part of the fleet, `i/n` (0-based): several processes can share a big fleet. */
  SIM_SHARD: z
    .string()
    .regex(/^\d{1,2}\/\d{1,2}$/, 'i/n, e.g. 0/2')
    .refine((s) => {
      const [i, n] = s.split('/').map(Number);
      return n! >= 1 && n! <= 64 && i! < n!;
    }, 'i/n with i < n <= 64')
    .default('0/1'),
  /**
   * Start with the clock paused (resumed through the control API): the machines connect without reporting, so
   * a benchmark's fleet comes on line before its first report instead of bringing a backlog to the broker.
   */
  SIM_PAUSED: z.enum(['0', '1']).default('0'),
  /**
   * How often (seconds of wall time) a running simulator reads the server's manifest again, to take in machines
   * registered or renewed since and let go of those whose service stopped; 0: only at start.
   */
  SIM_MANIFEST_REFRESH_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Sockets this process may hold (docs/decisions/008-simulator.md). */
  SIM_MAX_CONNECTIONS: z.coerce.number().int().min(1001).max(1_000_000).default(16_000),
  /**
   * The simulated video platform beside the control API (docs/decisions/057-video-monitoring.md): the app key and
   * secret it accepts, and its address as browsers reach it (default http://localhost:SIM_PORT/video).
   */
  VIDEO_APP_KEY: z.string().min(1).max(64).default(DEV_VIDEO_APP_KEY),
  VIDEO_SECRET: z.string().min(16).default(DEV_VIDEO_SECRET),
  VIDEO_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface SimulatorEnv {
  mqttUrl: string;
  serverUrl: string;
  fleetSecret: string;
  port: number;
  host: string;
  seed: number;
  speed: number;
  start: number | undefined;
  scenario: string | undefined;
  shard: number;
  shards: number;
  /** Real ms between reads of the manifest while running; 0: none. */
  manifestRefreshMs: number;
  maxConnections: number;
  paused: boolean;
  video: { appKey: string; secret: string; publicUrl: string | undefined };
}

export function readSimulatorEnv(source: NodeJS.ProcessEnv = process.env): SimulatorEnv {
  const env = envSchema.parse(source);
  const [shard, shards] = env.SIM_SHARD.split('/').map(Number) as [number, number];
  return {
    mqttUrl: env.MQTT_URL || `mqtt://127.0.0.1:${env.MQTT_PORT}`,
    serverUrl: env.SERVER_URL || `http://127.0.0.1:${env.PORT}`,
    fleetSecret: env.FLEET_SECRET,
    port: env.SIM_PORT,
    host: env.HOST,
    seed: env.SIM_SEED,
    speed: env.SIM_SPEED,
    start: env.SIM_START === undefined ? undefined : Date.parse(env.SIM_START),
    scenario: env.SIM_SCENARIO || undefined,
    shard,
    shards,
    manifestRefreshMs: env.SIM_MANIFEST_REFRESH_S * 1000,
    maxConnections: env.SIM_MAX_CONNECTIONS,
    paused: env.SIM_PAUSED === '1',
    video: {
      appKey: env.VIDEO_APP_KEY,
      secret: env.VIDEO_SECRET,
      publicUrl: env.VIDEO_PUBLIC_URL?.replace(/\/$/, ''),
    },
  };
}
