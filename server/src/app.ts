import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_STATUS } from '@console/contract/http/envelope';
import { translate } from '@console/contract/messages/translate';
import type { AppDeps } from './lib/deps.ts';
import { openApiDocument } from './lib/openapi.ts';
import { jsonBodyLimit, requestLang, runRoute, type RouteDef } from './lib/route.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { compressLargeJson } from './lib/compress-json.ts';
import { serveConsole } from './lib/web-static.ts';
import { serveUpload, uploadBodyLimit } from './lib/uploads.ts';
import { allRoutes, streamEndpoints } from './routes/all.ts';
import { registerLiveRoute } from './live/route.ts';
import { registerEsignCallback } from './lease/callback-route.ts';
import { registerHandoverNoteCallback } from './handover-notes/signing.ts';
import { registerPaymentNotify } from './shop/notify-route.ts';
import { registerBillPayNotify } from './billing/online-pay-notify.ts';
import { registerAckLink } from './notify/ack-route.ts';
import { serveBrandAssets } from './routes/brand.ts';
import { AEMP_SECURITY_SCHEME, aempOpenApiPaths, registerAempRoutes } from './routes/aemp/index.ts';

const SWAGGER_DIR = resolve(import.meta.dirname, '../../node_modules/swagger-ui-dist');

export function servedRoutes(deps: AppDeps, routes: RouteDef[] = allRoutes): RouteDef[] {
  return routes.filter((r) => !(r.endpoint.devOnly && deps.env.NODE_ENV === 'production'));
}

/** The whole HTTP surface: the `*.do` API under /api, its reference, and the built console at /. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const routes = servedRoutes(deps);
  app.use('*', securityHeaders(deps.env));
  // Large JSON answers travel compressed; small ones and event streams as they are (lib/compress-json.ts).
  app.use('/api/*', compressLargeJson());
  // Before the routes: an oversized upload or JSON body is refused while it streams in, before it is held.
  for (const def of routes.filter((r) => r.endpoint.method === 'POST')) {
    app.use(`/api${def.endpoint.path}`, def.endpoint.multipart ? uploadBodyLimit() : jsonBodyLimit());
  }
  for (const def of routes) {
    app.on(def.endpoint.method, `/api${def.endpoint.path}`, (c) => runRoute(def, c, deps));
  }

  registerLiveRoute(app, deps);
  registerEsignCallback(app, deps);
  registerHandoverNoteCallback(app, deps);
  registerPaymentNotify(app, deps);
  registerBillPayNotify(app, deps);
  registerAckLink(app, deps);
  registerAempRoutes(app, deps);

  // Made when first asked for: turning every endpoint's schemas into the document takes a few hundred ms, which
  // every test app paid at its start.
  let document: object | undefined;
  const openApi = () => {
    if (document) return document;
    const generated = openApiDocument([...routes.map((r) => r.endpoint), ...streamEndpoints], '0.0.0');
    // The ISO 15143-3 API answers the standard's documents, not the envelope (decision 068).
    document = {
      ...generated,
      paths: { ...generated.paths, ...aempOpenApiPaths() },
      components: { ...generated.components, securitySchemes: AEMP_SECURITY_SCHEME },
    };
    return document;
  };
  app.get('/api/openapi.json', (c) => c.json(openApi()));
  app.get('/api/docs', (c) => c.html(swaggerPage()));
  // The reference's start-up script is a file, so the page runs under a policy without inline scripts.
  app.get('/api/docs/init.js', (c) =>
    c.body(SWAGGER_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  app.use(
    '/api/docs/assets/*',
    serveStatic({
      root: relative(process.cwd(), SWAGGER_DIR),
      rewriteRequestPath: (p) => p.replace('/api/docs/assets', ''),
    }),
  );
  // Uploaded files, checked by organisation (lib/uploads.ts).
  app.get('/api/files/:name', (c) => serveUpload(c, deps));
  app.all('/api/*', (c) =>
    c.json({ status: API_STATUS.notFound, message: translate(requestLang(c), 'error.notFound'), data: null }, 404),
  );

  // Brand pack logos (white label), checked at load; see routes/brand.ts.
  serveBrandAssets(app, deps);

  const webDist = resolve(deps.env.WEB_DIST);
  if (existsSync(join(webDist, 'index.html'))) serveConsole(app, webDist);
  app.onError((error, c) => {
    deps.log('error', `${c.req.method} ${c.req.path} failed`, error);
    return c.json({ status: API_STATUS.error, message: translate(requestLang(c), 'error.system'), data: null }, 500);
  });
  return app;
}

function swaggerPage(): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;
}

// No online validator badge: the reference works offline and loads nothing from elsewhere.
const SWAGGER_INIT = "SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', validatorUrl: null });\n";
