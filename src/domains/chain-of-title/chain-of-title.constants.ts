/** The kinds of document a chain of title is made of, in the order the upload form offers them. */
export const CHAIN_DOCUMENT_TYPES = [
  'rights_agreement',
  'assignment',
  'option_agreement',
  'option_lapse',
  'reversion',
  'copyright_registration',
  'other',
] as const;

export type ChainDocumentType = (typeof CHAIN_DOCUMENT_TYPES)[number];

export const CHAIN_DOCUMENT_TYPE_LABELS: Record<ChainDocumentType, string> = {
  rights_agreement: 'Rights agreement',
  assignment: 'Assignment',
  option_agreement: 'Option agreement',
  option_lapse: 'Option lapse',
  reversion: 'Reversion',
  copyright_registration: 'Copyright registration',
  other: 'Other',
};

/** Documents that grant the rights themselves: without one there is no proof on file. */
export const RIGHTS_GRANTING_TYPES: readonly ChainDocumentType[] = [
  'rights_agreement',
  'assignment',
];

/** Documents that end an option (or bring the rights back). */
export const OPTION_ENDING_TYPES: readonly ChainDocumentType[] = ['option_lapse', 'reversion'];

/** Chain-of-title documents are PDFs of at most 25 MB (the parser stops the stream beyond). */
export const CHAIN_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const CHAIN_DOCUMENT_TYPE_MESSAGE = 'Chain-of-title documents must be PDF files';
export const CHAIN_DOCUMENT_SIZE_MESSAGE = 'Chain-of-title documents can be at most 25MB';
export const CHAIN_DOCUMENT_FILE_MESSAGE = 'Please choose a PDF to upload';

export const CHAIN_TITLE_MAX = 200;
export const CHAIN_PARTY_MAX = 200;
export const CHAIN_PARTIES_MAX = 20;
export const CHAIN_NOTES_MAX = 2000;

/** Listings per page of the admin overview. */
export const CHAIN_OVERVIEW_PAGE_SIZE = 20;
