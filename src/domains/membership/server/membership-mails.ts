import type { MailContent } from '@/server/mail/templates';
import { penceToPounds } from '@/shared/money';
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

const pounds = (pence: number) => `£${penceToPounds(pence)}`;

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

interface Frame {
  subject: string;
  firstName: string;
  paragraphs: string[];
  /** Label/value rows shown as a table (the receipt). */
  rows?: [string, string][];
  action?: { label: string; url: string };
  publicUrl: string;
}

/** The membership emails' frame: greeting, paragraphs, an optional table and one link. */
function render(frame: Frame): MailContent {
  const { subject, firstName, paragraphs, rows = [], action, publicUrl } = frame;
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  const text = [
    `Hello ${firstName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(rows.length ? [...rows.map(([l, v]) => `${l.padEnd(width)}  ${v}`), ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `— The ${PRODUCT} team`,
    publicUrl,
  ].join('\n');
  const p = (value: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(value)}</p>`;
  const table = rows.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;color:#4b5563;font-weight:normal">${escapeHtml(label)}</th><td style="text-align:right;padding:6px 8px;border-bottom:1px solid #e5e7eb;color:#111827">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#111827">${PRODUCT}</h1>
${p(`Hello ${firstName},`)}
${paragraphs.map(p).join('\n')}
${table}
${button}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">— The ${PRODUCT} team · <a href="${escapeHtml(publicUrl)}" style="color:#2563eb">${escapeHtml(publicUrl)}</a></p>
</div>
</body>
</html>`;
  return { subject, text, html };
}

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
    firstName: customer.firstName,
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
    firstName: options.firstName,
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
    firstName: options.firstName,
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
    firstName: options.firstName,
    subject: `Your ${PRODUCT} Premium membership has been refunded`,
    paragraphs: [
      `We have refunded ${pounds(options.grossPence)} for receipt ${options.receiptNumber} under our 14-day refund guarantee. It usually reaches your card within 5 to 10 working days.`,
      'Your account is now on the free plan and will not be charged again.',
    ],
    action: { label: 'Your account', url: `${options.publicUrl}${paths.profile}` },
  });
}
