import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API is the server's (npm run dev starts both); the built console is served by it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}`, '/brands': `http://localhost:${process.env.PORT ?? 8080}` },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
});
