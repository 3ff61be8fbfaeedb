import type { Readable } from 'node:stream';
import { GetObjectCommand, DeleteObjectCommand, S3Client, NoSuchKey } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import type { Storage } from './storage';

/** An S3-compatible bucket (AWS, MinIO, R2...): what lets several app instances share files. */
export function createS3Storage(options: Config['storage']): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const bucket = options.bucket!;
  return {
    async put(key, body, contentType) {
      let sizeBytes = 0;
      body.on('data', (chunk: Buffer) => {
        sizeBytes += chunk.length;
      });
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      }).done();
      return { sizeBytes };
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
