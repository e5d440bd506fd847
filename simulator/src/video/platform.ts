import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  captureRequest,
  checkSignature,
  liveAddressRequest,
  MAX_VIDEO_CHANNEL,
  VIDEO_APP_HEADER,
  VIDEO_PATHS,
  VIDEO_SIGNATURE_HEADER,
  VIDEO_TIMESTAMP_HEADER,
  type LiveAddress,
  type VideoError,
} from '@console/contract/video/video-protocol';
import { renderFrame, type Scene } from './frame.ts';

/** How often a player fetches the next picture. */
export const REFRESH_MS = 1000;

/** What the platform needs to know of a camera's device: whether it is up, and what its cameras see. */
export interface CameraSource {
  /** Undefined: no such device on the platform. */
  scene(serial: string, channel: number): { online: boolean; scene: Scene } | undefined;
}

export interface VideoPlatformOptions {
  appKey: string;
  secret: string;
  /** Where browsers reach the platform's play addresses (its `/video` prefix included). */
  publicUrl: () => string;
  source: CameraSource;
  now?: () => number;
}

export interface VideoSteering {
  /** Every API call answers 503 until switched back. */
  down: boolean;
  /** The next API call answers 503. */
  refuseNext: boolean;
}

const steerBody = z.object({ down: z.boolean().optional(), refuseNext: z.boolean().optional() }).strict();
const cameraBody = z.object({ online: z.boolean() }).strict();

/**
 * The simulated video cloud: devices are the simulator's machines, each with up to 16 channels. It signs the play
 * addresses it hands out with a key of its own (made at start, so an address does not outlive the process), and
 * answers a channel off line when its machine is off line or asleep, or the camera was taken off line.
 */
export class VideoPlatform {
  readonly steering: VideoSteering = { down: false, refuseNext: false };
  readonly counters = { addresses: 0, frames: 0, captures: 0, refused: 0 };
  private readonly playKey = randomBytes(32);
  private readonly offline = new Set<string>();
  readonly now: () => number;

  constructor(readonly options: VideoPlatformOptions) {
    this.now = options.now ?? Date.now;
  }

  setCamera(serial: string, channel: number, online: boolean): void {
    if (online) this.offline.delete(`${serial}/${channel}`);
    else this.offline.add(`${serial}/${channel}`);
  }

  /** The channel's scene, or why there is none. */
  lookup(serial: string, channel: number): Scene | VideoError {
    const found = this.options.source.scene(serial, channel);
    if (!found) return { code: 'unknownDevice', message: `no device ${serial}` };
    if (!found.online || this.offline.has(`${serial}/${channel}`)) {
      return { code: 'offline', message: `${serial} channel ${channel} is offline` };
    }
    return found.scene;
  }

  sign(serial: string, channel: number, expireAt: number): string {
    return createHmac('sha256', this.playKey).update(`${serial}/${channel}/${expireAt}`).digest('hex');
  }

  address(serial: string, channel: number, expireSeconds: number): LiveAddress {
    const expireAt = this.now() + expireSeconds * 1000;
    const path = `/live/${encodeURIComponent(serial)}/${channel}`;
    const sig = this.sign(serial, channel, expireAt);
    this.counters.addresses++;
    return { url: `${this.options.publicUrl()}${path}?exp=${expireAt}&sig=${sig}`, expireAt, refreshMs: REFRESH_MS };
  }

  /** Whether a play address is the platform's own and still valid. */
  validPlay(serial: string, channel: number, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{10,16}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
    const expected = Buffer.from(this.sign(serial, channel, Number(exp)), 'hex');
    return timingSafeEqual(expected, Buffer.from(sig, 'hex')) && Number(exp) > this.now();
  }
}

const STATUS: Record<VideoError['code'], 400 | 401 | 404 | 409 | 503> = {
  invalid: 400,
  badSignature: 401,
  unknownDevice: 404,
  offline: 409,
  refused: 503,
};

const refuse = (c: Context, error: VideoError) => c.json(error, STATUS[error.code]);

