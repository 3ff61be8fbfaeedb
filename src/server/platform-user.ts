/**
 * A user as the platform sees one: who (id) and in what role. The accounts room owns the user
 * and everything else about them; platform contracts (account deletion, the session's user)
 * are written over this, so the platform imports no room.
 */
export interface PlatformUser {
  id: number;
  role: string;
}
