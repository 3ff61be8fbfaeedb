// Starts the BUILT server (dist/server/main.js) as a child process for the benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = path.join(root, 'dist', 'server', 'main.js');

export function requireBuild() {
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    console.error('The app is not built: run `npm run build` first.');
    process.exit(1);
  }
}

export function makeDataDir() {
  return mkdtempSync(path.join(tmpdir(), 'pagetoscreen-bench-'));
}

export function removeDataDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server on dataDir and resolves once GET /api/health answers 200, with the seconds
 * that took (from spawn). Rejects when the process exits first or after timeoutMs.
 */
export async function startServer({ dataDir, env = {}, timeoutMs = 120_000 }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = process.hrtime.bigint();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      SEED_LISTINGS: '1200',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was healthy:\n${stderr}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after ${timeoutMs} ms:\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;

  return {
    baseUrl,
    pid: child.pid,
    seconds,
    /** CPU seconds (user + system) the server used until healthy: less sensitive to a busy machine. */
    cpuSeconds: cpuSecondsOf(child.pid),
    /** SIGTERM (graceful shutdown), then wait for the process to exit. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a process from /proc/<pid>/stat (Linux; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
