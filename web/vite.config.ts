import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ROLE_IDS } from '../contract/codes/roles.ts';
import { mayOpenScreen, sidebarPaths } from '../contract/screens/access.ts';

// Who may open each screen of the sidebar, read from its declarations when the console is built: the console
// checks a typed address against it (app/shell/keep-alive-outlet.tsx) without carrying the sidebar's entries and
// the endpoint role lists they name, which would pull every endpoint module into the first route.
const screenRoles = Object.fromEntries(
  sidebarPaths().map((path) => [path, ROLE_IDS.filter((roleId) => mayOpenScreen({ path }, roleId))]),
);

// In development the API is the server's (npm run dev starts both); the built console is served by it.
export default defineConfig({
  plugins: [react()],
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
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
});
