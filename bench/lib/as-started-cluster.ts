// Starts the BUILT server the way `npm start` / `npm run serve` runs it (`node
// dist/server/main.js`, NODE_ENV=production, every background job on), one or several
// instances, and with several puts Debian's haproxy in front (round-robin, health check on
// /api/health), as the cluster test does (tests/cluster/harness.ts). For benchmarks that must
// measure the product as users run it (issue 33). Each instance's JSON log is kept in memory,
// line by line, so a benchmark can read the server's own request timings ("request completed"
// lines carry the request id and responseTime).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * utime + stime of a process from /proc/<pid>/stat (Linux; clock ticks of 1/100 s), or of its
 * main thread alone (the event loop that serves requests; the embedding workers are threads of
 * the same process).
 */
export function cpuSecondsOf(pid: number | undefined, mainThreadOnly = false): number {
  try {
    const file = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function waitFor200(url: string, timeoutMs: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited first:\n${log().slice(-3000)}`);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface StartedInstance {
  url: string;
  process: ChildProcess;
  /** Every JSON line the instance wrote so far (stdout and stderr). */
  lines: string[];
}

export interface AsStartedCluster {
  /** Where clients go: the balancer, or the one instance itself. */
  url: string;
  instances: StartedInstance[];
  /** CPU seconds each server process has used so far (haproxy not counted). */
  cpuSeconds(): number[];
  /** The same, of each server's main thread only. */
  mainThreadCpuSeconds(): number[];
  stop(): Promise<void>;
}

export interface StartOptions {
  instances: number;
  /** The environment every instance shares (DATABASE_URL, DATA_DIR, SESSION_SECRET...). */
  env: Record<string, string>;
  /** Where haproxy's configuration goes. */
  workDir: string;
  /** The address the app believes it is served at (cookies, CSRF origin); PUBLIC_URL. */
  publicUrl: string;
  /** Port of the balancer, or of the single instance. */
  port: number;
  /** Each server writes its V8 CPU profile into this folder when it exits (node --cpu-prof). */
  cpuProfileDir?: string;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function haproxyConfig(port: number, ports: number[]): string {
  return [
    'global',
    '  maxconn 2048',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-keep-alive',
    'frontend bench',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 3 rise 2',
    ...ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

/**
 * Starts the instances one after another (the first migrates; the database is already migrated
 * by the bench, so the others find nothing to do), each ready (/api/ready) before the next, then
 * haproxy when there are several.
 */
export async function startAsStarted(options: StartOptions): Promise<AsStartedCluster> {
  const children: ChildProcess[] = [];
  const instances: StartedInstance[] = [];
  const onExit = () => {
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
  };
  process.once('exit', onExit);
  const stop = async () => {
    for (const child of children) if (isRunning(child)) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        isRunning(child) ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    process.removeListener('exit', onExit);
  };
  try {
    const single = options.instances === 1;
    for (let index = 0; index < options.instances; index += 1) {
      const port = single ? options.port : await freePort();
      const nodeArgs = options.cpuProfileDir
        ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
        : [];
      const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? options.workDir,
          ...options.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: options.publicUrl,
        },
      });
      const lines: string[] = [];
      let partial = '';
      const collect = (chunk: Buffer) => {
        const text = partial + chunk.toString('utf8');
        const parts = text.split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) if (line) lines.push(line);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      children.push(child);
      const instance = { url: `http://127.0.0.1:${port}`, process: child, lines };
      instances.push(instance);
      await waitFor200(`${instance.url}/api/ready`, 300_000, child, () => lines.join('\n'));
    }
    if (!single) {
      const configFile = path.join(options.workDir, 'haproxy.cfg');
      writeFileSync(
        configFile,
        haproxyConfig(
          options.port,
          instances.map((i) => Number(new URL(i.url).port)),
        ),
      );
      const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: 'ignore' });
      children.push(haproxy);
      const lb = `http://127.0.0.1:${options.port}`;
      // Every server must be seen healthy by haproxy before the load starts.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await waitFor200(`${lb}/api/health`, 15_000, haproxy, () => '(haproxy)');
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    instances,
    cpuSeconds: () => instances.map((instance) => cpuSecondsOf(instance.process.pid)),
    mainThreadCpuSeconds: () =>
      instances.map((instance) => cpuSecondsOf(instance.process.pid, true)),
    stop,
  };
}

/** responseTime of every "request completed" line whose request id starts with the prefix. */
export function serverTimesByPrefix(lines: string[], prefix: string): number[] {
  const times: number[] = [];
  for (const line of lines) {
    if (!line.includes(prefix) || !line.includes('responseTime')) continue;
    try {
      const entry = JSON.parse(line) as { reqId?: string; responseTime?: number };
      if (entry.reqId?.startsWith(prefix) && typeof entry.responseTime === 'number') {
        times.push(entry.responseTime);
      }
    } catch {
      // Not a JSON line.
    }
  }
  return times;
}
