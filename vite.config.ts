import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 8080);

// The app and the API share one origin in production (the server serves dist/);
// in dev Vite proxies /prod-api to the same server so cookies and paths behave alike.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/prod-api': `http://127.0.0.1:${apiPort}` },
  },
});
