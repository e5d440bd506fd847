import type { Context, Hono } from 'hono';
import { brandEndpoints } from '@console/contract/http/brand';
import type { AppDeps } from '../lib/deps.ts';
import { brandForHost, brandsOf } from '../lib/brands.ts';
import { notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';

/** The host the browser asked for; behind a trusted proxy, the one it forwarded. */
function requestHost(c: Context, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
  return forwarded || c.req.header('host') || new URL(c.req.url).host;
}

/** The brand the console at this address shows (the default brand's for an unknown host). */
export function requestBrand(c: Context, deps: AppDeps) {
  const pack = brandForHost(brandsOf(deps), requestHost(c, deps.env.TRUST_PROXY));
  // Only when no pack at all is valid; the console then keeps its built-in look (spec section 8).
  if (!pack) throw notFound();
  return pack;
}

export const brandRoutes: RouteDef[] = [
  route(brandEndpoints.metadata, ({ c, deps }) => {
    const pack = requestBrand(c, deps);
    return { data: JSON.stringify(pack.info), appid: pack.appid };
  }),
];

/**
 * Logos at /brands/<appid>/<file>: only the checked logo of a loaded pack, from memory, typed by its
 * bytes. nosniff and a CSP without script mean that even a logo opened on its own cannot run anything.
 */
export function serveBrandAssets(app: Hono, deps: AppDeps): void {
  const registry = brandsOf(deps);
  app.get('/brands/:appid/:file', (c) => {
    const pack = registry.packs.get(c.req.param('appid'));
    if (!pack || pack.logo.file !== c.req.param('file')) return c.text('Not found', 404);
    return c.body(pack.logo.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': pack.logo.type,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'public, max-age=300',
    });
  });
}
