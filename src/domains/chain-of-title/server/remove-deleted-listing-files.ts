import type { ListingDeletionStep } from '@/domains/listings/server';
import { findChainFileKeys, removeChainFiles } from './remove-chain-files';

/**
 * The chain of title's part when a listing is deleted: its documents' rows go with the
 * listing (foreign key), so their files' keys are read first and the files removed after.
 */
export const removeDeletedListingFiles: ListingDeletionStep = {
  beforeDelete: async (deps, listingId) => {
    const chainFiles = await findChainFileKeys(deps.db, [listingId]);
    return () => removeChainFiles(deps, chainFiles);
  },
};
