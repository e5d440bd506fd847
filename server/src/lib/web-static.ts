import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { serveStatic } from '@hono/node-server/serve-static';

/** Vite names every file under /assets/ by its content: a changed file is a new name, so it may be kept forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the favicon, demo files) is kept but asked again, answered 304 while unchanged. */
const REVALIDATE = 'no-cache';

/**
 * The built console (docs/decisions/060-console-speed.md). The build wrote a brotli and a gzip copy beside each
 * text file (web/build/console-dist.ts); the one the browser accepts is sent as it is, so nothing is compressed
 * per request. Hashed assets are cached for a year; index.html and the other files are revalidated by ETag.
 */
export function serveConsole(app: Hono, webDist: string): void {
  const root = relative(process.cwd(), webDist);
  app.use('/assets/*', cachedAs(IMMUTABLE), serveStatic({ root, precompressed: true }));
  // A chunk a rebuild removed is missing, not a page: an old tab gets a 404 rather than index.html as script.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use('/*', cachedAs(REVALIDATE), etag(), serveStatic({ root, precompressed: true }));
  // Every other path is a console route: the single-page app decides (and shows /404 itself).
  // Read on each request (it is small), so a rebuilt console is served without restarting the server.
  app.get('*', (c) => c.html(readFileSync(join(webDist, 'index.html'), 'utf8')));
}

/** Marks a file answered below it: how long it is kept, and that it varies with the encodings accepted. */
function cachedAs(cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 304) return;
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set('Vary', 'Accept-Encoding');
  };
}
