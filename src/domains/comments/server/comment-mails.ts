import { render, type MailContent } from '@/server/mail/templates';
import { paths } from '@/shared/paths';

/** How much of the removed comment the email quotes. */
const QUOTE_MAX = 300;

const quote = (content: string) =>
  content.length > QUOTE_MAX ? `${content.slice(0, QUOTE_MAX)}…` : content;

/** An administrator removed the member's comment (part 2 section 6: comment moderation). */
export function commentRemovedMail(options: {
  publicUrl: string;
  firstName: string;
  listingTitle: string;
  listingId: number;
  content: string;
}): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: 'Your comment on PageToScreen was removed',
    greetingName: options.firstName,
    paragraphs: [
      `An administrator removed your comment on "${options.listingTitle}", with any replies to it.`,
      `Your comment read: "${quote(options.content)}"`,
      'Comments must keep to the community guidelines in our terms of use. If you think this was a mistake, reply to this email.',
    ],
    action: {
      label: 'Open the listing',
      url: `${options.publicUrl}${paths.listing(options.listingId)}`,
    },
  });
}
