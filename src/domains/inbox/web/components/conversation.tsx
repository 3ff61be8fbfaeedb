import { useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/input';
import { errorMessage } from '@/web/lib/api-client';
import { MESSAGE_MAX } from '../../inbox.constants';
import type { DealThread } from '../../inbox.schema';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A conversation's messages. Every message is rendered as plain text (React escapes it, no
 * link is ever made clickable, so a first message's links stay inert too).
 */
export function ConversationMessages({ thread }: { thread: DealThread }) {
  return (
    <ol className="space-y-2" aria-label="Messages">
      {thread.messages.map((message) => (
        <li
          key={message.id}
          className={
            message.authorRole === thread.you
              ? 'ml-8 rounded-md bg-brand-50 p-3 text-sm'
              : 'mr-8 rounded-md bg-surface-page p-3 text-sm'
          }
        >
          <p className="text-xs text-ink-muted">
            {message.authorName} ({message.authorRole}) · {when(message.createdAt)}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap text-ink">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The box to write a question or an answer. */
export function MessageForm({
  label,
  isPending,
  onSend,
}: {
  label: string;
  isPending: boolean;
  onSend: (body: string) => Promise<unknown>;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setError('Please write your message');
      return;
    }
    if (text.length > MESSAGE_MAX) {
      setError(`Must be at most ${MESSAGE_MAX} characters`);
      return;
    }
    onSend(text).then(
      () => {
        setBody('');
        setError(null);
      },
      (failure: unknown) => setError(errorMessage(failure, 'The message was not sent')),
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label className="block text-sm font-medium text-ink">
        {label}
        <Textarea
          className="mt-1"
          rows={3}
          value={body}
          maxLength={MESSAGE_MAX}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={isPending}>
        {isPending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
