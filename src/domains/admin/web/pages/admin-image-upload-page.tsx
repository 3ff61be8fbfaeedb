import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertCircle, CheckCircle2, ShieldAlert, Upload } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { DataTable } from '@/web/components/ui/data-table';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import {
  UPLOAD_IP_IMAGES_MESSAGES as MESSAGES,
  UPLOAD_OUTCOME_LABELS,
  type UploadIpImagesResponse,
  type UploadOutcome,
  type UploadRowResult,
} from '../../upload-ip-images.schema';
import { useUploadIpImages } from '../api/upload-ip-images';

const OUTCOME_TONES: Record<UploadOutcome, BadgeTone> = {
  done: 'green',
  no_listing: 'amber',
  ambiguous: 'amber',
  missing_image: 'amber',
  bad_image: 'red',
  bad_row: 'red',
};

const EXAMPLE_CSV = `title,author,image_file,image_type
The Lighthouse Keeper,Mara Quill,lighthouse-cover.jpg,cover
The Lighthouse Keeper,Mara Quill,lighthouse-still.png,gallery`;

function CsvFormat() {
  return (
    <Card>
      <CardContent className="space-y-3 p-5 text-sm text-ink-soft">
        <h2 className="font-display text-lg font-semibold text-ink">CSV format</h2>
        <p>One row per image, with a header row naming these columns (in any order):</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong className="text-ink">title</strong> and{' '}
            <strong className="text-ink">author</strong>: the listing, matched ignoring case and
            spaces at either end.
          </li>
          <li>
            <strong className="text-ink">image_file</strong>: the name of one of the images you
            choose below.
          </li>
          <li>
            <strong className="text-ink">image_type</strong>: <code>cover</code> (replaces the
            listing’s cover) or <code>gallery</code> (added to its gallery).
          </li>
        </ul>
        <pre className="overflow-x-auto rounded-md bg-surface-sunken p-3 text-xs text-ink">
          {EXAMPLE_CSV}
        </pre>
        <p>
          Images must be JPEG, PNG, WebP, GIF or AVIF (at most 10MB each, 250MB in all). They are
          checked by their contents, resized and stored as WebP. Each row is reported below; a bad
          row does not stop the others.
        </p>
      </CardContent>
    </Card>
  );
}

