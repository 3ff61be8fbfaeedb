// `npm start`: builds the app when dist/ is missing or older than the sources, then runs the
// bundled server (it migrates, seeds an empty embedded database and serves on PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtFiles = ['dist/web/index.html', 'dist/server/main.js'];
const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'db/migrations',
  'scripts/build-server.mjs',
];

/** Newest modification time (ms) of a file or of any file under a folder; 0 when missing. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    // Tests are not part of the build: editing one needs no rebuild.
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or null when dist/ is up to date. */
function buildReason() {
  const missing = builtFiles.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) return `${missing.join(' and ')} missing`;
  const builtAt = Math.min(...builtFiles.map((file) => statSync(path.join(root, file)).mtimeMs));
  const changed = sources.filter((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed.length > 0 ? `sources changed since the last build (${changed.join(', ')})` : null;
}

const reason = buildReason();
if (reason) {
  console.log(`▶ building PageToScreen: ${reason}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

// The server runs in its own process group so a Ctrl-C in the terminal reaches it once, through
// this script, and its graceful shutdown is not cut short by a second signal.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: { NODE_ENV: 'production', ...process.env },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
});
