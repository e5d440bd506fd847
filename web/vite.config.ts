import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ROLE_IDS } from '../contract/codes/roles.ts';
import { kindPaths, mayOpenScreen, sidebarPaths } from '../contract/screens/access.ts';
import { consoleDist } from './build/console-dist.ts';
import { routePreloads } from './build/route-preloads.ts';
import { signInTexts } from './build/sign-in-texts.ts';
import { startChunks } from './build/start-chunks.ts';

// Who may open each screen of the sidebar, read from its declarations when the console is built: the console
// checks a typed address against it (app/shell/keep-alive-outlet.tsx) without carrying the sidebar's entries and
// the endpoint role lists they name, which would pull every endpoint module into the first route.
const screenRoles = Object.fromEntries(
  sidebarPaths().map((path) => [path, ROLE_IDS.filter((roleId) => mayOpenScreen({ path }, roleId))]),
);

const root = import.meta.dirname;
const starts = startChunks(root);

// In development the API is the server's (npm run dev starts both); the built console is served by it.
export default defineConfig({
  // The sign-in page's JavaScript in brotli bytes may grow by a little, not by a library, past what it is now
  // (92 KB, the aim 150 KB): decision 060.
  plugins: [react(), starts.plugin, consoleDist({ loginBudget: 102 * 1024 }), routePreloads()],
  define: {
    __SCREEN_ROLES__: JSON.stringify(screenRoles),
    __KIND_SCREENS__: JSON.stringify(kindPaths()),
    // The sign-in pages' few texts, one language per chunk (src/sign-in/texts.ts).
    __SIGN_IN_TEXTS_ZH__: JSON.stringify(signInTexts(root, 'zh-CN')),
    __SIGN_IN_TEXTS_EN__: JSON.stringify(signInTexts(root, 'en-US')),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // The Host header is kept, so http://<appid>.localhost:5173 shows that brand as the server would.
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 8080}`, changeOrigin: false },
      '/brands': { target: `http://localhost:${process.env.PORT ?? 8080}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The console's start is an entry of its own, loaded by src/main.tsx when a page needs it: its static imports
      // are then `$initial`, one chunk (build/start-chunks.ts).
      input: { index: `${root}/index.html`, console: `${root}/src/console.tsx` },
      output: {
        codeSplitting: {
          // zod with its configuration in a chunk of their own, which runs before any chunk that builds a schema:
          // under the server's Content-Security-Policy zod must never try eval (src/lib/zod-config.ts).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/, priority: 3 },
            // Each language's texts in one chunk, loaded when shown (src/lib/i18n.ts).
            { name: 'texts-zh-CN', test: /src[\\/]locales[\\/]zh-CN[\\/]/, priority: 3 },
            { name: 'texts-en-US', test: /src[\\/]locales[\\/]en-US[\\/]/, priority: 3 },
            // What the sign-in page and the console each run before a page's own code (React, antd's core, the
            // router, the app's frame): a few chunks where there were thirty requests, each a round trip.
            ...starts.groups,
          ],
        },
      },
    },
  },
});
