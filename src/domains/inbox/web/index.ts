/** Front door of the inbox room's browser code: the listing's questions panel, the inbox. */
export { ListingQuestionsPanel } from './components/listing-questions-panel';

export const inboxPages = {
  inbox: () => import('./pages/inbox-page'),
};
