import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, postgresErrorCode } from '@/shared/errors';

interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}

/** The words src/shared/validation-messages.ts gives a field whose schema has none. */
const GENERAL_WORDS = /^(Send |Required: |Leave out )/;

/**
 * Fastify's and its plugins' client errors in our words (issue 27: no library's default text
 * reaches a user), each saying what to send instead.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY:
    'The body is empty: send a JSON object, or no Content-Type header when there is no body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not accepted: send JSON (application/json), or multipart/form-data to upload files',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body sent',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large: send at most 1 MB',
  FST_ERR_CTP_INVALID_TYPE: 'Send a Content-Type header naming the body’s type',
  FST_ERR_CTP_EMPTY_TYPE: 'Send a Content-Type header naming the body’s type',
  FST_ERR_BAD_URL: 'The address is not valid: check its percent-encoding',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large for this upload',
  FST_PARTS_LIMIT: 'Too many parts in the upload: send the fields and files the form asks for',
  FST_FILES_LIMIT: 'Too many files in the upload',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
  FST_PROTO_VIOLATION: 'A field name is not allowed: rename it',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the upload as multipart/form-data',
};

/** A client error we have no words for: our own (AppError-shaped) message, or a general one. */
function ourMessage(error: Error, status: number): string {
  if (status === 413) return 'The request is too large';
  if (status === 415) return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE;
  if (status === 429) return error.message;
  // Fastify's own errors carry an FST_ code; anything else thrown with a 4xx status is ours.
  const code = (error as FastifyError).code;
  return typeof code === 'string' && code.startsWith('FST_')
    ? 'The request could not be read: check its address, headers and body against /api/docs'
    : error.message;
}

/** Turns every thrown error into DESIGN.md's JSON shape; hides the details of unexpected ones. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { ...error.extra, message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const [key, first] = Object.entries(fields)[0] ?? ['_', 'Invalid request'];
      // Our general words (src/shared/validation-messages.ts) do not know the field: name it.
      const message = key !== '_' && GENERAL_WORDS.test(first) ? `${key}: ${first}` : first;
      return reply.status(400).send({ message, code: 'VALIDATION', fields });
    }
    const fastifyError = error as FastifyError;
    const pgCode = postgresErrorCode(error);
    if (pgCode === '23505') {
      return reply.status(409).send({ message: 'That already exists', code: 'CONFLICT' });
    }
    // SQLSTATE class 22 is a data exception: a value PostgreSQL refuses (a NUL in text, a
    // number out of range, malformed input syntax). Schemas should refuse these first; any that
    // slips through is still the caller's bad input, never a 500. Logged (code only, never the
    // query's parameters) so the schema that let it through can be found and tightened.
    if (pgCode?.startsWith('22')) {
      request.log.warn({ pgCode, route: request.routeOptions.url }, 'data exception from input');
      return reply.status(400).send({ message: 'Invalid value', code: 'VALIDATION' });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'BAD_REQUEST';
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (error instanceof SyntaxError && status === 400)
          ? 'Malformed JSON in request body'
          : (FRAMEWORK_MESSAGES[fastifyError.code] ?? ourMessage(error, status));
      return reply.status(status).send({ message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    });
  });
});
