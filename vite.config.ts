import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const srcDir = path.resolve(import.meta.dirname, 'src');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': srcDir } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // bench/bundle.mjs reads it to find the chunks the home page loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Our modules do nothing when imported but define their exports (main.tsx, the entry,
        // runs regardless), so a room's front door (web/index.ts) costs a page only the
        // exports it uses, not every panel the room offers.
        moduleSideEffects: [
          { test: new RegExp(`^${escapeRegExp(srcDir)}/.*\\.tsx?$`), sideEffects: false },
        ],
      },
    },
  },
  // The API server listens on PORT (from the environment or .env, as src/app/server/main.ts reads
  // it); the dev server's /api proxy follows it.
  server: {
    proxy: {
      '/api': `http://localhost:${process.env.PORT || loadEnv(mode, import.meta.dirname, '').PORT || 3000}`,
    },
  },
}));
