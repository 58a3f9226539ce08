import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Writes `.br` and `.gz` beside each text asset, so a static server with pre-compressed files
 * enabled (@fastify/static `preCompressed: true`) sends them without compressing per request.
 * It reads the files as written, after every other plugin has finished with them.
 */
function precompress(): Plugin {
  return {
    name: 'stod:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|webmanifest|html)$/.test(fileName)) continue;
        const path = join(dir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

/**
 * The service worker (src/sw/sw.ts), built after the app with the list of files to precache: the
 * app shell that starts offline. The app registers it itself after the first paint
 * (app/shell/useUpdateCheck.ts), in production builds on the web only; `vite` (dev) has none.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  // public/manifest.webmanifest, linked from index.html.
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    // A classic worker: module workers are not in every browser the app runs in.
    rollupFormat: 'iife',
    // index.html, every JS and CSS file, the woff2 fonts (every target browser reads woff2), the
    // icons and the manifest. Left out, and cached on first use instead: the QR decoder's
    // WebAssembly (1 MB, only for scanning without BarcodeDetector), the older woff fonts and
    // the menu's pictures.
    globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
    globIgnores: ['food/**', '**/*.map'],
    // Their names carry their content's hash already.
    dontCacheBustURLsMatching: /^assets\//,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), serviceWorker],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    // e2e/budget.spec.ts reads the manifest to check the /login first-paint budget.
    manifest: true,
    // Every browser and web view the app targets supports modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The domain is pure (no I/O, no globals). Saying so lets the shell take its messages
        // and constants without pulling every zod schema into the first paint. (No call is
        // named pure by name: a minified library's own `z()` would be dropped with it, as the QR
        // decoder's WebAssembly glue was.)
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the first paint needs from node_modules, in one well-compressed file.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store|lucide-react[\\/]dist[\\/]esm[\\/](shared|Icon|createLucideIcon|defaultAttributes|context))[\\/.]/,
            },
          ],
        },
      },
    },
  },
});
