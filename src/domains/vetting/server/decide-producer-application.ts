import { eq } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { UserRow } from '@/domains/accounts/server';
import { recordAdminAction } from '@/domains/admin/server';
import type { AppDeps } from '@/server/deps';
import { conflict, forbidden, notFound } from '@/shared/errors';
import { VETTING_MESSAGES, type Application, type DecisionBody } from '../vetting.schema';
import { toApplication } from './to-application';
import { producerApplications } from './vetting.tables';
import { producerApprovedMail, producerRejectedMail } from './vetting-mails';

export interface DecideOptions extends DecisionBody {
  admin: UserRow;
  applicationId: number;
}

/**
 * POST /api/admin/producer-applications/{id}/decision: an administrator verifies a producer or
 * turns them down, as with agent applications: the decision and its audit row commit together,
 * and the producer is emailed after the commit.
 */
export async function decideProducerApplication(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>,
  { admin, applicationId, status, notes }: DecideOptions,
): Promise<{ message: string; application: Application }> {
  if (admin.role !== 'admin') throw forbidden('Admin access required');
  const note = notes ? notes : null;
  const { row, producer } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(producerApplications)
      .where(eq(producerApplications.id, applicationId))
      .for('update');
    if (!before) throw notFound(VETTING_MESSAGES.applicationNotFound);
    if (before.status !== 'pending') throw conflict(VETTING_MESSAGES.alreadyDecided);
    const [updated] = await tx
      .update(producerApplications)
      .set({ status, notes: note, decidedBy: admin.id, decidedAt: new Date() })
      .where(eq(producerApplications.id, applicationId))
      .returning();
    const [person] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, before.userId));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'verify_producer',
      targetType: 'user',
      targetId: before.userId,
      targetLabel: person?.email ?? null,
      before: { producerVerification: before.status },
      after: { producerVerification: status, company: before.company },
      notes: note,
    });
    return { row: updated, producer: person };
  });
  if (producer) {
    const mail = (status === 'approved' ? producerApprovedMail : producerRejectedMail)({
      publicUrl: deps.config.publicUrl,
      firstName: producer.firstName,
      notes: note,
    });
    await deps.mailer.send({ to: producer.email, ...mail });
  }
  deps.log.info({ adminId: admin.id, applicationId, status }, 'producer verification decided');
  return {
    message: status === 'approved' ? VETTING_MESSAGES.approved : VETTING_MESSAGES.rejected,
    application: toApplication(row),
  };
}
