import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientAssets } from './tools/build/client-assets.ts';

const apiPort = Number(process.env.PORT ?? 8080);

// The app and the API share one origin in production (the server serves dist/);
// in dev Vite proxies /prod-api to the same server so cookies and paths behave alike.
export default defineConfig({
  // Source maps are hidden (no sourceMappingURL in the shipped files) and moved out of dist/ by
  // clientAssets, which also pre-compresses the output; the manifest feeds its size report.
  plugins: [react(), clientAssets({ sourcemapDir: '.tmp/sourcemaps' })],
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Rolldown's plugin-timing notice describes Vite's own asset plugins on a busy machine: noise in every build.
    rolldownOptions: {
      checks: { pluginTimings: false },
      // The app, and the buyer's personalisation widget that store pages frame (personalizer/, served at /personalizer/).
      input: { index: 'index.html', personalizer: 'personalizer/index.html' },
    },
  },
  resolve: {
    // Radix's scroll lock, without the <style> element the app's CSP refuses (src/ui/scroll-lock.ts).
    alias: [{ find: /^react-remove-scroll-bar$/, replacement: fileURLToPath(new URL('./src/ui/scroll-lock.ts', import.meta.url)) }],
  },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // The blog's pictures and feeds, the sitemap and robots.txt come from the server (server/blog/) too.
    proxy: Object.fromEntries(
      ['/prod-api', '/blog/images', '/blog/rss.xml', '/sitemap.xml', '/robots.txt'].map((p) => [p, `http://127.0.0.1:${apiPort}`]),
    ),
  },
});
