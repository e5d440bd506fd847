import { z } from 'zod';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import { DEV_ESIGN_PORT } from '@console/contract/lease/esign-protocol';
import { DEV_PAYGATE_PORT } from '@console/contract/shop/paygate-protocol';
import { DEV_MAILBOX_SMTP_PORT } from '@console/contract/notify/mailbox-protocol';

const DEV_MQTT_SERVER_PASSWORD = 'dev-server-password';
/** Messages per ingest transaction: larger transactions cost less per message (docs/decisions/017). */
export const INGEST_BATCH_DEFAULT = 4000;
/** Background threads 10 nice steps below the server: about a tenth of a core a request wants too (decision 081). */
export const BACKGROUND_NICE_DEFAULT = 10;

const tileUrl = z.union([z.literal(''), z.string().regex(/^https?:\/\/\S+$/)]);
const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ });

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
  /**
   * Where the theme page keeps the brands it edited (a copy of each edited pack, read instead of the shipped one), so
   * the shipped packs stay as released and an edit lives with the data (docs/decisions/004-brand-packs.md).
   */
  BRAND_EDITS_DIR: z.string().default('data/brands'),
  WEB_DIST: z.string().default('web/dist'),
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy, and in tests). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  SEED_DEVICES: z.coerce.number().int().min(0).default(2000),
  /** Seeded machines' MQTT secrets derive from it (contract/mqtt/credentials.ts); production sets its own. */
  FLEET_SECRET: z.string().min(8).default(DEV_FLEET_SECRET),
  /** The server's own broker account: it reads every uplink and writes commands. */
  MQTT_SERVER_USER: z.string().min(1).default('console-server'),
  MQTT_SERVER_PASSWORD: z.string().min(8).default(DEV_MQTT_SERVER_PASSWORD),
  /**
   * Outside production, a secret that opens the development SMS outbox to another machine (header x-dev-token).
   * Unset: the outbox answers only requests from the server's own machine (decision 020).
   */
  DEV_TOOLS_TOKEN: z.string().min(16).optional(),
  /** The server's MQTT client id (its persistent session); two servers on one broker need different ids. */
  MQTT_CLIENT_ID: z.string().min(1).default('console-server'),
  /**
   * Ingest writes accepted messages in transactions of at most this many, at least every INGEST_FLUSH_MS; it is
   * also the most it holds unwritten (docs/decisions/017).
   */
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(100000).default(INGEST_BATCH_DEFAULT),
  INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(60000).default(200),
  /**
   * How far below the server's priority (nice steps) the background threads run (ingest, the embedded broker, the
   * rollup) on Linux, so that on a busy host requests are given a core first (docs/decisions/081); 0: the server's.
   */
  BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(BACKGROUND_NICE_DEFAULT),
  /**
   * How often (seconds) the watchdog marks machines offline that stopped reporting without a last will (silent
   * for 3 report intervals, at least 60 s); 0 turns it off, for a fixed demo fleet without a simulator.
   */
  WATCHDOG_S: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * Map tiles of the global and the regional (mainland China, GCJ-02) provider: a Leaflet URL template, or empty
   * for none. When no tile server answers, the console draws its offline basemap (docs/decisions/009-maps.md).
   */
  /**
   * The operator's SMS gateway: every text message is POSTed here as JSON { areaCode, mobile, text }, with
   * `Authorization: Bearer <SMS_WEBHOOK_TOKEN>` when a token is set. Unset: development keeps the outbox only.
   */
  SMS_WEBHOOK_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  MAP_TILES_GLOBAL: tileUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_REGIONAL: tileUrl.default(
    'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
  ),
  /**
   * The e-signature provider (docs/decisions/030-e-signature-provider.md): its API, the app id and secret it issued
   * (requests and callbacks are signed with the secret), and where it calls the server back. The defaults reach the
   * simulated provider `npm start` runs; outside production an unset secret is the simulator's development one, and
   * a production server without ESIGN_APP_SECRET starts no signing and accepts no callback.
   * Unset, ESIGN_URL is the simulated provider on this machine at ESIGN_PORT, the port it listens on (providerUrls).
   */
  ESIGN_URL: httpUrl.optional(),
  ESIGN_PORT: port.default(DEV_ESIGN_PORT),
  ESIGN_APP_ID: z.string().min(1).max(64).default('console-dev'),
  ESIGN_APP_SECRET: z.string().min(16).optional(),
  /** Default: this server's own callback path on 127.0.0.1:PORT. */
  ESIGN_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The mobile payment provider (docs/decisions/050-shop-orders-and-payments.md): its API, the merchant id and secret
   * it issued (requests and notifications are signed with the secret), where it notifies the server and where its
   * pay page sends the payer back. The defaults reach the simulated provider `npm start` runs; outside production an
   * unset secret is the simulator's development one, and a production server without PAYGATE_SECRET opens no payment
   * and accepts no notification. Unset, PAYGATE_URL is the simulated provider on this machine at PAYGATE_PORT.
   */
  PAYGATE_URL: httpUrl.optional(),
  PAYGATE_PORT: port.default(DEV_PAYGATE_PORT),
  PAYGATE_MERCHANT: z.string().min(1).max(64).default('console-dev'),
  PAYGATE_SECRET: z.string().min(16).optional(),
  /** Default: this server's own notification path on 127.0.0.1:PORT. */
  PAYGATE_NOTIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The console's address as the payer's browser sees it (the pay page's "back"); default http://localhost:PORT. */
  PAYGATE_RETURN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The video platform (docs/decisions/057-video-monitoring.md): its API, the app key and secret it issued (requests
   * are signed with the secret), the origin its play addresses are served from (the console's pages may show
   * pictures from there) and how long a play address lives. The defaults reach the simulated platform beside the
   * simulator's control API; outside production an unset secret is the simulator's development one, and a
   * production server without VIDEO_SECRET plays nothing.
   */
  VIDEO_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8090/video'),
  VIDEO_APP_KEY: z.string().min(1).max(64).default('console-dev'),
  VIDEO_SECRET: z.string().min(16).optional(),
  VIDEO_PLAY_ORIGIN: z.url({ protocol: /^https?$/ }).default('http://localhost:8090'),
  VIDEO_PLAY_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** How long a contract's public document link (/contract/export) stays valid. */
  CONTRACT_LINK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(72),
  /**
   * QA only (refused in production): the simulator's clock (`http://host:port/clock` of its control API) for the
   * server to follow, so the business moves with simulated time (contract/clock/follow.ts).
   */
  CLOCK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Notification e-mail (docs/decisions/071-notifications.md): the SMTP server (`smtp://user:pass@host:port`,
   * `smtps://` for TLS) and the sender. Unset outside production: the simulated mailbox at MAILBOX_SMTP_PORT; unset in
   * production: no e-mail is sent and each one is logged as failed.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAILBOX_SMTP_PORT: port.default(DEV_MAILBOX_SMTP_PORT),
  MAIL_FROM: z.string().min(3).max(200).default('Console <alerts@console.localhost>'),
  /** The console's address as a message's reader sees it, for the acknowledgement link; default http://localhost:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a webhook receiver has to answer one attempt before it counts as failed and is tried again later. */
  NOTIFY_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
});

