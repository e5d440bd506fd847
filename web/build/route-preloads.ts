import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { routePages, SHELL } from './console-dist.ts';

/** The module the page's entry loads beside the console, which reads the routes' loaders. */
const PRELOAD_START = 'src/lib/route-preload-start.ts';
const ROUTE_PAGES_ID = 'virtual:route-pages';
/** The chunks both starts (the sign-in page's and the console's) run first: vite.config.ts, build/start-chunks.ts. */
const SHARED_CHUNKS = ['rolldown-runtime', 'zod', 'start-shared'];
const RESOLVED = `\0${ROUTE_PAGES_ID}`;

/**
 * `virtual:route-pages`: each routed screen's page by its address (in lower case), the shell, and one catalog of
 * each language, as loaders (docs/decisions/060-console-speed.md). Read from the same declarations as the router
 * (contract/screens, features/<area>/screens.ts). The bundler gives each loader the list of chunks and stylesheets it
 * needs, so calling it asks for all of them at once: the page's entry calls the opened page's beside the console's
 * start, rather than the console's router calling it once the console has loaded and run. `index.html` names that
 * module's chunk (a few KB) for the browser to fetch beside the entry's, so the entry finds it in when it runs, and
 * the chunks both starts run first, which the entry does not import.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ROUTE_PAGES_ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const load = (file: string) => `() => import(${JSON.stringify(resolve(root, file))})`;
      const pages = routePages(root).map(
        (r) =>
          `  ${JSON.stringify(r.path.toLowerCase())}: { load: ${load(r.page)}, shell: ${r.inShell}, public: ${r.public} },`,
      );
      return [
        `export const shell = ${load(SHELL)};`,
        // One catalog loads its language's chunk, which holds them all (vite.config.ts).
        `export const texts = { en: ${load('src/locales/en-US/common.json')}, 'zh-cn': ${load('src/locales/zh-CN/common.json')} };`,
        `export const pages = {\n${pages.join('\n')}\n};`,
      ].join('\n');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((out) => out.type === 'chunk');
        // What both starts run (the entry imports neither: it must not wait for them), and the routes' loaders.
        const files = chunks
          .filter((c) => SHARED_CHUNKS.includes(c.name) || c.facadeModuleId === resolve(root, PRELOAD_START))
          .map((c) => c.fileName);
        const tags = files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
        return { html, tags };
      },
    },
  };
}
