import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ROLE_IDS } from '../contract/codes/roles.ts';
import { mayOpenScreen, sidebarPaths } from '../contract/screens/access.ts';
import { consoleDist } from './build/console-dist.ts';

// Who may open each screen of the sidebar, read from its declarations when the console is built: the console
// checks a typed address against it (app/shell/keep-alive-outlet.tsx) without carrying the sidebar's entries and
// the endpoint role lists they name, which would pull every endpoint module into the first route.
const screenRoles = Object.fromEntries(
  sidebarPaths().map((path) => [path, ROLE_IDS.filter((roleId) => mayOpenScreen({ path }, roleId))]),
);

// In development the API is the server's (npm run dev starts both); the built console is served by it.
export default defineConfig({
  // The sign-in page's JavaScript in brotli bytes may grow by a little, not by a library, past what it is now (431 KB);
  // the aim is 150 KB, which the shared entry (React, antd, the router, zod) alone exceeds: decision 060.
  plugins: [react(), consoleDist({ loginBudget: 440 * 1024 })],
  define: { __SCREEN_ROLES__: JSON.stringify(screenRoles) },
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
      output: {
        codeSplitting: {
          // zod with its configuration in a chunk of their own, which runs before any chunk that builds a schema:
          // under the server's Content-Security-Policy zod must never try eval (src/lib/zod-config.ts).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/, priority: 2 },
            // Each language's texts in one chunk, loaded when shown (src/lib/i18n.ts).
            { name: 'texts-zh-CN', test: /src[\\/]locales[\\/]zh-CN[\\/]/, priority: 2 },
            { name: 'texts-en-US', test: /src[\\/]locales[\\/]en-US[\\/]/, priority: 2 },
            // What every page needs before its own code (React, antd's core, the router, the app's frame) in one
            // chunk: one request where there were thirty, each a round trip on a slow link.
            { name: 'boot', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
