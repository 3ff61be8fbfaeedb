import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage';

/** Files under DATA_DIR/uploads; keys are relative paths made by the app, never by users. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { sizeBytes: (await stat(file)).size };
    },
    async get(key) {
      const file = resolve(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
