import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { dealMessages, dealThreads } from './inbox.tables';

export interface PitchThreadInput {
  listingId: number;
  producerId: number;
  agentId: number;
  /** The pitch (by the agent) and the producer's answer, in order. */
  messages: { authorId: number; body: string }[];
}

/**
 * The mandates room (issue 35) opens a conversation here when a producer answers an agent's
 * pitch: the thread of that listing and producer (joined if one exists), with the pitch and the
 * answer as its messages, so both carry on in the inbox. Pass the caller's transaction.
 */
export async function openPitchThread(tx: Executor, input: PitchThreadInput): Promise<number> {
  const now = new Date();
  const [created] = await tx
    .insert(dealThreads)
    .values({
      listingId: input.listingId,
      producerId: input.producerId,
      agentId: input.agentId,
      producerReadAt: now,
      lastMessageAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: dealThreads.id });
  const threadId =
    created?.id ??
    (
      await tx
        .select({ id: dealThreads.id })
        .from(dealThreads)
        .where(
          and(
            eq(dealThreads.listingId, input.listingId),
            eq(dealThreads.producerId, input.producerId),
          ),
        )
    )[0].id;
  await tx.insert(dealMessages).values(input.messages.map((message) => ({ threadId, ...message })));
  await tx
    .update(dealThreads)
    .set({ lastMessageAt: now, producerReadAt: now })
    .where(eq(dealThreads.id, threadId));
  return threadId;
}
