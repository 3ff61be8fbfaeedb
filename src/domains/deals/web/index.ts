/** Front door of the deals room's browser code: the listing's questions panel, the inbox. */
export { ListingQuestionsPanel } from './components/listing-questions-panel';

export const dealsPages = {
  inbox: () => import('./pages/inbox-page'),
};
