// Runs the Vitest suite on the embedded database, then again on the local PostgreSQL server
// when one is reachable (or TEST_DATABASE_URL is set). Each leg must pass.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const extraArgs = process.argv.slice(2);

function runVitest(env, label) {
  console.log(`\n▶ unit and API tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const { TEST_DATABASE_URL: serverUrl, ...envWithoutServer } = process.env;
runVitest({ ...envWithoutServer, TEST_DATABASE_URL: '' }, 'the embedded database (PGlite)');

const defaultServerUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const url = serverUrl || defaultServerUrl;
const { hostname, port } = new URL(url);
if (await canConnect(hostname, Number(port || 5432))) {
  runVitest({ TEST_DATABASE_URL: url }, `PostgreSQL at ${hostname}:${port || 5432}`);
} else if (serverUrl) {
  console.error(`TEST_DATABASE_URL is set but ${hostname}:${port} is unreachable`);
  process.exit(1);
} else {
  console.log('\nNo PostgreSQL server on 127.0.0.1:5432: the server leg was skipped.');
}
