/**
 * The option's life after signature (issue 34, decision 024): each sealed agreement starts an
 * option whose hold on the rights is the rights room's grant; this room keeps what a grant does
 * not (the terms the parties agreed for its end, reminders, extension and exercise payments,
 * the notices and the timeline).
 */

/** Days before the end at which both parties are reminded (bell and email), once each. */
export const REMINDER_THRESHOLDS_DAYS = [90, 30, 7] as const;

/** The payment kind (the provider's metadata.kind and the ledger's subject prefix). */
export const OPTION_PAYMENT_KIND = 'option';

export const OPTION_PAYMENT_ACTIONS = ['extension', 'exercise'] as const;
export type OptionPaymentAction = (typeof OPTION_PAYMENT_ACTIONS)[number];

export const OPTION_PAYMENT_METHODS = ['card', 'bank_transfer'] as const;
export type OptionPaymentMethod = (typeof OPTION_PAYMENT_METHODS)[number];

/** What the parties see of an option: its grant's state (and an exercise awaiting payment). */
export const OPTION_STATES = ['live', 'exercising', 'exercised', 'lapsed'] as const;
export type OptionState = (typeof OPTION_STATES)[number];

/** How many extensions an agreed term sheet allows: one, of its extension period. */
export const MAX_EXTENSIONS = 1;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Our words for what goes wrong (API messages and the screens). */
export const OPTION_MESSAGES = {
  notFound: 'Option not found',
  notLive: 'This option is no longer running.',
  ended: 'This option has already ended.',
  noExtension: 'The agreed terms allow no extension of this option.',
  extensionTaken: 'This option has already been extended.',
  noPurchasePrice:
    'The agreed terms name no fixed purchase price; an admin records the payment once it is made.',
  exerciseGiven: 'Notice of exercise has already been given.',
  notExercising: 'No notice of exercise awaits payment on this option.',
  cardTooLarge:
    'The purchase price is above the card limit: it is paid by bank transfer and recorded by an admin.',
  producerOnly: 'Only the producer who holds the option may do this',
} as const;
