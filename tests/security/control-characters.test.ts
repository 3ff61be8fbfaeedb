import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../helpers/test-app';
import { CONTROL_CHARACTERS_MESSAGE } from '@/shared/text';
import { nextClientAddress } from '../helpers/fixtures/offers';

/**
 * Issue 10, finding 2: a NUL (U+0000) in a string reached PostgreSQL, which refuses it, and the
 * answer was a 500. Every string that reaches the database now refuses control characters
 * with a 400 naming the field, signed in or not.
 */
describe('[SECURITY] control characters in strings', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, (await createUser(t.db)).id);
  });
  afterAll(() => t.close());

  const expectFieldRefused = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: expect.any(String),
      fields: { [field]: CONTROL_CHARACTERS_MESSAGE },
    });
  };

  it('register (signed out): a NUL in the first name is a 400 on that field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextClientAddress(),
      payload: {
        role: 'producer',
        firstName: 'Pri\u0000ya',
        lastName: 'Producer',
        email: 'nul-register@example.test',
        username: 'nul_register',
        password: 'a-strong-password',
        confirmPassword: 'a-strong-password',
        acceptedLegalTerms: true,
      },
    });
    expectFieldRefused(response, 'firstName');
  });

  it('register (signed out): a NUL in the email is a 400 on that field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextClientAddress(),
      payload: {
        role: 'agent',
        firstName: 'Alan',
        lastName: 'Agent',
        email: 'nul\u0000agent@example.test',
        username: 'nul_agent',
        password: 'a-strong-password',
        confirmPassword: 'a-strong-password',
        acceptedLegalTerms: true,
        companyName: 'Blue Door',
        agencyWebsite: 'https://bluedoor.example',
        agencyYearsInBusiness: 3,
        agencyClientList: 'Ten novelists and two playwrights',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { email: expect.any(String) },
    });
  });

  it('resend-verification (signed out): a NUL in the email is a 400 on that field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      remoteAddress: nextClientAddress(),
      payload: { email: 'someone\u0000@example.test' },
    });
    expectFieldRefused(response, 'email');
  });

  it('catalogue: a NUL in the search parameter is a 400 on that parameter', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/listings?search=dune%00',
      cookie,
    });
    expectFieldRefused(response, 'search');
  });

  it.each([
    ['genre', '/api/listings?genre=%00'],
    ['medium', '/api/listings?medium=a%01b'],
    ['territory', '/api/listings?territory=uk%1F'],
  ])('catalogue: a control character in %s is a 400 on it', async (field, url) => {
    expectFieldRefused(await t.request({ method: 'GET', url, cookie }), field);
  });

  it('sign-in: a NUL in the email is a 400, not a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextClientAddress(),
      payload: { email: 'a\u0000@example.test', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('tab, line feed and carriage return stay allowed in free text', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/tracking/search',
      cookie,
      payload: { searchQuery: 'two\tlines\r\nof text', filters: {}, resultsCount: 0 },
    });
    expect(response.statusCode).toBe(204);
  });
});
