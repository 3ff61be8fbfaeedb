import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(path.join(config.dataDir, 'uploads'));
}
