import { LinkedText } from '@/web/components/ui/linked-text';

/** A comment's words as written, line breaks kept, with its web addresses as safe links. */
export function CommentText({ content }: { content: string }) {
  return <LinkedText text={content} className="text-sm" />;
}
