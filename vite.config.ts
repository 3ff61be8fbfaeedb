import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const srcDir = path.resolve(import.meta.dirname, 'src');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
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
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
