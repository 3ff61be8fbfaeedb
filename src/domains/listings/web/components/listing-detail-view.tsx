import { useState, type ReactNode } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { ImageViewer, type ViewerImage } from '@/web/components/ui/image-viewer';
import type { ListingDetail } from '../../listings.schema';
import { commercialTerms, listingDetailSections } from '../lib/listing-detail-sections';
import { formatListingPounds } from '../lib/listing-labels';
import { ListingBadges } from './listing-badges';
import { ListingCover } from './listing-cover';
import { DetailFields, DetailSectionFrame as Section } from './listing-detail-sections';
import { ListingFacts } from './listing-facts';
import { ListingGallery } from './listing-gallery';
import { ListingRightsScope } from './listing-rights-scope';

interface ListingDetailViewProps {
  listing: ListingDetail;
  /** Beside the title: the favourite heart and the share menu, composed by the page. */
  actions?: ReactNode;
  /** Under the facts: who may make an offer (the offers room's panel). */
  offerAction?: ReactNode;
  /** After the financial terms: the analysis and comments panels. */
  panels?: ReactNode;
  /** Under the agent's name: how this viewer can reach the agent, if they can. */
  agentContact?: ReactNode;
}

/**
 * A listing as the spec lays it out (part 1 section 2): cover, facts and the action area on
 * the left; title, tags, description, synopsis, images, rights, agent and financial terms on
 * the right; and, in sections, every other field the agent filled in the six-tab form. What
 * other rooms add comes in through the slots.
 */
export function ListingDetailView({
  listing,
  actions,
  offerAction,
  panels,
  agentContact,
}: ListingDetailViewProps) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const hasCover = listing.coverImageUrl !== null;
  const viewerImages: ViewerImage[] = [
    ...(listing.coverImageUrl
      ? [{ src: listing.coverImageUrl, alt: `Cover of ${listing.title}` }]
      : []),
    ...listing.galleryImages.map((src, position) => ({
      src,
      alt: `Image ${position + 1} of ${listing.galleryImages.length} for ${listing.title}`,
    })),
  ];
  const financialTerms: [label: string, pounds: string | null][] = [
    ['Minimum Offer', listing.suggestedOfferMin],
    ['Suggested Maximum', listing.suggestedOfferMax],
  ];

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
      <header className="space-y-3 lg:col-span-2 lg:col-start-2 lg:row-start-1">
        <div className="flex flex-wrap items-center gap-2">
          <ListingBadges listing={listing} />
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold text-ink">{listing.title}</h1>
            <p className="mt-1 text-lg text-ink-muted">by {listing.author}</p>
          </div>
          {actions ? <div className="flex shrink-0 items-center">{actions}</div> : null}
        </div>
        {listing.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {listing.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <aside
        aria-label="Listing facts and offers"
        className="space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1"
      >
        <div className="mx-auto w-full max-w-64 lg:max-w-none">
          <ListingCover
            src={listing.coverImageUrl}
            title={listing.title}
            medium={listing.medium}
            onOpen={() => setViewerIndex(0)}
          />
        </div>
        <ListingFacts listing={listing} />
        {offerAction}
      </aside>

      <div className="space-y-8 lg:col-span-2 lg:col-start-2 lg:row-start-2">
        {listing.logline ? (
          <Section title="Logline">
            <p className="text-lg italic text-ink-soft">{listing.logline}</p>
          </Section>
        ) : null}
        <Section title="Description">
          <p className="whitespace-pre-line text-ink-soft">
            {listing.description || 'No description provided.'}
          </p>
        </Section>
        {listing.synopsis ? (
          <Section title="Synopsis">
            <p className="whitespace-pre-line text-ink-soft">{listing.synopsis}</p>
          </Section>
        ) : null}
        {listing.galleryImages.length > 0 ? (
          <Section title="Images">
            <ListingGallery
              images={listing.galleryImages}
              title={listing.title}
              onOpen={(position) => setViewerIndex(position + (hasCover ? 1 : 0))}
            />
          </Section>
        ) : null}
        <Section title="Rights">
          <ListingRightsScope listing={listing} />
        </Section>
        {listingDetailSections(listing).map((section) => (
          <Section key={section.title} title={section.title}>
            <DetailFields fields={section.fields} />
          </Section>
        ))}
        <Section title="Agent Information">
          <div className="space-y-1 rounded-lg border border-line bg-white p-4">
            <p className="font-medium text-ink">{listing.agentName || 'Literary Agent'}</p>
            {agentContact}
          </div>
        </Section>
        <Section title="Financial Terms">
          <dl className="grid grid-cols-1 gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-2">
            {financialTerms.map(([label, pounds]) => (
              <div key={label}>
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="text-lg font-semibold text-ink">{formatListingPounds(pounds)}</dd>
              </div>
            ))}
          </dl>
          <DetailFields fields={commercialTerms(listing)} />
        </Section>
        {listing.agentNotes ? (
          <Section title="Your Private Notes">
            <p className="text-sm text-ink-muted">Only you see these notes.</p>
            <p className="whitespace-pre-line text-ink-soft">{listing.agentNotes}</p>
          </Section>
        ) : null}
        {panels}
      </div>

      <ImageViewer
        images={viewerImages}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        title={listing.title}
      />
    </div>
  );
}
