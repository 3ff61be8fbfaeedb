import type { Database } from '@/server/db/client';

/** Creates a verified admin with these credentials when no user has that email. */
export async function bootstrapAdmin(
  _db: Database,
  _admin: { email: string; password: string },
): Promise<boolean> {
  return false;
}
