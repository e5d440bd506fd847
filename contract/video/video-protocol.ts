import { z } from 'zod';

/**
 * The video platform's HTTP interface, as the server uses it and the simulated platform (simulator/src/video)
 * serves it (docs/decisions/057-video-monitoring.md). Shaped like the video clouds of this market (EZVIZ's and
 * Hikvision's open platforms): the console's app key and secret, a camera found by its device serial and channel
 * number, a short-lived play address per channel that the platform signs itself, and a capture of the current
 * picture. Requests are signed as the other providers' are (HMAC-SHA256 over `<timestamp>.<raw body>`).
 */
export { checkSignature, signPayload } from '../lease/esign-protocol.ts';

export const VIDEO_APP_HEADER = 'x-video-app';
export const VIDEO_TIMESTAMP_HEADER = 'x-video-timestamp';
export const VIDEO_SIGNATURE_HEADER = 'x-video-signature';

/** The channels a device carries on the platform (an NVR's 16 inputs at most). */
export const MAX_VIDEO_CHANNEL = 16;
/** How long a play address may live: at least 30 s, at most an hour. */
export const MIN_PLAY_SECONDS = 30;
export const MAX_PLAY_SECONDS = 3600;

const camera = {
  serial: z.string().min(1).max(32),
  channel: z.number().int().min(1).max(MAX_VIDEO_CHANNEL),
};

/** POST /v1/live/address */
export const liveAddressRequest = z.object({
  ...camera,
  expireSeconds: z.number().int().min(MIN_PLAY_SECONDS).max(MAX_PLAY_SECONDS),
});
export type LiveAddressRequest = z.infer<typeof liveAddressRequest>;

export const liveAddress = z.object({
  /** The picture of the channel now (JPEG); valid until `expireAt`, signed by the platform. */
  url: z.string(),
  /** ms since the epoch. */
  expireAt: z.number().int().positive(),
  /** How often a player fetches the next picture. */
  refreshMs: z.number().int().positive(),
});
export type LiveAddress = z.infer<typeof liveAddress>;

/** POST /v1/capture: the answer is the picture itself (`image/jpeg`). */
export const captureRequest = z.object(camera);
export type CaptureRequest = z.infer<typeof captureRequest>;

/**
 * A refusal: `offline` (409: the camera's device is off line or asleep, or the camera itself is), `unknownDevice`
 * (404: no such device on the platform), `refused` (503: the platform will not serve now), `badSignature` (401).
 */
export const VIDEO_ERRORS = ['offline', 'unknownDevice', 'refused', 'badSignature', 'invalid'] as const;
export const videoError = z.object({ code: z.enum(VIDEO_ERRORS), message: z.string() });
export type VideoError = z.infer<typeof videoError>;

export const VIDEO_PATHS = {
  liveAddress: '/v1/live/address',
  capture: '/v1/capture',
} as const;

/**
 * The development app: the simulated platform accepts it unless told otherwise, and a server outside production
 * uses it when VIDEO_SECRET is unset. Public, so a production server never uses it.
 */
export const DEV_VIDEO_APP_KEY = 'console-dev';
export const DEV_VIDEO_SECRET = 'dev-video-secret-not-for-production';
