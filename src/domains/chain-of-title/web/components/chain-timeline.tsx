import { Download, FileText } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { EmptyState } from '@/web/components/ui/empty-state';
import { CHAIN_DOCUMENT_TYPE_LABELS, type ChainDocumentType } from '../../chain-of-title.constants';
import { formatChainDate } from '../../chain-of-title.rules';
import type { ChainDocument, ChainGap } from '../../chain-of-title.schema';
import { DeleteChainDocumentButton } from './delete-chain-document-button';

const TYPE_TONES: Record<ChainDocumentType, BadgeTone> = {
  rights_agreement: 'green',
  assignment: 'teal',
  option_agreement: 'blue',
  option_lapse: 'slate',
  reversion: 'purple',
  copyright_registration: 'lime',
  other: 'slate',
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface ChainTimelineProps {
  documents: ChainDocument[];
  gaps: ChainGap[];
  /** Admins see a delete button on each document. */
  canEdit: boolean;
}

/** The documents in effective-date order, each with its dates, parties, notes and download. */
export function ChainTimeline({ documents, gaps, canEdit }: ChainTimelineProps) {
  if (documents.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title="No documents on file"
        text={canEdit ? 'File the rights agreement or assignment first.' : undefined}
      />
    );
  }
  const flagged = new Set(gaps.map((gap) => gap.documentId).filter((id) => id !== undefined));
  return (
    <ol
      aria-label="Chain of title timeline"
      className="relative space-y-4 border-l-2 border-line pl-6"
    >
      {documents.map((document) => (
        <li key={document.id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-5 -left-[31px] h-3 w-3 rounded-full border-2 border-white ${
              flagged.has(document.id) ? 'bg-red-500' : 'bg-brand-600'
            }`}
          />
          <article
            aria-labelledby={`chain-document-${document.id}`}
            className="rounded-lg border border-line bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TYPE_TONES[document.documentType]}>
                    {CHAIN_DOCUMENT_TYPE_LABELS[document.documentType]}
                  </Badge>
                  {flagged.has(document.id) ? <Badge tone="red">Flagged</Badge> : null}
                </div>
                <h3 id={`chain-document-${document.id}`} className="font-semibold text-ink">
                  {document.title}
                </h3>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <a
                  href={document.fileUrl}
                  download
                  className="inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-surface-sunken"
                  aria-label={`Download ${document.title} (PDF, ${formatSize(document.sizeBytes)})`}
                >
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Download
                </a>
                {canEdit ? <DeleteChainDocumentButton document={document} /> : null}
              </div>
            </div>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">Effective</dt>
                <dd className="text-ink">
                  {document.effectiveDate ? formatChainDate(document.effectiveDate) : 'Not dated'}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">Expires</dt>
                <dd className="text-ink">
                  {document.expiryDate ? formatChainDate(document.expiryDate) : 'No expiry'}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-ink-muted">Parties</dt>
                <dd className="text-ink">{document.parties.join('; ')}</dd>
              </div>
              {document.notes ? (
                <div className="sm:col-span-2">
                  <dt className="text-ink-muted">Notes</dt>
                  <dd className="whitespace-pre-line text-ink">{document.notes}</dd>
                </div>
              ) : null}
              <div className="sm:col-span-2">
                <dt className="sr-only">File</dt>
                <dd className="text-xs text-ink-muted">
                  {document.originalName} · {formatSize(document.sizeBytes)} · filed{' '}
                  {formatChainDate(document.uploadedAt.slice(0, 10))}
                </dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ol>
  );
}