/**
 * Where the server calls the providers: their URL when set, else the simulated provider on this machine at the port
 * it listens on (ESIGN_PORT, PAYGATE_PORT: the simulators read the same variables, and `npm start` passes both sides
 * the same ports), so a second stack on one machine talks to its own providers. The one place they are computed.
 */
export function providerUrls(env: {
  ESIGN_URL?: string | undefined;
  ESIGN_PORT: number;
  PAYGATE_URL?: string | undefined;
  PAYGATE_PORT: number;
}): { ESIGN_URL: string; PAYGATE_URL: string } {
  return {
    ESIGN_URL: env.ESIGN_URL ?? `http://127.0.0.1:${env.ESIGN_PORT}`,
    PAYGATE_URL: env.PAYGATE_URL ?? `http://127.0.0.1:${env.PAYGATE_PORT}`,
  };
}

const settingsSchema = envSchema.transform((env) => ({ ...env, ...providerUrls(env) }));

export type Env = z.infer<typeof settingsSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return settingsSchema.parse(source);
}

/** Settings still at their development defaults, which a production server refuses to start with. */
export function developmentSecretsInUse(env: Env): string[] {
  const found: string[] = [];
  if (env.FLEET_SECRET === DEV_FLEET_SECRET) found.push('FLEET_SECRET');
  if (env.MQTT_SERVER_PASSWORD === DEV_MQTT_SERVER_PASSWORD) found.push('MQTT_SERVER_PASSWORD');
  return found;
}

/**
 * Where the embedded broker listens. The development secrets are public, and every seeded machine's MQTT secret
 * derives from FLEET_SECRET: with either still at its default the broker listens on loopback only, so nobody on
 * the network can be a machine or the server (decision 020).
 */
export function brokerHost(env: Env): string {
  return developmentSecretsInUse(env).length > 0 ? '127.0.0.1' : env.HOST;
}
