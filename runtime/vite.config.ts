import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const runtimeDir = import.meta.dirname;
// `npm run dev:ui` proxies the API to `npm run dev:server`, which listens on PORT (default 8001, as server/config.ts).
const api = `http://127.0.0.1:${process.env.PORT ?? 8001}`;

// The UI is built into dist/ui and served by the Joinery server at '/'; in development the API is proxied.
export default defineConfig({
  root: runtimeDir,
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/ui',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/admin': api,
      '/public': api,
    },
  },
});
