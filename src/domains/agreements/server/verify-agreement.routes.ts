import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '@/shared/errors';
import {
  AGREEMENT_VERIFY_MAX_BYTES,
  AGREEMENT_VERIFY_SIZE_MESSAGE,
  AGREEMENT_VERIFY_TYPE_MESSAGE,
  AgreementVerificationSchema,
} from '../agreement-verify.schema';
import { malformedUpload } from '@/domains/offers/server';
import { isPdf, verifyAgreement } from './verify-agreement';

const CHOOSE_FILE = 'Please choose the agreement PDF to verify';

/**
 * /api/agreements/verify (decision 016): anyone uploads an agreement PDF and learns whether we
 * issued it, unchanged. Multipart parsing is registered in this plugin's scope only, with the
 * size cap enforced by the parser while the file streams in; nothing is stored.
 */
export const verifyAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: AGREEMENT_VERIFY_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/agreements/verify',
    {
      schema: {
        tags: ['offers'],
        summary:
          'Verify an option agreement PDF (multipart field "file", at most 5MB): whether its SHA-256 is that of an agreement PageToScreen issued or signed, and whether its embedded digital signature checks',
        consumes: ['multipart/form-data'],
        response: {
          200: AgreementVerificationSchema,
          ...errorResponses(400, 413, 415, 429),
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the agreement as multipart/form-data');
      }
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') {
          file?.file.resume();
          throw new AppError('VALIDATION', CHOOSE_FILE, { fields: { file: CHOOSE_FILE } });
        }
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', AGREEMENT_VERIFY_SIZE_MESSAGE);
        }
        throw malformedUpload(error);
      }
      if (!isPdf(bytes)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', AGREEMENT_VERIFY_TYPE_MESSAGE);
      }
      return verifyAgreement(app, bytes);
    },
  );
};
