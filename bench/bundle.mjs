// Gzipped JavaScript and CSS a logged-out visit to the home page loads from the built app:
// the entry script and its static imports (the modulepreload links), the stylesheet links,
// and the lazily loaded home-page chunk with its own static imports and CSS. Read from
// dist/web/.vite/manifest.json (vite.config.ts sets build.manifest). Run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/run-server.mjs';

const webDir = path.join(root, 'dist', 'web');
const manifestFile = path.join(webDir, '.vite', 'manifest.json');
const homePageSource = 'src/app/web/pages/home-page.tsx';
const targetJsKb = 150;

if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');

/** Every file a manifest chunk loads up front: itself, its static imports and their CSS. */
function filesOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) filesOf(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const files = filesOf(entryKey);
filesOf(homePageSource, files);

// Whatever index.html itself references (script, modulepreload, stylesheet) loads too.
for (const [, url] of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) files.add(url);

const rows = [...files].map((file) => {
  const content = readFileSync(path.join(webDir, file));
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    rawKb: content.length / 1024,
    gzipKb: gzipSync(content).length / 1024,
  };
});
rows.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzipKb - a.gzipKb);

console.log('file'.padEnd(52), 'raw KB'.padStart(9), 'gzip KB'.padStart(9));
for (const row of rows) {
  console.log(
    row.file.padEnd(52),
    row.rawKb.toFixed(1).padStart(9),
    row.gzipKb.toFixed(1).padStart(9),
  );
}
const total = (kind, field) =>
  rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row[field], 0);
const jsKb = total('js', 'gzipKb');
console.log(
  `\nhome page JS: ${jsKb.toFixed(1)} KB gzipped (${total('js', 'rawKb').toFixed(1)} KB raw) in ${rows.filter((r) => r.kind === 'js').length} files; target <= ${targetJsKb} KB: ${jsKb <= targetJsKb ? 'meets' : 'MISSES'}`,
);
console.log(
  `home page CSS: ${total('css', 'gzipKb').toFixed(1)} KB gzipped (${total('css', 'rawKb').toFixed(1)} KB raw)`,
);
