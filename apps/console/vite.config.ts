import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The staff and operator console: its own build, served by the API under /console, so nothing
 * of it reaches the customer app's bundle.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react(), tailwindcss()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Staff open it on a station's screen or a desk, once a shift: one cached file, no budget.
    chunkSizeWarningLimit: 700,
  },
});
