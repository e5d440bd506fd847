import { z } from 'zod';

/** The simulator's settings, validated once at start. Defaults find the server's embedded broker. */
const envSchema = z.object({
  /** The embedded broker's port, used when MQTT_URL is not set. */
  MQTT_PORT: z.coerce.number().int().min(1).max(65535).default(1884),
  MQTT_URL: z.string().trim().optional(),
  /** The control API (health, and later the fleet controls for tests and demos). */
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().default('0.0.0.0'),
});

export interface SimulatorEnv {
  mqttUrl: string;
  port: number;
  host: string;
}

export function readSimulatorEnv(source: NodeJS.ProcessEnv = process.env): SimulatorEnv {
  const env = envSchema.parse(source);
  return { mqttUrl: env.MQTT_URL || `mqtt://localhost:${env.MQTT_PORT}`, port: env.SIM_PORT, host: env.HOST };
}
