import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API is the server's (npm run dev starts both); the built console is served by it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // The Host header is kept, so http://<appid>.localhost:5173 shows that brand as the server would.
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 8080}`, changeOrigin: false },
      '/brands': { target: `http://localhost:${process.env.PORT ?? 8080}`, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
});
