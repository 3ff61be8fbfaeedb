import { and, eq, gte, inArray } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import type { AppDeps } from '@/server/deps';
import { render } from '@/server/mail/templates';
import { paths } from '@/shared/paths';
import { openMandate } from './find-mandates';
import { fitsHardFields } from './mandate-fit';
import { mandateListingNotices, mandates } from './mandates.tables';

/**
 * The job's pass: listings made available since `since` that fit an open mandate are told to
 * its producer (bell and email, as saved searches do), once: the notice row's key is the pair,
 * so a second pass, or a second instance, finds the pair taken and sends nothing.
 */
export async function notifyMandateMatches(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  since: Date,
): Promise<number> {
  const fresh = await deps.db
    .select({
      id: listings.id,
      title: listings.title,
      medium: listings.medium,
      rightsAvailable: listings.rightsAvailable,
      agentId: listings.agentId,
    })
    .from(listings)
    .where(and(eq(listings.status, 'available'), gte(listings.updatedAt, since)))
    .limit(500);
  if (fresh.length === 0) return 0;
  const open = await deps.db.select().from(mandates).where(openMandate()).limit(1000);
  const pairs = open.flatMap((mandate) =>
    fresh
      .filter((listing) => fitsHardFields(mandate, listing))
      .map((listing) => ({ mandate, listing })),
  );
  if (pairs.length === 0) return 0;
  const inserted = await deps.db
    .insert(mandateListingNotices)
    .values(pairs.map(({ mandate, listing }) => ({ mandateId: mandate.id, listingId: listing.id })))
    .onConflictDoNothing()
    .returning();
  const isNew = new Set(inserted.map((row) => `${row.mandateId}:${row.listingId}`));
  const told = pairs.filter(({ mandate, listing }) => isNew.has(`${mandate.id}:${listing.id}`));
  if (told.length === 0) return 0;
  await notify(
    deps.db,
    told.map(({ mandate, listing }) => ({
      userId: mandate.producerId,
      kind: 'mandate_match',
      title: `A new listing fits your mandate: ${listing.title}`,
      url: paths.listing(listing.id),
    })),
  );
  const producers = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...new Set(told.map(({ mandate }) => mandate.producerId))]));
  for (const producer of producers) {
    const theirs = told.filter(({ mandate }) => mandate.producerId === producer.id);
    await deps.mailer.send({
      to: producer.email,
      ...render({
        publicUrl: deps.config.publicUrl,
        subject:
          theirs.length === 1
            ? `A new listing fits your mandate: ${theirs[0].listing.title}`
            : `${theirs.length} new listings fit your mandates`,
        greetingName: producer.firstName,
        paragraphs: theirs.map(
          ({ listing }) =>
            `"${listing.title}": ${deps.config.publicUrl}${paths.listing(listing.id)}`,
        ),
        action: { label: 'Your mandates', url: `${deps.config.publicUrl}${paths.mandates}` },
      }),
    });
  }
  return told.length;
}
