import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  login,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import { recordListingView } from '@/domains/membership/server';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { HOW_DID_YOU_HEAR_OPTIONS } from '../accounts.constants';
import { CurrentUserSchema, type CompleteProfileInput } from '../accounts.schema';
import { emailTokens, users } from './accounts.tables';
import { sessions } from '@/server/plugins/session.tables';
import { createEmailToken } from './email-tokens';
import { mailsTo, tokenFromMail, waitForMail } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

function completeProfileBody(overrides: Partial<CompleteProfileInput> = {}): CompleteProfileInput {
  return {
    firstName: 'Fiona',
    lastName: 'Filmmaker',
    username: `fiona_${Math.random().toString(36).slice(2, 8)}`,
    address: '12 Wardour Street, London W1D 6QF',
    phoneNumber: '+44 20 7946 0000',
    imdbPageLink: 'https://www.imdb.com/name/nm0000001/',
    whatAreYouLookingFor: 'Literary thrillers with a strong female lead for a limited series.',
    howDidYouHearAboutUs: HOW_DID_YOU_HEAR_OPTIONS[2],
    acceptedLegalTerms: true,
    ...overrides,
  };
}

function editBody(
  user: { email: string; username: string | null },
  overrides: Record<string, unknown> = {},
) {
  return {
    firstName: 'Edited',
    lastName: 'Person',
    email: user.email,
    username: user.username ?? 'edited_person',
    phoneNumber: '',
    address: '',
    imdbPageLink: '',
    whatAreYouLookingFor: '',
    howDidYouHearAboutUs: '',
    ...overrides,
  };
}

describe('[ACCOUNTS] complete profile', () => {
  it('saves the fields, marks the profile complete and answers the user', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const body = completeProfileBody();
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: body,
      cookie,
    });
    expect(response.statusCode).toBe(200);
    const json = CurrentUserSchema.parse(response.json());
    expect(json).toMatchObject({
      firstName: 'Fiona',
      username: body.username,
      address: body.address,
      phoneNumber: body.phoneNumber,
      imdbPageLink: body.imdbPageLink,
      whatAreYouLookingFor: body.whatAreYouLookingFor,
      howDidYouHearAboutUs: 'Industry Contact/Referral',
      isProfileComplete: true,
    });
    expect((await me(cookie)).json().isProfileComplete).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: completeProfileBody(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a username another account has, whatever its case, but keeps your own', async () => {
    await createUser(t.db, { username: 'TakenName' });
    const user = await createUser(t.db, { username: 'mine_123' });
    const cookie = await signIn(t, user.id);
    const taken = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: completeProfileBody({ username: 'takenname' }),
      cookie,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ username: 'Username is already taken' });
    const own = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: completeProfileBody({ username: 'MINE_123' }),
      cookie,
    });
    expect(own.statusCode).toBe(200);
  });

  it.each([
    ['first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['last name', { lastName: '' }, 'lastName', 'Last name is required'],
    ['short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      'long username',
      { username: 'a'.repeat(31) },
      'username',
      'Username must be less than 30 characters',
    ],
    ['short address', { address: '1 Road' }, 'address', 'Please provide a complete address'],
    ['short phone', { phoneNumber: '0123' }, 'phoneNumber', 'Please provide a valid phone number'],
    [
      'bad IMDB link',
      { imdbPageLink: 'not a url' },
      'imdbPageLink',
      'Please provide a valid IMDB URL',
    ],
    [
      'short looking-for',
      { whatAreYouLookingFor: 'Thrillers' },
      'whatAreYouLookingFor',
      'Please tell us what you are looking for (at least 20 characters)',
    ],
    [
      'missing how-did-you-hear',
      { howDidYouHearAboutUs: undefined },
      'howDidYouHearAboutUs',
      'Please select how you heard about us',
    ],
    [
      'unknown how-did-you-hear',
      { howDidYouHearAboutUs: 'TV advert' },
      'howDidYouHearAboutUs',
      'Please select how you heard about us',
    ],
    [
      'terms refused',
      { acceptedLegalTerms: false },
      'acceptedLegalTerms',
      'You must accept the terms and conditions',
    ],
    [
      'oversized looking-for',
      { whatAreYouLookingFor: 'x'.repeat(2001) },
      'whatAreYouLookingFor',
      'This answer must be at most 2000 characters',
    ],
  ])('validates complete profile: %s', async (_name, change, field, message) => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: { ...completeProfileBody(), ...change } as object,
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('accepts an empty optional IMDB link', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile/complete',
      payload: completeProfileBody({ imdbPageLink: '' }),
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().imdbPageLink).toBeNull();
  });
});

