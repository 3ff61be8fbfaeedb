// Bundles the server into dist/server/main.js; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/app/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log('server bundled to dist/server/main.js');
