import type { CurrentUser } from '@/domains/accounts/accounts.schema';

type Named = Pick<CurrentUser, 'firstName' | 'lastName' | 'username' | 'email'>;

export function displayName(user: Named): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username || user.email;
}

export function initials(user: Named): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || displayName(user).charAt(0)).toUpperCase();
}
