import type { AppDeps } from './deps';
import type { PlatformUser } from './platform-user';

/**
 * What a room does when an account is deleted (its RoomModule's `accountDeletion`). Money
 * and other rooms' rows are theirs to settle: accounts only orders the steps and, last of
 * all, removes or anonymises the person (docs/decisions/007-account-deletion-keeps-financial-records.md).
 */
export interface AccountDeletionStep {
  /**
   * Before anything is erased: refuse (throw an AppError, 409 while an acceptance is in
   * flight) or settle what cannot wait, money first (the offers room releases every open
   * card hold here, through the provider and the ledger). Every room's `settle` runs before
   * any `erase`; an error stops the deletion and the account stays.
   */
  settle?: (deps: AppDeps, user: PlatformUser) => Promise<void>;
  /** Erases this room's personal, non-financial data of the person. */
  erase?: (deps: AppDeps, user: PlatformUser) => Promise<void>;
  /**
   * Does this room keep financial records that name the person (accepted offers, receipts)?
   * Then the user row stays, anonymised, so those records keep their foreign keys.
   */
  keepsRecordsOf?: (deps: AppDeps, user: PlatformUser) => Promise<boolean>;
}
