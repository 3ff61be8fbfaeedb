import type { Application, VettingStatus } from '../vetting.schema';
import type { ProducerApplicationRow } from './vetting.tables';

export const toApplication = (row: ProducerApplicationRow): Application => ({
  id: row.id,
  userId: row.userId,
  company: row.company,
  role: row.role,
  website: row.website,
  credits: row.credits,
  reference: row.reference,
  status: row.status as VettingStatus,
  notes: row.notes,
  submittedAt: row.submittedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
