import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';

/** A tiny but genuine-looking PDF: the upload checks the content, not only the name. */
const deckPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const deckFile = { name: 'proposal-deck.pdf', mimeType: 'application/pdf', buffer: deckPdf };

export interface AgentListing {
  id: number;
  title: string;
  status: string;
  isFeatured: boolean;
  offerCounts: { total: number };
}
export interface OfferAnswer {
  id: number;
  listingId: number;
  status: string;
}

export async function expectOk(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
) {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** A producer's open offer made through the API: deck, offer, then the card hold. */
export async function placeOfferThroughApi(
  api: APIRequestContext,
  origin: string,
  listingId: number,
  offerPrice: string,
): Promise<OfferAnswer> {
  const upload = (await expectOk(
    await api.post('/api/uploads/deck', { multipart: { file: deckFile }, headers: { origin } }),
    'deck upload',
  )) as { deckFileUrl: string };
  const created = (await expectOk(
    await api.post('/api/offers', {
      data: { listingId, offerPrice, optionPeriod: 12, deckFileUrl: upload.deckFileUrl },
      headers: { origin, 'Idempotency-Key': randomUUID() },
    }),
    'create offer',
  )) as { offer: OfferAnswer; clientSecret: string };
  await expectOk(
    await api.post('/api/payments/local/confirm', {
      data: {
        clientSecret: created.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      },
      headers: { origin },
    }),
    'confirm card',
  );
  return created.offer;
}
