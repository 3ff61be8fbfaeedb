// Preloaded into the server by `bench/as-started.ts` (`node --import ./bench/lib/loop-monitor.mjs
// dist/server/main.js`), so the server runs exactly as `npm start` runs it. It watches the main
// thread's event loop from the moment the HTTP server listens and appends one JSON line a second
// to LOOP_MONITOR_FILE: that second's event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms
// resolution: max and p99) and every gap over 50 ms seen by a 5 ms timer, with its time, so a
// stall can be laid beside the server's log.
import { appendFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  writeFileSync(file, '');
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let listenAt = 0;
  let gaps = [];
  let last = performance.now();
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    this.once('listening', () => {
      if (listenAt) return;
      listenAt = performance.now();
      appendFileSync(file, `${JSON.stringify({ listening: Date.now() })}\n`);
      histogram.reset();
      histogram.enable();
      last = performance.now();
      setInterval(() => {
        const now = performance.now();
        if (now - last > 50) gaps.push({ at: Date.now(), ms: Math.round(now - last) });
        last = now;
      }, 5).unref();
      setInterval(() => {
        const line = {
          at: Date.now(),
          sinceListenMs: Math.round(performance.now() - listenAt),
          maxMs: Math.round(histogram.max / 1e5) / 10,
          p99Ms: Math.round(histogram.percentile(99) / 1e5) / 10,
          gaps,
        };
        gaps = [];
        histogram.reset();
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }, 1000).unref();
    });
    return listen.apply(this, args);
  };
}
