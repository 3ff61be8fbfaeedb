import { render, type MailContent } from '@/server/mail/templates';
import { paths } from '@/shared/paths';

interface DecisionMail {
  publicUrl: string;
  firstName: string;
  notes: string | null;
}

/** The producer is verified: their badge shows from now on. */
export function producerApprovedMail(options: DecisionMail): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: 'You are now a verified producer on PageToScreen',
    greetingName: options.firstName,
    paragraphs: [
      'An administrator has checked your credits and reference: you are now a verified producer. Agents see a Verified producer badge on your offers, comments and forum posts, and you can make offers on listings open only to verified producers.',
      ...(options.notes ? [`Note from the reviewer: ${options.notes}`] : []),
    ],
    action: { label: 'Browse listings', url: `${options.publicUrl}${paths.listings}` },
  });
}

export function producerRejectedMail(options: DecisionMail): MailContent {
  return render({
    publicUrl: options.publicUrl,
    subject: 'Your PageToScreen producer verification',
    greetingName: options.firstName,
    paragraphs: [
      'Thank you for applying to be a verified producer. After review, we are unable to verify you at this time. You can still make offers on listings open to every producer.',
      ...(options.notes ? [`Note from the reviewer: ${options.notes}`] : []),
      'You may apply again from your Producer verification page when your credits or reference change.',
    ],
    action: {
      label: 'Producer verification',
      url: `${options.publicUrl}${paths.producerVerification}`,
    },
  });
}
