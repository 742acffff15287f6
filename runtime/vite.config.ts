import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const runtimeDir = import.meta.dirname;

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
      '/admin': 'http://127.0.0.1:8101',
      '/public': 'http://127.0.0.1:8101',
    },
  },
});
