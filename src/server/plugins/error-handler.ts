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
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, code: 'VALIDATION', fields });
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
          : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? "Body cannot be empty when content-type is set to 'application/json'"
            : error.message;
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
