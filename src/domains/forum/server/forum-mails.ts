import { render, type MailContent } from '@/server/mail/templates';
import { paths } from '@/shared/paths';

/** An administrator removed the person's post or reply (they hear it from us, not by surprise). */
export function forumContentRemovedMail(options: {
  publicUrl: string;
  firstName: string;
  kind: 'post' | 'reply';
  postTitle: string;
  excerpt: string;
}): MailContent {
  const what = options.kind === 'post' ? 'discussion' : 'reply';
  const excerpt =
    options.excerpt.length > 300 ? `${options.excerpt.slice(0, 300)}…` : options.excerpt;
  return render({
    publicUrl: options.publicUrl,
    subject: `Your forum ${what} was removed`,
    greetingName: options.firstName,
    paragraphs: [
      options.kind === 'post'
        ? `An administrator removed your discussion "${options.postTitle}" from the PageToScreen forum, with its replies.`
        : `An administrator removed your reply to "${options.postTitle}" from the PageToScreen forum.`,
      `What was removed: ${excerpt}`,
      'Forum posts must stay on topic and respectful. If you think this was a mistake, please reply to this email or contact support.',
    ],
    action: { label: 'Open the forum', url: `${options.publicUrl}${paths.forum}` },
  });
}
