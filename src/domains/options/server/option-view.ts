import { RIGHT_LABELS, type Right } from '@/domains/listings/listings.constants';
import type { GrantStatus } from '@/domains/rights/rights.constants';
import { penceToPounds } from '@/shared/money';
import { DAY_MS, MAX_EXTENSIONS, type OptionState } from '../options.constants';
import type { Option, OptionNotice } from '../options.schema';
import type { OptionPaymentRow, OptionRow } from './options.tables';

/** A date as the parties read it in the UK: 27 November 2026. */
export const ukDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** Whole days left until the end, counted up (a day and an hour left is two days). */
export const daysLeftOf = (endsAt: Date, now: Date) =>
  Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));

/** The option's state from its grant (the truth of the hold) and the exercise notice. */
export function stateOf(option: OptionRow, grantStatus: GrantStatus): OptionState {
  if (grantStatus === 'sold') return 'exercised';
  if (grantStatus === 'lapsed') return 'lapsed';
  return option.exerciseNoticeAt ? 'exercising' : 'live';
}

export const NOTICE_TITLES = {
  extension: 'Option extension notice',
  exercise: 'Option exercise notice',
} as const;

export const noticeUrl = (optionId: number, paymentId: number) =>
  `/api/options/${optionId}/notices/${paymentId}`;

export function toNotice(payment: OptionPaymentRow): OptionNotice | null {
  if (!payment.noticeSha256 || !payment.noticeSignedAt) return null;
  return {
    paymentId: payment.id,
    action: payment.action,
    title: NOTICE_TITLES[payment.action],
    sha256: payment.noticeSha256,
    url: noticeUrl(payment.optionId, payment.id),
    issuedAt: payment.noticeSignedAt.toISOString(),
  };
}

export interface OptionViewInput {
  option: OptionRow;
  grantStatus: GrantStatus;
  listingTitle: string;
  producerName: string;
  cells: { media: string; territory: string }[];
  payments: OptionPaymentRow[];
}

/** Database rows → the API's option (pounds as strings, ISO dates, days left at `now`). */
export function toOption(input: OptionViewInput, now: Date): Option {
  const { option, grantStatus, payments } = input;
  const state = stateOf(option, grantStatus);
  const running = state === 'live' && option.endsAt > now;
  return {
    id: option.id,
    offerId: option.offerId,
    listingId: option.listingId,
    listingTitle: input.listingTitle,
    producerName: input.producerName,
    state,
    startsAt: option.startsAt.toISOString(),
    endsAt: option.endsAt.toISOString(),
    daysLeft: state === 'live' || state === 'exercising' ? daysLeftOf(option.endsAt, now) : 0,
    optionPeriodMonths: option.optionPeriodMonths,
    extensionMonths: option.extensionMonths,
    extensionFee: penceToPounds(option.extensionFeePence),
    extensionsTaken: option.extensionsTaken,
    canExtend:
      running &&
      option.extensionMonths > 0 &&
      option.extensionFeePence !== null &&
      option.extensionsTaken < MAX_EXTENSIONS,
    purchasePrice: penceToPounds(option.purchasePricePence),
    canExercise: running,
    exerciseNoticeAt: option.exerciseNoticeAt?.toISOString() ?? null,
    exerciseDueBy:
      payments.find((payment) => payment.action === 'exercise' && !payment.appliedAt)?.method ??
      null,
    exercisedAt: option.exercisedAt?.toISOString() ?? null,
    part: input.cells.map(
      (cell) => `${RIGHT_LABELS[cell.media as Right] ?? cell.media} in ${cell.territory}`,
    ),
    notices: payments.map(toNotice).filter((notice): notice is OptionNotice => notice !== null),
  };
}