describe('[ACCOUNTS] edit account', () => {
  it('saves the fields; optional empties become empty', async () => {
    const user = await createUser(t.db, { phoneNumber: '0123456789' });
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(user, {
        howDidYouHearAboutUs: 'Other',
        imdbPageLink: 'https://imdb.com/x',
      }),
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailChangePending: false,
      message: null,
      user: {
        firstName: 'Edited',
        lastName: 'Person',
        phoneNumber: null,
        howDidYouHearAboutUs: 'Other',
        pendingEmail: null,
      },
    });
  });

  it('keeps the old email until the new one is verified through the link sent to it', async () => {
    const user = await createUser(t.db, { email: 'before@example.test' });
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(user, { email: 'After@Example.test' }),
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailChangePending: true,
      message: 'We have sent a verification link to your new email address.',
      user: { email: 'before@example.test', pendingEmail: 'After@Example.test' },
    });
    const mail = await waitForMail(t.db, 'after@example.test', 'Confirm your new email');
    expect(await mailsTo(t.db, 'before@example.test')).toHaveLength(0);

    // Saving the form again with the current address keeps the change pending.
    await t.request({ method: 'PUT', url: '/api/auth/profile', payload: editBody(user), cookie });
    expect((await me(cookie)).json()).toMatchObject({
      email: 'before@example.test',
      pendingEmail: 'After@Example.test',
    });

    const verify = await t.request({
      method: 'GET',
      url: `/api/auth/verify/${tokenFromMail(mail, '/verify-email')}`,
    });
    expect(verify.statusCode).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({
      email: 'After@Example.test',
      pendingEmail: null,
    });
    await login(t, 'after@example.test', user.password);
  });

  it('answers the same when the new address has an account, and tells that owner instead', async () => {
    const owner = await createUser(t.db, { email: 'occupied@example.test' });
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(user, { email: 'OCCUPIED@example.test' }),
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ emailChangePending: true });
    const notice = await waitForMail(t.db, owner.email, 'Someone tried');
    expect(notice.text).toContain('Nothing was changed');
    expect(notice.text).not.toContain('verify-email?token=');
    const unused = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(unused).toHaveLength(0);
    expect((await me(cookie)).json().email).toBe(user.email);
  });

  it('refuses a username another account has', async () => {
    await createUser(t.db, { username: 'Spielberg' });
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(user, { username: 'SPIELBERG' }),
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.username).toBe('Username is already taken');
  });

  it.each([
    ['first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['last name', { lastName: ' ' }, 'lastName', 'Last name is required'],
    ['email', { email: 'nope' }, 'email', 'Invalid email address'],
    ['username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['IMDB link', { imdbPageLink: 'imdb' }, 'imdbPageLink', 'Must be a valid URL'],
    [
      'how-did-you-hear',
      { howDidYouHearAboutUs: 'Billboard' },
      'howDidYouHearAboutUs',
      'Please select how you heard about us',
    ],
    [
      'oversized phone',
      { phoneNumber: '1'.repeat(41) },
      'phoneNumber',
      'Phone number must be at most 40 characters',
    ],
  ])('validates edit account: %s', async (_name, change, field, message) => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(user, change),
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it("keeps an agent's agency name when the field is left empty", async () => {
    const agent = await createUser(t.db, { role: 'agent', companyName: 'Blue Door Literary' });
    const cookie = await signIn(t, agent.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: editBody(agent, { companyName: '' }),
      cookie,
    });
    expect(response.json().user.companyName).toBe('Blue Door Literary');
  });
});

