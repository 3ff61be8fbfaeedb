import { AppError } from '@/shared/errors';
import { ACCOUNT_MESSAGES } from '../accounts.constants';

export const usernameTakenError = () =>
  new AppError('VALIDATION', ACCOUNT_MESSAGES.usernameTaken, {
    fields: { username: ACCOUNT_MESSAGES.usernameTaken },
  });

export const sameEmail = (a: string, b: string | null | undefined) =>
  b !== null && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
