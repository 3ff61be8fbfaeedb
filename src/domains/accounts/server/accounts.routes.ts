import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { clearSessionCookie, endSession, requireUser } from '@/server/plugins/session';
import type { RoomRoutes, RoomRoutesOptions } from '@/server/room-module';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../accounts.constants';
import {
  ChangePasswordBodySchema,
  CompleteProfileSchema,
  CurrentUserSchema,
  EditAccountResponseSchema,
  EditAccountSchema,
  ForgotPasswordSchema,
  MessageResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResendVerificationSchema,
  ResetPasswordSchema,
  SignInSchema,
} from '../accounts.schema';
import { createAuthRateLimiter, createLoginThrottle } from './auth-rate-limits';
import { changePassword } from './change-password';
import { completeProfile } from './complete-profile';
import { deleteAccount } from './delete-account';
import { registerUser } from './register-user';
import { requestPasswordReset } from './request-password-reset';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { signInUser } from './sign-in-user';
import { toCurrentUser } from './to-current-user';
import { updateAccount } from './update-account';
import { verifyEmail } from './verify-email';

const tags = ['accounts'];

/** The Fastify instance a room's routes receive (Zod types on every route). */
type App = Parameters<RoomRoutes>[0];
type LoginThrottle = ReturnType<typeof createLoginThrottle>;
type AuthLimiters = ReturnType<typeof createAuthLimiters>;

function createAuthLimiters(app: App) {
  return {
    register: createAuthRateLimiter(app, 'register'),
    forgotPassword: createAuthRateLimiter(app, 'forgotPassword'),
    resendVerification: createAuthRateLimiter(app, 'resendVerification'),
  };
}

const VerifyParamsSchema = z.object({
  token: z
    .string()
    .min(1, ACCOUNT_MESSAGES.verificationLinkInvalid)
    .max(ACCOUNT_LIMITS.tokenMax, ACCOUNT_MESSAGES.verificationLinkInvalid),
});

/** Sign-up, email verification, sign-in, password reset, profile and account deletion. */
export const accountsRoutes: RoomRoutes = async (app, options) => {
  const loginThrottle = createLoginThrottle(app);
  const limiters = createAuthLimiters(app);

  registerSignUpRoutes(app, limiters);
  registerSessionRoutes(app, loginThrottle);
  registerPasswordResetRoutes(app, limiters);
  registerAccountRoutes(app, options);
};

/** Sign-up and email verification. */
function registerSignUpRoutes(app: App, limiters: AuthLimiters): void {
  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a producer or agent account (does not sign in)',
        body: RegisterBodySchema,
        response: { 200: RegisterResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limiters.register.consume(request, request.body.email);
      return registerUser(app, request.body);
    },
  );

  app.get(
    '/auth/verify/:token',
    {
      schema: {
        tags,
        summary: 'Use an email verification link',
        params: VerifyParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await verifyEmail(app.db, request.params.token);
      return { message: ACCOUNT_MESSAGES.emailVerified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags,
        summary: 'Send a new verification link (same answer for every address)',
        body: ResendVerificationSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limiters.resendVerification.consume(request, request.body.email);
      await resendVerification(app, request.body.email);
      return { message: ACCOUNT_MESSAGES.verificationSent };
    },
  );
}

/** Sign-in, sign-out and who is signed in. */
function registerSessionRoutes(app: App, loginThrottle: LoginThrottle): void {
  app.post(
    '/auth/login',
    {
      // Its 401 is a wrong password, not a missing session: the body is read signed out.
      config: { signsIn: true },
      schema: {
        tags,
        summary: 'Sign in; starts a new session',
        body: SignInSchema,
        response: { 200: CurrentUserSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await signInUser(
        { db: app.db, config: app.config, throttle: loginThrottle },
        { request, reply },
        request.body,
      );
      return toCurrentUser(user);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out of this browser',
        // 403: a cross-site request (the CSRF check), so another site cannot sign you out.
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await endSession(app.db, request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: CurrentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => toCurrentUser(requireUser(request)),
  );
}

/** Forgotten password: the emailed link and the new password. */
function registerPasswordResetRoutes(app: App, limiters: AuthLimiters): void {
  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for every address)',
        body: ForgotPasswordSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limiters.forgotPassword.consume(request, request.body.email);
      await requestPasswordReset(app, request.body.email);
      return { message: ACCOUNT_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link; signs every device out',
        body: ResetPasswordSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await resetPassword(app, request.body);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
}

/** The signed-in user's profile, password and account deletion. */
function registerAccountRoutes(app: App, options: RoomRoutesOptions): void {
  app.patch(
    '/profile/complete',
    {
      schema: {
        tags,
        summary: 'Complete the profile',
        body: CompleteProfileSchema,
        response: { 200: CurrentUserSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return toCurrentUser(await completeProfile(app.db, user, request.body));
    },
  );

  app.put(
    '/auth/profile',
    {
      schema: {
        tags,
        summary: 'Edit the account; a new email takes effect once verified',
        body: EditAccountSchema,
        response: { 200: EditAccountResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await updateAccount(app, user, request.body);
      return { ...result, user: toCurrentUser(result.user) };
    },
  );

  app.put(
    '/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; other devices are signed out',
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(app, { request, reply }, user, request.body);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.delete(
    '/auth/account',
    {
      schema: {
        tags,
        summary: 'Permanently delete the signed-in account',
        response: { 200: MessageResponseSchema, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deleteAccount(app, { userId: user.id, steps: options.accountDeletionSteps });
      clearSessionCookie(reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
}