describe('[ACCOUNTS] change password', () => {
  it('changes it, signs other devices out, keeps this one signed in and tells the owner', async () => {
    const user = await createUser(t.db);
    const other = await signIn(t, user.id);
    const here = await login(t, user.email, user.password);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: user.password,
        newPassword: 'a-new-password',
        confirmPassword: 'a-new-password',
      },
      cookie: here,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed.' });

    // Every earlier session is gone; the answer carries a new one for this browser.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(401);
    const fresh = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await me(fresh)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    await expect(login(t, user.email, user.password)).rejects.toThrow(/401/);
    await login(t, user.email, 'a-new-password');
    await waitForMail(t.db, user.email, 'password was changed');
  });

  it('accepts the spec payload without a confirmation', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: { currentPassword: user.password, newPassword: 'another-new-password' },
      cookie,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: 'not-my-password',
        newPassword: 'a-new-password',
        confirmPassword: 'a-new-password',
      },
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Current password is incorrect',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    expect((await me(cookie)).statusCode).toBe(200);
    await login(t, user.email, user.password);
  });

  it.each([
    ['missing current', { currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [
      'short new',
      { newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
    ['mismatch', { confirmPassword: 'something-else' }, 'confirmPassword', "Passwords don't match"],
    [
      'oversized new',
      { newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'newPassword',
      'Password must be at most 128 characters',
    ],
  ])('validates change password: %s', async (_name, change, field, message) => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: user.password,
        newPassword: 'a-new-password',
        confirmPassword: 'a-new-password',
        ...change,
      },
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('needs a signed-in user', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'a-new-password' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('[ACCOUNTS] delete account', () => {
  /** A producer favourites a listing, as they would in the app. */
  const favourite = async (userId: number, listingId: number) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/favorites/${listingId}`,
      cookie: await signIn(t, userId),
    });
    expect(response.statusCode).toBe(200);
  };

  it('deletes an agent with everything that hangs off the account, listings included', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const producer = await createUser(t.db);
    const listing = await insertListing(t.db, {
      agentId: agent.id,
      title: 'The Quiet Harbour',
      author: 'J. Doe',
    });
    await favourite(producer.id, listing.id);
    await recordListingView(t.db, {
      viewer: producer,
      listingId: listing.id,
      now: new Date('2030-01-15T12:00:00Z'),
    });
    await createEmailToken(t.db, {
      userId: agent.id,
      purpose: 'reset_password',
      email: agent.email,
    });
    const cookie = await signIn(t, agent.id);

    const response = await t.request({ method: 'DELETE', url: '/api/auth/account', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been permanently deleted.' });
    expect(response.cookies.find((c) => c.name === 'pts_session')?.value).toBe('');

    expect(await t.db.select().from(users).where(eq(users.id, agent.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, agent.id))).toHaveLength(0);
    expect(
      await t.db.select().from(emailTokens).where(eq(emailTokens.userId, agent.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(listings).where(eq(listings.id, listing.id))).toHaveLength(0);
    expect(
      await t.db.select().from(favourites).where(eq(favourites.listingId, listing.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(listingViews).where(eq(listingViews.listingId, listing.id)),
    ).toHaveLength(0);
    // The producer who liked it is untouched.
    expect(await t.db.select().from(users).where(eq(users.id, producer.id))).toHaveLength(1);
    expect((await me(cookie)).statusCode).toBe(401);
    await expect(login(t, agent.email, agent.password)).rejects.toThrow(/401/);
  });

  it("deletes a producer's favourites and views with the account", async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const producer = await createUser(t.db);
    const listing = await insertListing(t.db, { agentId: agent.id, title: 'Kept', author: 'A' });
    await favourite(producer.id, listing.id);
    const cookie = await signIn(t, producer.id);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/auth/account', cookie })).statusCode,
    ).toBe(200);
    expect(
      await t.db.select().from(favourites).where(eq(favourites.userId, producer.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(listings).where(eq(listings.id, listing.id))).toHaveLength(1);
  });

  it('refuses to delete the last administrator, allows it when another exists', async () => {
    await t.db.delete(users).where(eq(users.role, 'admin'));
    const admin = await createUser(t.db, { role: 'admin' });
    const cookie = await signIn(t, admin.id);
    const refused = await t.request({ method: 'DELETE', url: '/api/auth/account', cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);

    await createUser(t.db, { role: 'admin' });
    expect(
      (await t.request({ method: 'DELETE', url: '/api/auth/account', cookie })).statusCode,
    ).toBe(200);
  });

  it('needs a signed-in user and refuses a cross-site request', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/auth/account' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.id);
    const crossSite = await t.request({
      method: 'DELETE',
      url: '/api/auth/account',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});
