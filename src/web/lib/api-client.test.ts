import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, parseErrorBody } from '@/shared/errors';
import {
  ApiError,
  errorFields,
  errorMessage,
  hasErrorCode,
  isUnauthorizedError,
} from './api-client';

describe('ApiError', () => {
  it("keeps the spec's message and reads the body with the shared error schema", () => {
    const text = JSON.stringify({
      message: 'Offer amount is required',
      code: 'VALIDATION',
      fields: { offerPrice: 'Offer amount is required' },
    });
    const error = new ApiError(400, text, 'Bad Request');
    expect(error.message).toBe(`400: ${text}`);
    expect(error.code).toBe('VALIDATION');
    expect(errorMessage(error, 'fallback')).toBe('Offer amount is required');
    expect(errorFields(error)).toEqual({ offerPrice: 'Offer amount is required' });
  });

  it('has no code for an answer that is not ours (a proxy page, an unknown code)', () => {
    const html = new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(html.code).toBeNull();
    expect(html.message).toBe('502: <html>Bad gateway</html>');
    expect(new ApiError(418, JSON.stringify({ message: 'x', code: 'TEAPOT' }), '').code).toBeNull();
    expect(new ApiError(500, '', 'Internal Server Error').message).toBe(
      '500: Internal Server Error',
    );
  });
});

describe('the browser reads error codes, not message text', () => {
  it('counts UNAUTHENTICATED as signed out', () => {
    const error = new ApiError(401, JSON.stringify({ message: 'x', code: 'UNAUTHENTICATED' }), '');
    expect(isUnauthorizedError(error)).toBe(true);
    expect(hasErrorCode(error, 'UNAUTHENTICATED')).toBe(true);
  });

  it('does not count a message that merely mentions 401 or Unauthorized', () => {
    const conflict = new ApiError(
      409,
      JSON.stringify({ message: 'Unauthorized 401 retry', code: 'CONFLICT' }),
      '',
    );
    expect(isUnauthorizedError(conflict)).toBe(false);
    expect(isUnauthorizedError(new Error('401 Unauthorized'))).toBe(false);
  });
});

describe("parseErrorBody (the browser's, written without zod)", () => {
  const bodies: unknown[] = [
    { message: 'Not found', code: 'NOT_FOUND' },
    { message: 'Bad', code: 'VALIDATION', fields: { email: 'Enter an email' } },
    { message: 'Limit', code: 'LIMIT_REACHED', upgradeRequired: true, resetDate: '2026-12-01' },
    { message: 'Bad fields', code: 'VALIDATION', fields: { email: 3 } },
    { message: 'No code' },
    { code: 'NOT_FOUND' },
    'text',
    null,
    [{ message: 'x', code: 'y' }],
  ];

  it('accepts exactly what the error body schema accepts', () => {
    for (const body of bodies) {
      const parsed = ErrorBodySchema.safeParse(body);
      const fallback =
        body &&
        typeof body === 'object' &&
        typeof (body as { message?: unknown }).message === 'string'
          ? { message: (body as { message: string }).message }
          : {};
      expect(parseErrorBody(body)).toEqual(parsed.success ? parsed.data : fallback);
    }
  });
});
