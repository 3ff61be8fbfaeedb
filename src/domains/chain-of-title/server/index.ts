/**
 * The chain-of-title room's server front door. The room keeps, per listing, the documents
 * that prove who holds the rights, and flags the gaps in that chain. It reads listings and
 * records its admin writes through the admin room's front door; neither depends on it. Other
 * rooms file documents through `fileChainDocument` (offers: signed option agreements).
 */
import { onListingDeletion } from '@/domains/listings/server';
import type { RoomModule } from '@/server/room-module';
import { chainOfTitleRoutes } from './chain-of-title.routes';
import { removeDeletedListingFiles } from './remove-deleted-listing-files';

// A deleted listing's chain-of-title files go with it (listings cannot call this room).
onListingDeletion(removeDeletedListingFiles);

export const chainOfTitleRoom: RoomModule = {
  name: 'chain-of-title',
  routes: chainOfTitleRoutes,
};

/** Another room files a document in a listing's chain of title (idempotent per source). */
export { fileChainDocument, type FileChainDocumentInput } from './file-chain-document';
/** The platform files a record of its own (a lapsed option, issue 29) as a PDF notice. */
export { fileChainNotice, type ChainNotice } from './file-chain-notice';
export { findChainFileKeys, removeChainFiles } from './remove-chain-files';
