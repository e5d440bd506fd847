import { z } from 'zod';
import { DEV_ESIGN_APP_ID, DEV_ESIGN_APP_SECRET, DEV_ESIGN_PORT } from '@console/contract/lease/esign-protocol';

/** The simulated provider's settings, validated once at start; the defaults pair it with `npm start`'s server. */
const envSchema = z.object({
  /** The server reaches it on this port too when its ESIGN_URL is unset (it reads the same ESIGN_PORT). */
  ESIGN_PORT: z.coerce.number().int().min(0).max(65535).default(DEV_ESIGN_PORT),
  /** Loopback by default: the development app secret is public. */
  ESIGN_HOST: z.string().default('127.0.0.1'),
  /** The app it issues to the server (the server's ESIGN_APP_ID and ESIGN_APP_SECRET). */
  ESIGN_APP_ID: z.string().min(1).default(DEV_ESIGN_APP_ID),
  ESIGN_APP_SECRET: z.string().min(16).default(DEV_ESIGN_APP_SECRET),
  /** The address its signing pages are reached at, as a browser sees it. */
  ESIGN_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The simulator's clock, which the server follows too (README, "Moving time"): callbacks are stamped with it. */
  CLOCK_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface ProviderEnv {
  port: number;
  host: string;
  appId: string;
  appSecret: string;
  publicUrl: string | null;
  clockUrl: string | undefined;
}

export function readProviderEnv(source: NodeJS.ProcessEnv = process.env): ProviderEnv {
  const env = envSchema.parse(source);
  return {
    port: env.ESIGN_PORT,
    host: env.ESIGN_HOST,
    appId: env.ESIGN_APP_ID,
    appSecret: env.ESIGN_APP_SECRET,
    publicUrl: env.ESIGN_PUBLIC_URL ?? null,
    clockUrl: env.CLOCK_URL,
  };
}
