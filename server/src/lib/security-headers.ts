import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from './env.ts';

/**
 * The image sources of the map tile templates (MAP_TILES_*): `https://webrd0{s}.is.autonavi.com/...` becomes
 * `https://*.is.autonavi.com`. A template whose host is not a plain name with at most a templated first label
 * allows its scheme alone.
 */
export function tileSources(templates: string[]): string[] {
  const sources = new Set<string>();
  for (const template of templates) {
    const match = /^(https?):\/\/([^/?#]+)/.exec(template);
    if (!match) continue;
    const [, scheme, host] = match as unknown as [string, string, string];
    const [first, ...rest] = host.split('.');
    if (!host.includes('{')) sources.add(`${scheme}://${host}`);
    else if (first!.includes('{') && rest.length > 1 && !rest.join('.').includes('{')) {
      sources.add(`${scheme}://*.${rest.join('.')}`);
    } else sources.add(`${scheme}:`);
  }
  return [...sources];
}

/**
 * Headers on every answer (decision 020): a Content-Security-Policy the console and the API reference work
 * with (scripts only from this origin; inline styles, which antd and swagger-ui write; images also from the
 * map tile servers, the video platform's play origin and blob: for the files the console fetched), no framing by other sites, no content
 * sniffing, and only the origin as referrer to other sites (tile servers ask for one). A header a handler set
 * itself (an uploaded file's, a brand logo's stricter policy) is kept.
 */
export function securityHeaders(
  env: Pick<Env, 'MAP_TILES_GLOBAL' | 'MAP_TILES_REGIONAL' | 'VIDEO_PLAY_ORIGIN'>,
): MiddlewareHandler {
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: [
        "'self'",
        'data:',
        'blob:',
        ...tileSources([env.MAP_TILES_GLOBAL, env.MAP_TILES_REGIONAL]),
        // The video platform's play addresses: the monitor page shows their pictures (decision 057).
        new URL(env.VIDEO_PLAY_ORIGIN).origin,
      ],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // TLS ends at the operator's proxy, which sets HSTS for its own domain; a plain-HTTP demo must not.
    strictTransportSecurity: false,
  });
}