/** The platform's API (signed, for the console's server), its play addresses (for browsers) and its control. */
export function createVideoApp(platform: VideoPlatform): Hono {
  const app = new Hono();
  const { appKey, secret } = platform.options;

  /** A signed API request's body, or the refusal to answer. */
  async function signedBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S> | VideoError> {
    const raw = await c.req.text();
    if (platform.steering.down || platform.steering.refuseNext) {
      platform.steering.refuseNext = false;
      platform.counters.refused++;
      return { code: 'refused', message: 'the platform is not serving now' };
    }
    const check = checkSignature(
      secret,
      { timestamp: c.req.header(VIDEO_TIMESTAMP_HEADER), signature: c.req.header(VIDEO_SIGNATURE_HEADER) },
      raw,
      Date.now(),
    );
    if (c.req.header(VIDEO_APP_HEADER) !== appKey || check !== 'ok') {
      return { code: 'badSignature', message: `request not signed by ${appKey}: ${check}` };
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { code: 'invalid', message: 'the body is not JSON' };
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : { code: 'invalid', message: parsed.error.message };
  }
  const isError = (value: unknown): value is VideoError =>
    typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

  app.post(VIDEO_PATHS.liveAddress, async (c) => {
    const body = await signedBody(c, liveAddressRequest);
    if (isError(body)) return refuse(c, body);
    const scene = platform.lookup(body.serial, body.channel);
    if ('code' in scene) return refuse(c, scene);
    return c.json(platform.address(body.serial, body.channel, body.expireSeconds));
  });

  app.post(VIDEO_PATHS.capture, async (c) => {
    const body = await signedBody(c, captureRequest);
    if (isError(body)) return refuse(c, body);
    const scene = platform.lookup(body.serial, body.channel);
    if ('code' in scene) return refuse(c, scene);
    platform.counters.captures++;
    return c.body(new Uint8Array(await renderFrame(scene)), 200, { 'content-type': 'image/jpeg' });
  });

  // A play address: the channel's picture now. A player asks again every `refreshMs` until the address expires.
  app.get('/live/:serial/:channel', async (c) => {
    const serial = c.req.param('serial');
    const channel = Number(c.req.param('channel'));
    if (!Number.isInteger(channel) || channel < 1 || channel > MAX_VIDEO_CHANNEL) {
      return refuse(c, { code: 'invalid', message: 'no such channel' });
    }
    if (!platform.validPlay(serial, channel, c.req.query('exp'), c.req.query('sig'))) {
      return c.json({ code: 'badSignature', message: 'play address invalid or expired' }, 403);
    }
    const scene = platform.lookup(serial, channel);
    if ('code' in scene) return refuse(c, scene);
    platform.counters.frames++;
    return c.body(new Uint8Array(await renderFrame(scene)), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'no-store',
      // The console shows it from another origin as an image; nothing else reads it.
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  app.get('/control/health', (c) => c.json({ status: 'ok', steering: platform.steering, counters: platform.counters }));
  app.post('/control/steer', async (c) => {
    const parsed = steerBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid input', issues: parsed.error.issues }, 400);
    Object.assign(platform.steering, parsed.data);
    return c.json({ steering: platform.steering });
  });
  app.post('/control/cameras/:serial/:channel', async (c) => {
    const parsed = cameraBody.safeParse(await c.req.json().catch(() => null));
    const channel = Number(c.req.param('channel'));
    if (!parsed.success || !Number.isInteger(channel) || channel < 1 || channel > MAX_VIDEO_CHANNEL) {
      return c.json({ error: 'invalid input: { "online": boolean } and a channel 1-16' }, 400);
    }
    const serial = c.req.param('serial');
    if (!platform.options.source.scene(serial, channel)) return c.json({ error: `no machine ${serial}` }, 404);
    platform.setCamera(serial, channel, parsed.data.online);
    return c.json({ serial, channel, online: parsed.data.online });
  });
  return app;
}
