import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, endSession, requireUser } from '@/server/plugins/session';
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
import { accountDeps } from './account-deps';
import { createAuthRateLimiter } from './auth-rate-limits';
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

const VerifyParamsSchema = z.object({
  token: z
    .string()
    .min(1, ACCOUNT_MESSAGES.verificationLinkInvalid)
    .max(ACCOUNT_LIMITS.tokenMax, ACCOUNT_MESSAGES.verificationLinkInvalid),
});

/** Sign-up, email verification, sign-in, password reset, profile and account deletion. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDeps(app);
  const limiters = {
    login: createAuthRateLimiter(app, 'login'),
    register: createAuthRateLimiter(app, 'register'),
    forgotPassword: createAuthRateLimiter(app, 'forgotPassword'),
    resendVerification: createAuthRateLimiter(app, 'resendVerification'),
  };

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a producer or agent account (does not sign in)',
        body: RegisterBodySchema,
        response: { 200: RegisterResponseSchema },
      },
    },
    async (request) => {
      await limiters.register.consume(request, request.body.email);
      return registerUser(deps, request.body);
    },
  );

  app.get(
    '/auth/verify/:token',
    {
      schema: {
        tags,
        summary: 'Use an email verification link',
        params: VerifyParamsSchema,
        response: { 200: MessageResponseSchema },
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
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await limiters.resendVerification.consume(request, request.body.email);
      await resendVerification(deps, request.body.email);
      return { message: ACCOUNT_MESSAGES.verificationSent };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in; starts a new session',
        body: SignInSchema,
        response: { 200: CurrentUserSchema },
      },
    },
    async (request, reply) => {
      const user = await signInUser(
        { db: app.db, limiter: limiters.login },
        { request, reply },
        request.body,
      );
      return toCurrentUser(user);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Sign out of this browser' } },
    async (request, reply) => {
      await endSession(app.db, request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: CurrentUserSchema },
      },
    },
    async (request) => toCurrentUser(requireUser(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for every address)',
        body: ForgotPasswordSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await limiters.forgotPassword.consume(request, request.body.email);
      await requestPasswordReset(deps, request.body.email);
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
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.patch(
    '/profile/complete',
    {
      schema: {
        tags,
        summary: 'Complete the profile',
        body: CompleteProfileSchema,
        response: { 200: CurrentUserSchema },
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
        response: { 200: EditAccountResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await updateAccount(deps, user, request.body);
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
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(deps, { request, reply }, user, request.body);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.delete(
    '/auth/account',
    {
      schema: {
        tags,
        summary: 'Permanently delete the signed-in account',
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deleteAccount(app.db, user);
      clearSessionCookie(reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
