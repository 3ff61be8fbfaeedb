import type { UserRow } from '@/domains/accounts/server';
import { forbidden } from '@/shared/errors';

/** Every admin use case checks who acts, even behind the route's guard (jobs, scripts). */
export function requireAdmin(actor: UserRow): void {
  if (actor.role !== 'admin') throw forbidden('Admin access required');
}
