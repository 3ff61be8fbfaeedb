import { Link } from 'react-router';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';
import { useAskQuestion, useListingThread } from '../api/inbox-api';
import { ConversationMessages, MessageForm } from './conversation';

/**
 * "Ask the agent" on a listing: a producer's conversation with the listing's agent. The agent
 * of the listing answers from the inbox.
 */
export function ListingQuestionsPanel({
  listingId,
  role,
  isOwnListing,
}: {
  listingId: number;
  role: string;
  isOwnListing: boolean;
}) {
  if (role !== 'producer') {
    return isOwnListing ? (
      <Card className="p-5 text-sm text-ink-soft">
        Producers’ questions about this listing are in your{' '}
        <Link to={paths.inbox} className="font-medium text-brand-700 hover:underline">
          inbox
        </Link>
        .
      </Card>
    ) : null;
  }
  return <ProducerQuestions listingId={listingId} />;
}

function ProducerQuestions({ listingId }: { listingId: number }) {
  const thread = useListingThread(listingId);
  const ask = useAskQuestion(listingId);
  return (
    <Card className="space-y-4 p-5" aria-labelledby="ask-agent-title">
      <h2 id="ask-agent-title" className="text-lg font-semibold text-ink">
        Ask the agent
      </h2>
      {thread.isPending ? <Spinner label="Loading the conversation" /> : null}
      {thread.data?.thread ? <ConversationMessages thread={thread.data.thread} /> : null}
      <MessageForm
        label={thread.data?.thread ? 'Your message' : 'Your question before making an offer'}
        isPending={ask.isPending}
        onSend={(body) => ask.mutateAsync(body)}
      />
    </Card>
  );
}
