import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '@/server/plugins/error-handler';

/** A query error as Drizzle throws it: the driver's error, with its SQLSTATE, in `cause`. */
function queryError(sqlState: string): Error {
  const driverError = Object.assign(new Error('driver error'), { code: sqlState });
  return new Error('Failed query: select ... params: secret', { cause: driverError });
}

/**
 * Issue 10, finding 2: whatever a schema lets through, a data exception from PostgreSQL
 * (SQLSTATE class 22) is the caller's bad input: a 400 with the error body, never a 500.
 */
describe('[SECURITY] error handler and PostgreSQL data exceptions', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    await app.register(errorHandlerPlugin);
    app.get<{ Params: { code: string } }>('/throw/:code', async (request) => {
      throw queryError(request.params.code);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['22021', 'a NUL in text (invalid byte sequence)'],
    ['22P02', 'invalid text representation'],
    ['22003', 'numeric value out of range'],
    ['22001', 'string too long for its column'],
    ['22007', 'invalid datetime format'],
    ['22008', 'datetime field overflow'],
    ['22P05', 'untranslatable character'],
    ['2200H', 'sequence generator limit exceeded'],
  ])('SQLSTATE %s (%s) is a 400 with the error body', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/throw/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid value', code: 'VALIDATION' });
    // The failed query and its parameters never reach the caller.
    expect(response.body).not.toContain('secret');
  });

  it('a unique violation stays a 409', async () => {
    const response = await app.inject({ method: 'GET', url: '/throw/23505' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('any other database failure stays a 500 that hides its details', async () => {
    const response = await app.inject({ method: 'GET', url: '/throw/53300' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toContain('secret');
  });
});
