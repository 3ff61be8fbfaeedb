import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // bench/bundle.mjs reads it to find the chunks the home page loads.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
