import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { deckFileUrlFor } from '../offers.schema';
import { decks } from './offers.tables';

/** The smallest file the deck sniffer takes for a PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/**
 * Stores a PDF deck for a producer without the multipart upload (tests and benchmarks that
 * are about offers, not uploads). Answers the deckFileUrl to submit with the offer.
 */
export async function insertDeck(
  app: FastifyInstance,
  ownerId: number,
  originalName = 'proposal.pdf',
): Promise<string> {
  const storageKey = `decks/${ownerId}/${randomUUID()}.pdf`;
  await app.storage.put(storageKey, Readable.from([PDF_BYTES]), 'application/pdf');
  const [deck] = await app.db
    .insert(decks)
    .values({
      ownerId,
      storageKey,
      originalName,
      mimeType: 'application/pdf',
      sizeBytes: PDF_BYTES.length,
    })
    .returning({ id: decks.id });
  return deckFileUrlFor(deck.id);
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  filename: string,
  content: Buffer,
  options: { field?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pts${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
