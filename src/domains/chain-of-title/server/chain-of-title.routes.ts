import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '@/server/plugins/session';
import { AppError, errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { CHAIN_DOCUMENT_MAX_BYTES } from '../chain-of-title.constants';
import {
  ChainDocumentParamsSchema,
  ChainListingParamsSchema,
  ChainOfTitleResponseSchema,
  ChainOverviewQuerySchema,
  ChainOverviewResponseSchema,
  DeleteChainDocumentResponseSchema,
  UploadChainDocumentResponseSchema,
} from '../chain-of-title.schema';
import { CHAIN_DOCUMENT_NOT_FOUND, CHAIN_LISTING_NOT_FOUND } from './chain-access';
import { deleteChainDocument } from './delete-chain-document';
import { findChainOverview } from './find-chain-overview';
import { getChainOfTitle } from './get-chain-of-title';
import { attachmentHeader, getChainDocumentFile } from './get-chain-document-file';
import { readChainUpload } from './read-chain-upload';
import { uploadChainDocument } from './upload-chain-document';

const TAGS = ['chain-of-title'];

/**
 * A listing's chain of title: admins file and delete the documents that prove its rights;
 * the listing's agent reads them. Multipart parsing is registered in this plugin only, with
 * the 25 MB limit enforced by the parser while the PDF streams in.
 */
export const chainOfTitleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CHAIN_DOCUMENT_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.get(
    '/chain-of-title/listings/:listingId',
    {
      schema: {
        tags: TAGS,
        summary: "A listing's chain of title: documents by effective date, and the gaps in it",
        params: ChainListingParamsSchema,
        response: { 200: ChainOfTitleResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const listingId = parseId(request.params.listingId);
      if (listingId === null) throw notFound(CHAIN_LISTING_NOT_FOUND);
      return getChainOfTitle(app.db, { user, listingId, now: new Date() });
    },
  );

  app.get(
    '/chain-of-title/documents/:id/file',
    {
      schema: {
        tags: TAGS,
        summary: "Download a chain-of-title PDF (the listing's agent, admins)",
        params: ChainDocumentParamsSchema,
        response: {
          200: z.unknown().describe('The PDF (application/pdf), as an attachment'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const documentId = parseId(request.params.id);
      if (documentId === null) throw notFound(CHAIN_DOCUMENT_NOT_FOUND);
      const file = await getChainDocumentFile(app.db, app.storage, { user, documentId });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', attachmentHeader(file.originalName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.get(
    '/admin/chain-of-title/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'Listings with their chain-of-title document and gap counts (admins)',
        querystring: ChainOverviewQuerySchema,
        response: { 200: ChainOverviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return findChainOverview(app.db, { ...request.query, now: new Date() });
    },
  );

  app.post(
    '/admin/chain-of-title/listings/:listingId/documents',
    {
      schema: {
        tags: TAGS,
        summary:
          'File a chain-of-title document (admins): multipart with a PDF of at most 25MB in "file", and documentType, title, parties (one per line), effectiveDate, expiryDate, notes',
        consumes: ['multipart/form-data'],
        params: ChainListingParamsSchema,
        response: {
          201: UploadChainDocumentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const listingId = parseId(request.params.listingId);
      if (listingId === null) throw notFound(CHAIN_LISTING_NOT_FOUND);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
      }
      const upload = await readChainUpload(request.parts());
      try {
        const document = await uploadChainDocument(app, { admin, listingId, upload });
        return reply.status(201).send({ document });
      } finally {
        await upload.cleanUp();
      }
    },
  );

  app.delete(
    '/admin/chain-of-title/documents/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a wrongly filed chain-of-title document (admins; audited)',
        params: ChainDocumentParamsSchema,
        response: { 200: DeleteChainDocumentResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const documentId = parseId(request.params.id);
      if (documentId === null) throw notFound(CHAIN_DOCUMENT_NOT_FOUND);
      await deleteChainDocument(app, { admin, documentId });
      return { deleted: true as const };
    },
  );
};
