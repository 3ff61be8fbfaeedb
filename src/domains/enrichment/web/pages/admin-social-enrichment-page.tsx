import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { AlertTriangle, Play } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { ENRICHMENT_MESSAGES, TWITTER_BATCH, YOUTUBE_BATCH } from '../../enrichment.constants';
import type { EnrichmentRun } from '../../enrichment.schema';
import type { SocialSource } from '../api/enrichment-keys';
import { useEnrichmentStatus } from '../api/get-enrichment-status';
import { useStartEnrichmentRun } from '../api/start-enrichment-run';
import { EnrichmentProgress, progressLabel } from '../components/enrichment-progress';
import { NotConfigured } from '../components/not-configured';
import { describeSocial, describeVideo, RunResults } from '../components/run-results';

const PAGES = {
  youtube: {
    title: 'YouTube enrichment',
    service: 'YouTube',
    description:
      'Video figures for each listing from the YouTube Data API: total views, video count, popularity and adaptation potential. One request a second.',
    limits: YOUTUBE_BATCH,
    describe: describeVideo,
  },
  twitter: {
    title: 'X enrichment',
    service: 'X',
    description:
      'Social signals for each listing from the X API: mentions in the last 7 days, buzz score, verified voices, publisher promotion and book clubs. One request every 3 seconds.',
    limits: TWITTER_BATCH,
    describe: describeSocial,
  },
} as const;

const RUN_STATUS: Record<EnrichmentRun['status'], { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'slate' },
  running: { label: 'Running', tone: 'blue' },
  waiting_quota: { label: 'Waiting for quota', tone: 'amber' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

function LastRun({ run, source }: { run: EnrichmentRun; source: SocialSource }) {
  const status = RUN_STATUS[run.status];
  const percentage = run.total === 0 ? 100 : (run.processed / run.total) * 100;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Last run</CardTitle>
        <Badge tone={status.tone}>{status.label}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <EnrichmentProgress
          label={`Batch of ${run.total}: ${run.processed} processed${run.failed ? `, ${run.failed} failed` : ''}`}
          percentage={percentage}
        />
        {run.status === 'waiting_quota' ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            The service&apos;s quota is used up
            {run.resumeAt ? `; the run resumes by itself at ${timeOf(run.resumeAt)}` : ''}.
          </p>
        ) : null}
        {run.lastError && run.status !== 'waiting_quota' ? (
          <p
            role={run.status === 'failed' ? 'alert' : undefined}
            className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {run.status === 'failed' ? `${ENRICHMENT_MESSAGES.failed}: ` : 'Last error: '}
            {run.lastError}
          </p>
        ) : null}
        <RunResults results={run.results} describe={PAGES[source].describe} />
      </CardContent>
    </Card>
  );
}

function BatchControl({ source, isConfigured }: { source: SocialSource; isConfigured: boolean }) {
  const { limits, service } = PAGES[source];
  const [batchSize, setBatchSize] = useState(String(limits.default));
  const [error, setError] = useState<string | undefined>();
  const start = useStartEnrichmentRun(source);
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const size = Number(batchSize);
    if (!Number.isInteger(size) || size < limits.min || size > limits.max) {
      setError(`Batch size must be between ${limits.min} and ${limits.max}`);
      return;
    }
    setError(undefined);
    start.mutate(size, {
      onSuccess: (run) =>
        toast({
          title: 'Enrichment started',
          description: `${run.total} listings queued for ${service}.`,
          variant: 'success',
        }),
      onError: (failure) =>
        toast({
          title: ENRICHMENT_MESSAGES.failed,
          description: errorMessage(failure, 'Enrichment failed'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Run a batch</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="w-40">
            <Field
              label="Batch size"
              error={error}
              hint={`${limits.min}–${limits.max}${'recommendedMax' in limits ? `, ${limits.default}–${limits.recommendedMax} recommended` : ''}`}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={limits.min}
                max={limits.max}
                value={batchSize}
                onChange={(event) => setBatchSize(event.target.value)}
                disabled={!isConfigured}
              />
            </Field>
          </div>
          <Button type="submit" disabled={!isConfigured || start.isPending}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {start.isPending ? 'Starting...' : 'Run enrichment'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SocialEnrichment({ source }: { source: SocialSource }) {
  const status = useEnrichmentStatus(source);
  const { service } = PAGES[source];
  if (status.isPending) return <Skeleton className="h-64 w-full" />;
  if (status.isError) {
    return (
      <LoadError title={ENRICHMENT_MESSAGES.statusUnavailable} onRetry={() => status.refetch()} />
    );
  }
  const { total, enriched, remaining, percentage, lastRun } = status.data;
  const { isConfigured, setting } = status.data.service;
  return (
    <div className="space-y-6">
      {isConfigured ? null : <NotConfigured service={service} setting={setting} />}
      <StatTiles label={`${service} enrichment status`}>
        <StatTile label="Total listings" value={total.toLocaleString('en-GB')} />
        <StatTile label="Enriched" value={enriched.toLocaleString('en-GB')} />
        <StatTile label="Remaining" value={remaining.toLocaleString('en-GB')} />
        <StatTile label="Progress" value={`${percentage}%`} hint={progressLabel(percentage)} />
      </StatTiles>
      <EnrichmentProgress label="All listings" percentage={percentage} />
      <BatchControl source={source} isConfigured={isConfigured} />
      {lastRun ? <LastRun run={lastRun} source={source} /> : null}
    </div>
  );
}

export function AdminSocialEnrichmentPage({ source }: { source: SocialSource }) {
  const { title, description } = PAGES[source];
  usePageTitle(title);
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" />;
  if (!user || user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader eyebrow="Admin" title={title} description={description} />
      <PanelBoundary title={title}>
        <SocialEnrichment source={source} />
      </PanelBoundary>
    </div>
  );
}
