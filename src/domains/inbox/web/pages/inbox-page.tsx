import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import type { DealThread } from '../../inbox.schema';
import { useInbox, useMute, useReply } from '../api/inbox-api';
import { ConversationMessages, MessageForm } from '../components/conversation';

function ThreadCard({ thread }: { thread: DealThread }) {
  const reply = useReply();
  const mute = useMute();
  const [isOpen, setIsOpen] = useState(false);
  const other = thread.you === 'agent' ? thread.producerName : thread.agentName;
  return (
    <Card
      className="space-y-3 p-4"
      role="article"
      aria-label={`Conversation about ${thread.listingTitle}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link
            to={paths.listing(thread.listingId)}
            className="font-semibold text-ink hover:underline"
          >
            {thread.listingTitle}
          </Link>
          <p className="text-sm text-ink-muted">
            With {other} · {thread.messages.length} message
            {thread.messages.length === 1 ? '' : 's'}
            {thread.muted ? ' · muted' : ''}
          </p>
        </div>
        <div className="flex gap-2">
          {thread.you === 'agent' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={mute.isPending}
              onClick={() => mute.mutate({ threadId: thread.id, muted: !thread.muted })}
            >
              {thread.muted ? 'Unmute producer' : 'Mute producer'}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setIsOpen((open) => !open)}>
            {isOpen ? 'Close' : 'Open'}
          </Button>
        </div>
      </div>
      {isOpen ? (
        <>
          <ConversationMessages thread={thread} />
          {thread.you === 'producer' && thread.muted ? (
            <p className="text-sm text-ink-muted">The agent is not taking questions from you.</p>
          ) : (
            <MessageForm
              label={thread.you === 'agent' ? 'Your answer' : 'Your message'}
              isPending={reply.isPending}
              onSend={(body) => reply.mutateAsync({ threadId: thread.id, body })}
            />
          )}
        </>
      ) : null}
    </Card>
  );
}

/** /inbox: the questions producers asked agents before an offer, both sides. */
export default function InboxPage() {
  usePageTitle('Inbox');
  const inbox = useInbox();
  let content;
  if (inbox.isPending) content = <Spinner label="Loading your inbox" />;
  else if (inbox.isError) {
    content = <LoadError title="Failed to load your inbox" onRetry={() => void inbox.refetch()} />;
  } else if (inbox.data.length === 0) {
    content = (
      <EmptyState
        icon={Inbox}
        title="No conversations yet"
        text="Questions asked on a listing before an offer appear here."
      />
    );
  } else {
    content = (
      <div className="space-y-3">
        {inbox.data.map((thread) => (
          <ThreadCard key={thread.id} thread={thread} />
        ))}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Inbox</h1>
      {content}
    </div>
  );
}
