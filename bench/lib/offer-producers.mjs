// The producers of bench/offers.ts, run in a worker thread: a client on its own event loop, so
// the server's thread (and, on the embedded database, the database's) does only server work,
// as with real clients on other machines. Each producer loops: POST /api/offers (an offer and
// its card hold), then POST /api/payments/local/confirm with the success card.
//
// workerData: { base, origin, producers: [{ id, cookie, deckFileUrl }], listingIds, seconds,
//   thinkMs, card }. Protocol: the worker warms up (5 offers, not counted), posts 'ready', waits
// for 'go', runs the measured loop and posts { createTimes, confirmTimes, errors,
// submittedPence, elapsedSeconds }.
import { parentPort, workerData } from 'node:worker_threads';

const { base, origin, producers, listingIds, seconds, thinkMs, card } = workerData;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let addressCounter = 0;
// Request ids name the step and whether it is measured (`m-create-…`, `m-confirm-…`): the
// server logs them with its own response time, which an as-started run reads from its log.
let phase = 'warm';
async function post(cookie, url, body, step) {
  addressCounter += 1;
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      cookie,
      'x-request-id': `${phase}-${step}-${addressCounter}`,
      // Offer routes are rate limited per address: each request names its own.
      'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  return { status: response.status, json, ms: performance.now() - started };
}

let createTimes = [];
let confirmTimes = [];
let errors = {};
let submittedPence = 0;
const fail = (what) => {
  errors[what] = (errors[what] ?? 0) + 1;
};
const state = producers.map((producer) => ({ ...producer, next: 0 }));

async function submitOnce(producer) {
  const listingId = listingIds[producer.next % listingIds.length];
  producer.next += 1;
  const price = 1000 + ((producer.id * 7 + producer.next * 13) % 500) * 1000;
  const created = await post(
    producer.cookie,
    '/api/offers',
    {
      listingId,
      offerPrice: String(price),
      optionPeriod: 12,
      fundCompetition: false,
      deckFileUrl: producer.deckFileUrl,
    },
    'create',
  );
  if (created.status !== 201) return fail(`create ${created.status}`);
  createTimes.push(created.ms);
  const confirmed = await post(
    producer.cookie,
    '/api/payments/local/confirm',
    {
      clientSecret: created.json.clientSecret,
      cardNumber: card,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    },
    'confirm',
  );
  if (confirmed.status !== 200) return fail(`confirm ${confirmed.status}`);
  confirmTimes.push(confirmed.ms);
  submittedPence += price * 100;
}

// Warm-up (JIT, connections), not counted.
for (const producer of state.slice(0, 5)) await submitOnce(producer);
createTimes = [];
confirmTimes = [];
errors = {};
submittedPence = 0;
parentPort.postMessage({ kind: 'ready' });
await new Promise((resolve) => parentPort.once('message', resolve));
phase = 'm';

const startedAt = performance.now();
const deadline = startedAt + seconds * 1000;
await Promise.all(
  state.map(async (producer) => {
    // With think time, producers arrive spread over it rather than all at once.
    if (thinkMs > 0) await sleep(Math.random() * thinkMs);
    while (performance.now() < deadline) {
      try {
        await submitOnce(producer);
      } catch {
        fail('network');
      }
      // Spread out around the think time so producers do not move in lockstep.
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
    }
  }),
);
parentPort.postMessage({
  kind: 'done',
  createTimes,
  confirmTimes,
  errors,
  submittedPence,
  elapsedSeconds: (performance.now() - startedAt) / 1000,
});
