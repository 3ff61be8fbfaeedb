import { render, type MailContent } from '@/server/mail/templates';
import { formatPounds } from '@/shared/money';
import { paths } from '@/shared/paths';
import { RECEIPT_SELLER } from '../membership.constants';

const PRODUCT = 'PageToScreen';

const ukDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** 1 March 2026, UK time. */
export const formatReceiptDate = (date: Date) => ukDate.format(date);

/** Receipts show pence: "£216.00". */
const pounds = (pence: number) => formatPounds(pence, { exact: true });

export interface ReceiptMailOptions {
  publicUrl: string;
  vatNumber: string;
  customer: { firstName: string; lastName: string; email: string };
  receiptNumber: string;
  kind: 'initial' | 'renewal';
  paidAt: Date;
  periodStart: Date;
  periodEnd: Date;
  netPence: number;
  vatPence: number;
  grossPence: number;
  vatRatePercent: number;
}

/** The VAT receipt every membership payment sends (net, VAT, gross, date, number). */
export function membershipReceiptMail(options: ReceiptMailOptions): MailContent {
  const { customer } = options;
  return render({
    publicUrl: options.publicUrl,
    greetingName: customer.firstName,
    subject: `Your ${PRODUCT} Premium receipt ${options.receiptNumber}`,
    paragraphs: [
      options.kind === 'renewal'
        ? `Thank you: your Premium membership has renewed for another year, until ${formatReceiptDate(options.periodEnd)}.`
        : `Thank you for joining Premium. Your membership is active until ${formatReceiptDate(options.periodEnd)} and renews each year unless you turn off automatic renewal on your profile.`,
      'This email is your VAT receipt.',
    ],
    rows: [
      ['Receipt number', options.receiptNumber],
      ['Date', formatReceiptDate(options.paidAt)],
      ['Seller', RECEIPT_SELLER],
      ['VAT number', options.vatNumber],
      ['Customer', `${customer.firstName} ${customer.lastName} <${customer.email}>`],
      [
        'Description',
        `${PRODUCT} Premium membership, ${formatReceiptDate(options.periodStart)} to ${formatReceiptDate(options.periodEnd)}`,
      ],
      ['Net amount', pounds(options.netPence)],
      [`VAT at ${options.vatRatePercent}%`, pounds(options.vatPence)],
      ['Total paid', pounds(options.grossPence)],
      ['Paid by', 'Card'],
    ],
    action: { label: 'Your account', url: `${options.publicUrl}${paths.profile}` },
  });
}

/** A renewal charge failed: we retry daily until `retryUntil`, then premium ends. */
export function renewalFailedMail(options: {
  publicUrl: string;
  firstName: string;
  reason: string;
  retryUntil: Date;
}): MailContent {
  return render({
    publicUrl: options.publicUrl,
    greetingName: options.firstName,
    subject: `We could not renew your ${PRODUCT} Premium membership`,
    paragraphs: [
      `We tried to charge your saved card for your annual Premium renewal, but the payment failed: ${options.reason}`,
      `Premium stays active while we try again once a day until ${formatReceiptDate(options.retryUntil)}. If the card still cannot be charged by then, your account returns to the free plan.`,
      'To keep Premium, make sure your card can be charged, or upgrade again with another card once your membership has ended.',
    ],
    action: { label: 'Manage your membership', url: `${options.publicUrl}${paths.profile}` },
  });
}

export type MembershipEndReason = 'payment_failed' | 'not_renewed' | 'canceled';

/** Premium has ended and the account is back on the free plan. */
export function membershipEndedMail(options: {
  publicUrl: string;
  firstName: string;
  reason: MembershipEndReason;
}): MailContent {
  const why = {
    payment_failed: 'We could not take the renewal payment for your Premium membership.',
    not_renewed:
      'Your Premium membership has reached the end of its year, and automatic renewal was off.',
    canceled: 'Your Premium membership subscription has been cancelled.',
  }[options.reason];
  return render({
    publicUrl: options.publicUrl,
    greetingName: options.firstName,
    subject: `Your ${PRODUCT} Premium membership has ended`,
    paragraphs: [
      why,
      'Your account is now on the free plan: 5 listing views a month. You can upgrade again at any time.',
    ],
    action: { label: 'Upgrade to Premium', url: `${options.publicUrl}${paths.upgrade}` },
  });
}

/** An admin refunded the first payment under the 14-day guarantee. */
export function membershipRefundedMail(options: {
  publicUrl: string;
  firstName: string;
  grossPence: number;
  receiptNumber: string;
}): MailContent {
  return render({
    publicUrl: options.publicUrl,
    greetingName: options.firstName,
    subject: `Your ${PRODUCT} Premium membership has been refunded`,
    paragraphs: [
      `We have refunded ${pounds(options.grossPence)} for receipt ${options.receiptNumber} under our 14-day refund guarantee. It usually reaches your card within 5 to 10 working days.`,
      'Your account is now on the free plan and will not be charged again.',
    ],
    action: { label: 'Your account', url: `${options.publicUrl}${paths.profile}` },
  });
}