function ResultTable({ result }: { result: UploadIpImagesResponse }) {
  return (
    <section aria-labelledby="upload-results" className="space-y-3">
      <h2 id="upload-results" className="font-display text-xl font-semibold text-ink">
        What happened to each row
      </h2>
      <p className="text-sm text-ink-muted">
        {result.successful} of {result.total} {result.total === 1 ? 'row' : 'rows'} done.
      </p>
      <DataTable<UploadRowResult>
        caption="Upload result by CSV row"
        rows={result.results}
        rowKey={(row) => row.row}
        columns={[
          {
            id: 'row',
            header: 'Row',
            align: 'right',
            cell: (row) => row.row,
            sortValue: (row) => row.row,
          },
          {
            id: 'listing',
            header: 'Listing',
            cell: (row) =>
              row.listingId ? (
                <Link
                  to={paths.listing(row.listingId)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {row.title}
                </Link>
              ) : (
                row.title || '—'
              ),
            sortValue: (row) => row.title,
          },
          { id: 'author', header: 'Author', cell: (row) => row.author || '—' },
          { id: 'image', header: 'Image file', cell: (row) => row.imageFile || '—' },
          { id: 'type', header: 'Type', cell: (row) => row.imageType || '—' },
          {
            id: 'outcome',
            header: 'Outcome',
            cell: (row) => (
              <Badge tone={OUTCOME_TONES[row.outcome]}>{UPLOAD_OUTCOME_LABELS[row.outcome]}</Badge>
            ),
            sortValue: (row) => row.outcome,
          },
          { id: 'message', header: 'Details', cell: (row) => row.message },
          {
            id: 'preview',
            header: 'New image',
            cell: (row) =>
              row.imageUrl ? (
                <img
                  src={row.imageUrl}
                  alt={`New ${row.imageType} of ${row.title}`}
                  className="h-16 w-12 rounded-sm border border-line bg-surface-sunken object-contain"
                  loading="lazy"
                />
              ) : null,
          },
        ]}
      />
    </section>
  );
}

/** How far the upload has got: sending the files, then the server processing the images. */
function UploadProgress({ progress, isProcessing }: { progress: number; isProcessing: boolean }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-ink-muted">
        <span id="upload-progress-label">
          {progress < 100 ? 'Sending files' : isProcessing ? 'Processing images' : 'Done'}
        </span>
        <span>{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** Bulk IP image upload (admins): a CSV naming listings and images, then a report per row. */
export default function AdminImageUploadPage() {
  usePageTitle('Bulk IP image upload');
  const { user, isLoading } = useCurrentUser();
  const toast = useToast();
  const upload = useUploadIpImages();
  const [csv, setCsv] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UploadIpImagesResponse | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const isProcessing = upload.isPending;

  if (isLoading) return <Skeleton className="m-8 h-64" />;
  if (user?.role !== 'admin') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <EmptyState icon={ShieldAlert} title="Access Denied" text="Admin access required" />
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!csv || images.length === 0) {
      toast({
        title: MESSAGES.missingFilesTitle,
        description: MESSAGES.missingFiles,
        variant: 'destructive',
      });
      return;
    }
    setError(null);
    setResult(null);
    setProgress(0);
    upload.mutate(
      { csv, images, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setProgress(100);
          setResult(answer);
          setCsv(null);
          setImages([]);
          formRef.current?.reset();
          toast({
            title: 'Upload Complete',
            description: `Successfully uploaded ${answer.successful} images out of ${answer.total}`,
            variant: 'success',
          });
        },
        onError: (failure) => {
          setProgress(0);
          const message = errorMessage(failure, MESSAGES.failed);
          setError(message);
          toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Bulk IP image upload"
        description="Give many listings their covers and gallery images at once."
        actions={
          <Link
            to={paths.adminAnalytics}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Admin analytics
          </Link>
        }
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <CsvFormat />
        <Card>
          <CardContent className="p-5">
            <form ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
              <h2 className="font-display text-lg font-semibold text-ink">Choose the files</h2>
              <Field label="CSV file" hint={csv ? csv.name : 'One .csv file'}>
                <input
                  type="file"
                  accept=".csv,text/csv"
                  disabled={isProcessing}
                  onChange={(event) => setCsv(event.target.files?.[0] ?? null)}
                  className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-sunken file:px-3 file:py-1.5 file:text-ink"
                />
              </Field>
              <Field
                label="Images"
                hint={
                  images.length > 0
                    ? `${images.length} ${images.length === 1 ? 'image' : 'images'} chosen`
                    : 'Every image the CSV names'
                }
              >
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  disabled={isProcessing}
                  onChange={(event) => setImages(Array.from(event.target.files ?? []))}
                  className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-sunken file:px-3 file:py-1.5 file:text-ink"
                />
              </Field>
              {isProcessing || progress > 0 ? (
                <UploadProgress progress={progress} isProcessing={isProcessing} />
              ) : null}
              {error ? (
                <div
                  role="alert"
                  className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                >
                  <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {error || MESSAGES.failed}
                </div>
              ) : null}
              {result && !isProcessing ? (
                <p
                  role="status"
                  className="flex items-center gap-2 text-sm font-medium text-green-800"
                >
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                  {MESSAGES.complete}
                </p>
              ) : null}
              <Button type="submit" disabled={isProcessing || !csv || images.length === 0}>
                <Upload aria-hidden="true" className="h-4 w-4" />
                {isProcessing ? 'Processing...' : 'Upload Images'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
      {result ? <ResultTable result={result} /> : null}
    </div>
  );
}
