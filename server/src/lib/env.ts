import { z } from 'zod';

/** Every setting the server reads, validated once at start. Defaults run the whole stack on a laptop. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DB_FILE: z.string().default('data/console.db'),
  /** Embedded MQTT broker port (not 1883, which a local Mosquitto may hold). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** An external broker instead of the embedded one, e.g. mqtt://127.0.0.1:1883. */
  MQTT_URL: z.string().optional(),
  BRANDS_DIR: z.string().default('brands'),
  WEB_DIST: z.string().default('web/dist'),
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy, and in tests). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  SEED_DEVICES: z.coerce.number().int().min(0).default(2000),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return envSchema.parse(source);
}
