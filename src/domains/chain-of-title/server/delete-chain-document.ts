import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import type { AppDeps } from '@/server/deps';
import { forbidden, notFound } from '@/shared/errors';
import { CHAIN_DOCUMENT_NOT_FOUND } from './chain-access';
import { chainOfTitleDocuments } from './chain-of-title.tables';
import { toChainDocument } from './to-chain-document';

/**
 * An admin removes a wrongly filed document: the row goes with an audit entry holding what it
 * said (one transaction), then its file leaves storage. A file left behind by a failed
 * storage delete is logged, not an error: the document is gone from the chain either way.
 */
export async function deleteChainDocument(
  deps: Pick<AppDeps, 'db' | 'storage'> & { log?: FastifyBaseLogger },
  options: { admin: UserRow; documentId: number },
): Promise<void> {
  const { admin, documentId } = options;
  if (admin.role !== 'admin') throw forbidden('Only admins can delete chain-of-title documents');
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.id, documentId))
      .returning();
    if (!deleted) throw notFound(CHAIN_DOCUMENT_NOT_FOUND);
    const { fileUrl: _fileUrl, ...before } = toChainDocument(deleted);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'delete_chain_document',
      targetType: 'chain_of_title_document',
      targetId: deleted.id,
      targetLabel: deleted.title,
      before,
    });
    return deleted;
  });
  await deps.storage.delete(row.storageKey).catch((error: unknown) => {
    deps.log?.warn({ err: error, storageKey: row.storageKey }, 'chain-of-title file not removed');
  });
}
