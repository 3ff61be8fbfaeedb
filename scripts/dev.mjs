// `npm run dev`: the API server with `tsx watch` (restarts on change) and Vite with hot reload
// (http://localhost:5173, proxying /api to the server on PORT, default 3000). Ctrl-C stops both;
// when one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  {
    name: 'server',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/app/server/main.ts'],
    env: { NODE_ENV: 'development' },
  },
  { name: 'web', command: bin('vite'), args: ['--port', '5173', '--strictPort'], env: {} },
].map(({ name, command, args, env }) => ({
  name,
  // Each child runs in its own process group so a Ctrl-C reaches it once, through this script
  // (tsx passes it on to the server it watches).
  process: spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, ...env },
  }),
}));

const isRunning = (child) => child.exitCode === null && child.signalCode === null;
let exitCode = null;

function stopAll(signal) {
  for (const { process: child } of children) if (isRunning(child)) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    exitCode ??= 0;
    stopAll(signal);
  });
}
process.on('exit', () => stopAll('SIGKILL'));

for (const { name, process: child } of children) {
  child.on('exit', (code, signal) => {
    if (exitCode === null) {
      console.log(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the others`);
      exitCode = code ?? (signal ? 128 + constants.signals[signal] : 1);
      stopAll('SIGTERM');
    }
    if (children.every(({ process: other }) => !isRunning(other))) process.exit(exitCode);
  });
}
