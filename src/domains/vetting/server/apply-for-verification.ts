import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server';
import type { Executor } from '@/server/db/client';
import { conflict, forbidden } from '@/shared/errors';
import { VETTING_MESSAGES, type Application, type ApplicationBody } from '../vetting.schema';
import { toApplication } from './to-application';
import { producerApplications } from './vetting.tables';

/**
 * POST /api/vetting/application: a producer asks to be verified. One application per producer:
 * a rejected one is replaced (they may try again with better credits); a pending or approved
 * one is kept, so an admin never reviews the same person twice at once.
 */
export async function applyForVerification(
  db: Executor,
  user: UserRow,
  body: ApplicationBody,
): Promise<Application> {
  if (user.role !== 'producer') throw forbidden(VETTING_MESSAGES.onlyProducers);
  const values = {
    userId: user.id,
    company: body.company,
    role: body.role,
    website: body.website,
    credits: body.credits,
    reference: body.reference,
    status: 'pending',
    notes: null,
    decidedBy: null,
    decidedAt: null,
    submittedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(producerApplications)
      .where(eq(producerApplications.userId, user.id))
      .for('update');
    if (existing?.status === 'pending') throw conflict(VETTING_MESSAGES.alreadyPending);
    if (existing?.status === 'approved') throw conflict(VETTING_MESSAGES.alreadyVerified);
    const [row] = existing
      ? await tx
          .update(producerApplications)
          .set(values)
          .where(eq(producerApplications.id, existing.id))
          .returning()
      : await tx.insert(producerApplications).values(values).returning();
    return toApplication(row);
  });
}
