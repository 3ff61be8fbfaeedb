import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { freshIp } from './test-helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  cookie = await signIn(t, user.id);
});
afterAll(() => t.close());

const endpoints: Array<{ method: 'POST' | 'PUT' | 'PATCH'; url: string; fields: string[] }> = [
  { method: 'POST', url: '/api/auth/register', fields: ['role', 'email', 'password', 'firstName'] },
  { method: 'POST', url: '/api/auth/login', fields: ['email', 'password'] },
  { method: 'POST', url: '/api/auth/forgot-password', fields: ['email'] },
  { method: 'POST', url: '/api/auth/resend-verification', fields: ['email'] },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    fields: ['token', 'password', 'confirmPassword'],
  },
  { method: 'PATCH', url: '/api/profile/complete', fields: ['firstName', 'username', 'address'] },
  { method: 'PUT', url: '/api/auth/profile', fields: ['firstName', 'email', 'username'] },
  { method: 'PUT', url: '/api/auth/change-password', fields: ['currentPassword', 'newPassword'] },
];

const huge = 'x'.repeat(200_000);

describe.each(endpoints)(
  '[ACCOUNTS] $method $url refuses bad input with 400',
  ({ method, url, fields }) => {
    const send = (payload: string, contentType = 'application/json') =>
      t.request({
        method,
        url,
        cookie,
        remoteAddress: freshIp(),
        headers: { 'content-type': contentType },
        payload,
      });

    it('an empty object: 400 naming the missing fields', async () => {
      const response = await send('{}');
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.code).toBe('VALIDATION');
      for (const field of fields.filter((f) => f !== 'role')) {
        expect(json.fields[field] ?? json.fields.role, field).toEqual(expect.any(String));
      }
    });

    it.each([['null'], ['[]'], ['"text"'], ['42'], ['true']])('JSON %s: 400', async (payload) => {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    });

    it('malformed JSON: 400', async () => {
      const response = await send('{"email": ');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Malformed JSON in request body');
    });

    it('wrong types in every field: 400 with field messages', async () => {
      const payload = Object.fromEntries(fields.map((f) => [f, { nested: [1, 2] }]));
      const response = await send(JSON.stringify(payload));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields).length).toBeGreaterThan(0);
    });

    it('oversized strings in every field: 400, not a slow write', async () => {
      const payload = Object.fromEntries(fields.map((f) => [f, huge]));
      const response = await send(JSON.stringify(payload));
      expect(response.statusCode).toBe(400);
    });

    it('a body larger than the server accepts: 413', async () => {
      const response = await send(JSON.stringify({ email: 'x'.repeat(1_100_000) }));
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('an unsupported content type: 415', async () => {
      const response = await send('email=a@b.co', 'text/xml');
      expect(response.statusCode).toBe(415);
    });
  },
);
