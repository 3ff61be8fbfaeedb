import { paths } from '@/shared/paths';
import type { MailMessage } from './mailer';

/** Subject, text and HTML of one email; the caller adds the recipient. */
export type MailContent = Omit<MailMessage, 'to'>;

const PRODUCT = 'PageToScreen';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface Layout {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  /** Label/value rows shown as a table after the paragraphs (a receipt's figures). */
  rows?: [string, string][];
  action?: { label: string; url: string };
  /** Lines after the button (expiry, "ignore this email"...). */
  after?: string[];
  publicUrl: string;
}

/** Every email shares this frame: the product's name, a greeting, one action, a footer. */
export function render(layout: Layout): MailContent {
  const { subject, greetingName, paragraphs, rows = [], action, after = [], publicUrl } = layout;
  const greeting = `Hello ${greetingName},`;
  const textParts = [greeting, '', ...paragraphs.flatMap((p) => [p, ''])];
  if (rows.length > 0) {
    const width = Math.max(...rows.map(([label]) => label.length));
    textParts.push(...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`), '');
  }
  if (action) textParts.push(`${action.label}: ${action.url}`, '');
  textParts.push(...after.flatMap((p) => [p, '']), `— The ${PRODUCT} team`, publicUrl);

  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(text)}</p>`;
  const table = rows.length
    ? `\n<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;color:#4b5563;font-weight:normal">${escapeHtml(label)}</th><td style="text-align:right;padding:6px 8px;border-bottom:1px solid #e5e7eb;color:#111827">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or copy this link into your browser: <a href="${escapeHtml(action.url)}" style="color:#2563eb;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#111827">${PRODUCT}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}${table}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">— The ${PRODUCT} team · <a href="${escapeHtml(publicUrl)}" style="color:#2563eb">${escapeHtml(publicUrl)}</a></p>
</div>
</body>
</html>`;
  return { subject, text: textParts.join('\n'), html };
}

export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}${paths.verifyEmail}?token=${encodeURIComponent(token)}`;

export const resetPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}${paths.resetPassword}?token=${encodeURIComponent(token)}`;

interface Common {
  publicUrl: string;
  firstName: string;
}

/** After sign-up: confirm the address (agents also hear their application is in review). */
export function verificationMail(
  options: Common & { token: string; isAgent: boolean },
): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Verify your email for ${PRODUCT}`,
    greetingName: options.firstName,
    paragraphs: [
      `Thank you for signing up to ${PRODUCT}. Please confirm your email address to activate your account.`,
      ...(options.isAgent
        ? [
            'Your agent application has been submitted for review. We will email you once it has been approved.',
          ]
        : []),
    ],
    action: {
      label: 'Verify email address',
      url: verifyEmailLink(options.publicUrl, options.token),
    },
    after: [
      'This link expires in 24 hours and can be used once.',
      `If you did not sign up to ${PRODUCT}, you can ignore this email.`,
    ],
  });
}

/** Someone tried to register (or switch an account to) an address that already has an account. */
export function alreadyRegisteredMail(
  options: Common & { verifyToken?: string; reason: 'register' | 'email_change' },
): MailContent {
  const attempt =
    options.reason === 'register'
      ? `Someone tried to create a new ${PRODUCT} account with this email address, which already has an account. No new account was created.`
      : `Someone asked to move another ${PRODUCT} account to this email address, which already has an account. Nothing was changed.`;
  return render({
    publicUrl: options.publicUrl,
    subject: `Someone tried to register with your email on ${PRODUCT}`,
    greetingName: options.firstName,
    paragraphs: [
      attempt,
      options.verifyToken
        ? 'If this was you, your account is waiting for you: verify your email with the link below, then sign in.'
        : 'If this was you, sign in with your existing password, or reset it if you have forgotten it.',
    ],
    action: options.verifyToken
      ? {
          label: 'Verify email address',
          url: verifyEmailLink(options.publicUrl, options.verifyToken),
        }
      : { label: 'Sign in', url: `${options.publicUrl}${paths.auth}` },
    after: ['If this was not you, you can ignore this email: your account is safe.'],
  });
}

export function passwordResetMail(options: Common & { token: string }): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Reset your ${PRODUCT} password`,
    greetingName: options.firstName,
    paragraphs: ['We received a request to reset the password of your account.'],
    action: {
      label: 'Choose a new password',
      url: resetPasswordLink(options.publicUrl, options.token),
    },
    after: [
      'This link expires in 1 hour and can be used once.',
      'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
    ],
  });
}

export function passwordChangedMail(options: Common): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Your ${PRODUCT} password was changed`,
    greetingName: options.firstName,
    paragraphs: [
      'The password of your account was just changed, and every device signed in to your account was signed out.',
      'If you made this change, there is nothing else to do.',
      'If you did not, reset your password straight away and contact support.',
    ],
    action: { label: 'Sign in or reset your password', url: `${options.publicUrl}${paths.auth}` },
  });
}

/** Sent to the NEW address when a signed-in user changes their email. */
export function emailChangeMail(options: Common & { token: string }): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Confirm your new email for ${PRODUCT}`,
    greetingName: options.firstName,
    paragraphs: [
      `You asked to use this address for your ${PRODUCT} account. Your email changes once you confirm it.`,
    ],
    action: { label: 'Confirm new email', url: verifyEmailLink(options.publicUrl, options.token) },
    after: [
      'This link expires in 24 hours and can be used once.',
      'If you did not ask for this, you can ignore this email; nothing changes.',
    ],
  });
}
