import {
  DEV_VIDEO_SECRET,
  liveAddress,
  signPayload,
  VIDEO_APP_HEADER,
  VIDEO_PATHS,
  VIDEO_SIGNATURE_HEADER,
  VIDEO_TIMESTAMP_HEADER,
  videoError,
  type CaptureRequest,
  type LiveAddress,
  type LiveAddressRequest,
} from '@console/contract/video/video-protocol';
import type { Env } from '../lib/env.ts';

export interface VideoSettings {
  url: string;
  appKey: string;
  /** Null: video is off (a production server without its own secret). */
  secret: string | null;
  playSeconds: number;
}

/** The platform settings from the environment (an unset secret is the simulator's public one outside production). */
export function videoSettings(env: Env): VideoSettings {
  return {
    url: env.VIDEO_URL.replace(/\/$/, ''),
    appKey: env.VIDEO_APP_KEY,
    secret: env.VIDEO_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_VIDEO_SECRET),
    playSeconds: env.VIDEO_PLAY_SECONDS,
  };
}

/** The platform could not be reached, refused, or answered outside the protocol: "try again later". */
export class VideoUnavailable extends Error {}
/** The channel is off line (its machine off line or asleep, or the camera itself). */
export class ChannelOffline extends Error {}

export interface VideoClient {
  liveAddress(request: Omit<LiveAddressRequest, 'expireSeconds'>): Promise<LiveAddress>;
  capture(request: CaptureRequest): Promise<Uint8Array<ArrayBuffer>>;
}

/** The largest picture taken from a capture (the device files' limit for an image is 500 KB). */
const MAX_CAPTURE_BYTES = 512 * 1024;

/**
 * The platform's adapter: every request signed with the app secret, answers checked against the protocol. A real
 * platform (EZVIZ, Hikvision) gets an adapter of its own with the same two calls.
 */
export function createVideoClient(settings: VideoSettings, fetchImpl: typeof fetch = fetch): VideoClient {
  async function post(path: string, body: unknown): Promise<Response> {
    if (!settings.secret) throw new VideoUnavailable('no VIDEO_SECRET');
    const text = JSON.stringify(body);
    const timestamp = String(Date.now());
    let response: Response;
    try {
      response = await fetchImpl(`${settings.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VIDEO_APP_HEADER]: settings.appKey,
          [VIDEO_TIMESTAMP_HEADER]: timestamp,
          [VIDEO_SIGNATURE_HEADER]: signPayload(settings.secret, timestamp, text),
        },
        body: text,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new VideoUnavailable(`platform unreachable: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    const refusal = videoError.safeParse(await response.json().catch(() => null));
    if (refusal.success && refusal.data.code === 'offline') throw new ChannelOffline(refusal.data.message);
    throw new VideoUnavailable(`platform answered ${response.status}: ${refusal.data?.message ?? ''}`);
  }

  return {
    async liveAddress(request) {
      const response = await post(VIDEO_PATHS.liveAddress, { ...request, expireSeconds: settings.playSeconds });
      const answer = liveAddress.safeParse(await response.json().catch(() => null));
      if (!answer.success) throw new VideoUnavailable('platform answered outside the protocol');
      return answer.data;
    },
    async capture(request) {
      const response = await post(VIDEO_PATHS.capture, request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (!response.headers.get('content-type')?.startsWith('image/jpeg') || bytes.length > MAX_CAPTURE_BYTES) {
        throw new VideoUnavailable('platform answered a capture that is not a JPEG picture of at most 512 KB');
      }
      return bytes;
    },
  };
}
