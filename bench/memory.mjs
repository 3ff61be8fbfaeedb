// Resident memory (RSS) of the built server with the demo catalogue: seeds a fresh data
// directory (first start), restarts on it, loads the home page, a listing page and the public
// APIs a few times, then reads VmRSS and VmHWM (peak) of the server from /proc/<pid>/status.
// Run `npm run build` first. Linux only (/proc).
import { readFileSync } from 'node:fs';
import { makeDataDir, removeDataDir, requireBuild, startServer } from './lib/run-server.mjs';

const targetMb = 300;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function exercise(baseUrl, rounds) {
  const featured = await fetch(`${baseUrl}/api/listings/featured`).catch(() => null);
  const items = featured?.ok ? await featured.json() : [];
  const listingId = Array.isArray(items) && items.length > 0 ? items[0].id : 1;
  const urls = [
    '/',
    '/api/health',
    '/api/public/stats',
    '/api/listings/featured',
    `/listing/${listingId}`,
    '/sitemap.xml',
    '/terms-of-use',
  ];
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(urls.map((url) => fetch(`${baseUrl}${url}`).then((r) => r.arrayBuffer())));
  }
}

requireBuild();
const dataDir = makeDataDir();
try {
  const seeding = await startServer({ dataDir });
  await exercise(seeding.baseUrl, 20);
  const afterSeeding = memoryOf(seeding.pid);
  await seeding.stop();

  const server = await startServer({ dataDir });
  const afterStart = memoryOf(server.pid);
  await exercise(server.baseUrl, 50);
  const afterRequests = memoryOf(server.pid);
  await server.stop();

  console.log(`first start (migrate + seed 1,200 listings), after requests:`);
  console.log(
    `  RSS ${afterSeeding.rssMb.toFixed(1)} MB, peak ${afterSeeding.peakMb.toFixed(1)} MB`,
  );
  console.log(`restart on the seeded data directory:`);
  console.log(`  RSS when healthy ${afterStart.rssMb.toFixed(1)} MB`);
  console.log(
    `  RSS after 350 requests ${afterRequests.rssMb.toFixed(1)} MB, peak ${afterRequests.peakMb.toFixed(1)} MB`,
  );
  // The figure that matters is the server as it runs day to day: restarted on a seeded data
  // directory and serving. The first start also runs initdb and the seed, and keeps that peak.
  const verdict = afterRequests.rssMb < targetMb ? 'meets' : 'MISSES';
  console.log(
    `\nRSS serving the demo catalogue: ${afterRequests.rssMb.toFixed(1)} MB (target < ${targetMb} MB: ${verdict})`,
  );
} finally {
  removeDataDir(dataDir);
}
