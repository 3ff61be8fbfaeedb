import { render, type MailContent } from '@/server/mail/templates';
import { paths } from '@/shared/paths';

const PRODUCT = 'PageToScreen';

interface Common {
  publicUrl: string;
  firstName: string;
}

/** The agent's application was approved (part 2 section 4: "notified by email once approved"). */
export function agentApprovedMail(
  options: Common & { notes: string | null; publishedCount: number },
): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Your ${PRODUCT} agent account has been approved`,
    greetingName: options.firstName,
    paragraphs: [
      `Good news: an administrator has approved your agent account. Your listings are now public and producers can make offers on them.`,
      ...(options.publishedCount > 0
        ? [
            `${options.publishedCount} draft listing${options.publishedCount === 1 ? ' has' : 's have'} been published.`,
          ]
        : []),
      ...(options.notes ? [`Note from the reviewer: ${options.notes}`] : []),
    ],
    action: { label: 'Open your dashboard', url: `${options.publicUrl}${paths.agentDashboard}` },
  });
}

/** The agent's application was not approved. */
export function agentRejectedMail(options: Common & { notes: string | null }): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Your ${PRODUCT} agent application`,
    greetingName: options.firstName,
    paragraphs: [
      'Thank you for applying for an agent account. After review, we are unable to approve your application at this time, so your listings stay unpublished.',
      ...(options.notes ? [`Note from the reviewer: ${options.notes}`] : []),
      'If you think this is a mistake or your details have changed, please reply to this email or contact support.',
    ],
  });
}

/** An administrator set a new password for the account. */
export function passwordSetByAdminMail(options: Common): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: `Your ${PRODUCT} password was reset by an administrator`,
    greetingName: options.firstName,
    paragraphs: [
      'An administrator has reset the password of your account, and every device signed in to your account was signed out.',
      'Sign in with the password you were given, then choose a new one in Security Settings.',
      'If you did not ask for this, reset your password straight away and contact support.',
    ],
    action: { label: 'Sign in', url: `${options.publicUrl}${paths.auth}` },
  });
}
