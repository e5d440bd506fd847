import { z } from 'zod';
import { DEV_PAYGATE_MERCHANT, DEV_PAYGATE_PORT, DEV_PAYGATE_SECRET } from '@console/contract/shop/paygate-protocol';

/** The simulated payment provider's settings, validated once at start; the defaults pair it with `npm start`'s server. */
const envSchema = z.object({
  /** The server reaches it on this port too when its PAYGATE_URL is unset (it reads the same PAYGATE_PORT). */
  PAYGATE_PORT: z.coerce.number().int().min(0).max(65535).default(DEV_PAYGATE_PORT),
  /** Loopback by default: the development merchant secret is public. */
  PAYGATE_HOST: z.string().default('127.0.0.1'),
  /** The merchant it issues to the server (the server's PAYGATE_MERCHANT and PAYGATE_SECRET). */
  PAYGATE_MERCHANT: z.string().min(1).default(DEV_PAYGATE_MERCHANT),
  PAYGATE_SECRET: z.string().min(16).default(DEV_PAYGATE_SECRET),
  /** The address its pay pages are reached at, as a browser sees it. */
  PAYGATE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The simulator's clock, which the server follows too (README, "Moving time"): notifications are stamped with it. */
  CLOCK_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface PaygateEnv {
  port: number;
  host: string;
  merchant: string;
  secret: string;
  publicUrl: string | null;
  clockUrl: string | undefined;
}

export function readPaygateEnv(source: NodeJS.ProcessEnv = process.env): PaygateEnv {
  const env = envSchema.parse(source);
  return {
    port: env.PAYGATE_PORT,
    host: env.PAYGATE_HOST,
    merchant: env.PAYGATE_MERCHANT,
    secret: env.PAYGATE_SECRET,
    publicUrl: env.PAYGATE_PUBLIC_URL ?? null,
    clockUrl: env.CLOCK_URL,
  };
}
