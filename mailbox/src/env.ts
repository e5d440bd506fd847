import { z } from 'zod';
import { DEV_MAILBOX_PORT, DEV_MAILBOX_SMTP_PORT } from '@console/contract/notify/mailbox-protocol';

/** The simulated mail server's settings, validated once at start; the defaults pair it with `npm start`'s server. */
const envSchema = z.object({
  /** Where it takes mail; the server sends to it on this port when its SMTP_URL is unset (MAILBOX_SMTP_PORT). */
  MAILBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(DEV_MAILBOX_SMTP_PORT),
  /** Its outbox page and control API. */
  MAILBOX_PORT: z.coerce.number().int().min(0).max(65535).default(DEV_MAILBOX_PORT),
  /** Loopback by default: it takes mail from anyone without a password. */
  MAILBOX_HOST: z.string().default('127.0.0.1'),
  /** The simulator's clock, which the server follows too (README, "Moving time"): messages are stamped with it. */
  CLOCK_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface MailboxEnv {
  smtpPort: number;
  port: number;
  host: string;
  clockUrl: string | undefined;
}

export function readMailboxEnv(source: NodeJS.ProcessEnv = process.env): MailboxEnv {
  const env = envSchema.parse(source);
  return { smtpPort: env.MAILBOX_SMTP_PORT, port: env.MAILBOX_PORT, host: env.MAILBOX_HOST, clockUrl: env.CLOCK_URL };
}
