import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from './accounts.tables';
import { EMAIL_UNIQUE_INDEX, USERNAME_UNIQUE_INDEX, violatedConstraint } from './find-users';
import {
  agentSignUp,
  freshIp,
  mailsTo,
  producerSignUp,
  settleMail,
  tokenFromMail,
  waitForMail,
} from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: payload as object,
    remoteAddress: freshIp(),
  });

const findUser = async (email: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
};

describe('[ACCOUNTS] registration', () => {
  it('creates an unverified producer, sends a verification link and does not sign in', async () => {
    const body = producerSignUp({ companyName: 'Northern Pictures', phoneNumber: '' });
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Please check your email to verify your account before logging in.',
      agentApplicationSubmitted: false,
      agentMessage: null,
    });
    expect(response.cookies).toHaveLength(0);

    const user = await findUser(body.email);
    expect(user).toMatchObject({
      role: 'producer',
      username: body.username,
      companyName: 'Northern Pictures',
      phoneNumber: null,
      emailVerifiedAt: null,
      agentVerificationStatus: null,
      profileCompletedAt: null,
    });
    expect(user.acceptedLegalTermsAt).toBeInstanceOf(Date);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await waitForMail(t.db, body.email, 'Verify your email');
    expect(mail.text).toContain('PageToScreen');
    expect(mail.text).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(mail.html).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(tokenFromMail(mail, '/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('records an agent application as Pending Review with the agency fields', async () => {
    const body = agentSignUp({
      agencyContactPhone: '020 7946 0000',
      agencyCredentials: 'AAA member',
    });
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Please check your email to verify your account before logging in.',
      agentApplicationSubmitted: true,
      agentMessage: 'Your agent application has been submitted for review.',
    });
    const user = await findUser(body.email);
    expect(user).toMatchObject({
      role: 'agent',
      companyName: 'Blue Door Literary',
      agencyWebsite: 'https://bluedoor.example',
      agencyYearsInBusiness: 12,
      agencyClientList: 'Twelve novelists and four screenwriters',
      agencyContactPhone: '020 7946 0000',
      agencyCredentials: 'AAA member',
      agentVerificationStatus: 'pending',
    });
    expect(user.agentVerificationSubmittedAt).toBeInstanceOf(Date);
    const mail = await waitForMail(t.db, body.email, 'Verify your email');
    expect(mail.text).toContain('Your agent application has been submitted for review.');
  });

  it('answers an existing email exactly as a new one, creates nothing and warns the owner', async () => {
    const owner = await createUser(t.db, { email: 'Taken.Person@example.test' });
    const fresh = await register(producerSignUp());
    const again = await register(
      producerSignUp({ email: 'taken.person@EXAMPLE.test', firstName: 'Mallory' }),
    );
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect(again.cookies).toEqual(fresh.cookies);

    const rows = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'taken.person@example.test'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: owner.id, firstName: 'Test' });

    const notice = await waitForMail(t.db, owner.email, 'Someone tried to register');
    expect(notice.text).toContain('No new account was created');
    expect(notice.text).toContain(`${t.config.publicUrl}/auth`);
  });

  it('sends an unverified owner who registers again a fresh verification link', async () => {
    const body = producerSignUp();
    await register(body);
    const first = await waitForMail(t.db, body.email, 'Verify your email');
    await register({ ...body, username: `${body.username}x` });
    const notice = await waitForMail(t.db, body.email, 'Someone tried to register');
    const token = tokenFromMail(notice, '/verify-email');
    expect(token).not.toBe(tokenFromMail(first, '/verify-email'));
    const verified = await t.request({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(verified.statusCode).toBe(200);
  });

  it('refuses a username that is taken, whatever its case', async () => {
    await createUser(t.db, { username: 'SilverScreen' });
    const body = producerSignUp({ username: 'silverscreen' });
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Username is already taken',
      code: 'VALIDATION',
      fields: { username: 'Username is already taken' },
    });
    expect(await findUser(body.email)).toBeUndefined();
    await settleMail();
    expect(await mailsTo(t.db, body.email)).toHaveLength(0);
  });

  it('keeps emails unique regardless of case at the database too', async () => {
    const body = producerSignUp({ email: 'MiXeD.Case@Example.test' });
    await register(body);
    const user = await findUser('mixed.case@example.test');
    expect(user.email).toBe('MiXeD.Case@Example.test');
    const error = await t.db
      .insert(users)
      .values({
        email: 'mixed.case@example.test',
        passwordHash: 'x',
        firstName: 'A',
        lastName: 'B',
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    // The index name is what registration reads to tell a lost race from a taken username.
    expect(violatedConstraint(error)).toBe(EMAIL_UNIQUE_INDEX);
    const duplicateName = await t.db
      .insert(users)
      .values({
        email: 'other@example.test',
        username: body.username.toUpperCase(),
        passwordHash: 'x',
        firstName: 'A',
        lastName: 'B',
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(violatedConstraint(duplicateName)).toBe(USERNAME_UNIQUE_INDEX);
  });

  it('trims names and emails', async () => {
    const body = producerSignUp();
    await register({ ...body, firstName: '  Ada ', email: `  ${body.email}  ` });
    const user = await findUser(body.email);
    expect(user.firstName).toBe('Ada');
    expect(user.email).toBe(body.email);
  });

  const producerCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
    ['missing last name', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['missing email', { email: undefined }, 'email', 'Email is required'],
    ['short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      'long username',
      { username: 'a'.repeat(31) },
      'username',
      'Username must be less than 30 characters',
    ],
    [
      'username with spaces',
      { username: 'two words' },
      'username',
      'Username can only contain letters, numbers, dots, hyphens and underscores',
    ],
    [
      'short password',
      { password: 'short', confirmPassword: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'short confirmation',
      { confirmPassword: 'short' },
      'confirmPassword',
      'Password must be at least 8 characters',
    ],
    [
      'mismatched confirmation',
      { confirmPassword: 'another-password' },
      'confirmPassword',
      "Passwords don't match",
    ],
    [
      'terms not accepted',
      { acceptedLegalTerms: false },
      'acceptedLegalTerms',
      'You must accept the terms and conditions',
    ],
    [
      'terms missing',
      { acceptedLegalTerms: undefined },
      'acceptedLegalTerms',
      'You must accept the terms and conditions',
    ],
    [
      'bad IMDB link',
      { imdbPageLink: 'imdb dot com' },
      'imdbPageLink',
      'Please provide a valid IMDB URL',
    ],
    [
      'script IMDB link',
      { imdbPageLink: 'javascript:alert(1)' },
      'imdbPageLink',
      'Please provide a valid IMDB URL',
    ],
    [
      'unknown how-did-you-hear',
      { howDidYouHearAboutUs: 'Carrier pigeon' },
      'howDidYouHearAboutUs',
      'Please select how you heard about us',
    ],
    ['unknown role', { role: 'admin' }, 'role', 'Please choose a producer or agent account'],
    [
      'oversized first name',
      { firstName: 'x'.repeat(101) },
      'firstName',
      'First name must be at most 100 characters',
    ],
    [
      'oversized email',
      { email: `${'x'.repeat(250)}@example.test` },
      'email',
      'Email must be at most 254 characters',
    ],
    [
      'oversized password',
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      'oversized address',
      { address: 'x'.repeat(501) },
      'address',
      'Address must be at most 500 characters',
    ],
    ['first name of the wrong type', { firstName: 42 }, 'firstName', 'First name is required'],
  ];

  it.each(producerCases)('producer sign-up: %s', async (_name, change, field, message) => {
    const body: Record<string, unknown> = { ...producerSignUp(), ...change };
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json.code).toBe('VALIDATION');
    expect(json.fields[field]).toBe(message);
  });

  const agentCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing agency name', { companyName: '' }, 'companyName', 'Agency name is required'],
    ['absent agency name', { companyName: undefined }, 'companyName', 'Agency name is required'],
    [
      'bad website',
      { agencyWebsite: 'bluedoor' },
      'agencyWebsite',
      'Please enter a valid website URL',
    ],
    [
      'missing website',
      { agencyWebsite: undefined },
      'agencyWebsite',
      'Please enter a valid website URL',
    ],
    [
      'negative years',
      { agencyYearsInBusiness: -1 },
      'agencyYearsInBusiness',
      'Years in business must be positive',
    ],
    [
      'years as text',
      { agencyYearsInBusiness: 'ten' },
      'agencyYearsInBusiness',
      'Years in business must be positive',
    ],
    [
      'fractional years',
      { agencyYearsInBusiness: 2.5 },
      'agencyYearsInBusiness',
      'Years in business must be a whole number',
    ],
    [
      'short client list',
      { agencyClientList: 'Few' },
      'agencyClientList',
      'Please provide details about your client list',
    ],
    [
      'mismatched confirmation',
      { confirmPassword: 'another-password' },
      'confirmPassword',
      "Passwords don't match",
    ],
  ];

  it.each(agentCases)('agent sign-up: %s', async (_name, change, field, message) => {
    const body: Record<string, unknown> = { ...agentSignUp(), ...change };
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('accepts zero years in business and an empty optional agency phone', async () => {
    const body = agentSignUp({ agencyYearsInBusiness: 0, agencyContactPhone: '' });
    expect((await register(body)).statusCode).toBe(200);
    const user = await findUser(body.email);
    expect(user.agencyYearsInBusiness).toBe(0);
    expect(user.agencyContactPhone).toBeNull();
  });

  it('answers garbage bodies with 400, never 500', async () => {
    for (const payload of [null, [], 'text', 42, {}, { role: 'producer' }]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: freshIp(),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const malformed = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"role":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('registration does not make the new user signed in', async () => {
    const body = producerSignUp();
    const response = await register(body);
    expect(response.headers['set-cookie']).toBeUndefined();
    const me = await t.request({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(401);
    const user = await findUser(body.email);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});
