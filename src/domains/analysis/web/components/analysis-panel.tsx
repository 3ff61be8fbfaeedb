import { useState, type ReactNode } from 'react';
import { BarChart3, Download, RefreshCw, ShieldAlert, Sparkles, TrendingUp } from 'lucide-react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  XAxis,
  YAxis,
} from 'recharts';
import { useCurrentUser } from '@/domains/accounts/web';
import { PremiumGate } from '@/domains/membership/web';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { ENHANCED_COMPARABLES } from '../../analysis.constants';
import {
  overallRiskBand,
  scoreBand,
  sentimentLabel,
  showsAnalysisPanel,
} from '../../analysis.rules';
import type { Analysis, Figure } from '../../analysis.schema';
import {
  analysisPdfUrl,
  useListingAnalysis,
  useRefreshAnalysis,
} from '../api/get-listing-analysis';
import { FigureValue, formatFigure } from './figure-value';

const PREMIUM_INSIGHTS = [
  { title: 'Financial Projections', Icon: TrendingUp },
  { title: 'Market Assessment', Icon: BarChart3 },
  { title: 'Risk Analysis', Icon: ShieldAlert },
  { title: 'Franchise Potential', Icon: Sparkles },
] as const;

const BAND_TONE: Record<ReturnType<typeof scoreBand>, BadgeTone> = {
  green: 'green',
  blue: 'blue',
  yellow: 'amber',
  red: 'red',
};
const BAND_TEXT: Record<ReturnType<typeof scoreBand>, string> = {
  green: 'text-green-700',
  blue: 'text-blue-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
};

const num = (figure: Figure): number | null =>
  figure.kind === 'value' && typeof figure.value === 'number' ? figure.value : null;
const millions = (value: number | null) =>
  value === null ? 'n/a' : `£${(value / 1_000_000).toFixed(1)}M`;
const signed = (points: number) => `${points >= 0 ? '+' : '−'}${Math.abs(points).toFixed(1)}`;
const CONFIDENCE_WORD = { high: 'High', medium: 'Medium', low: 'Low' } as const;

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

function ScoreHeader({ analysis, enhanced }: { analysis: Analysis; enhanced: boolean }) {
  const score = num(analysis.viabilityScore);
  const band = score === null ? null : scoreBand(score);
  const tier = enhanced ? analysis.enhanced.tier : analysis.tier;
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div>
        <p className="text-sm text-ink-muted">Commercial Viability Score</p>
        <p
          className={cn(
            'font-display text-4xl font-semibold tabular-nums',
            band ? BAND_TEXT[band] : 'text-ink-muted',
          )}
          data-testid="viability-score"
        >
          {score === null ? 'Insufficient data' : enhanced ? `${score}/100` : score}
        </p>
      </div>
      {tier && band ? <Badge tone={BAND_TONE[band]}>{tier}</Badge> : null}
      {!enhanced && analysis.label ? <Badge tone="slate">{analysis.label}</Badge> : null}
      <Badge tone="slate">
        {CONFIDENCE_WORD[analysis.method.confidence]} confidence · likely {analysis.method.low}–
        {analysis.method.high}
      </Badge>
      {enhanced ? null : <Badge tone="purple">{analysis.priceTier} tier</Badge>}
    </div>
  );
}

function ScoreParts({ analysis }: { analysis: Analysis }) {
  const { method } = analysis;
  const rows = [
    { name: 'All films', points: method.base, why: 'Share of all films that grossed their budget' },
    ...method.parts,
  ];
  return (
    <ChartFrame
      title="How the score was reached"
      summary={`${method.definition}. It starts from the ${method.base.toFixed(1)} in 100 of all films that recouped and each part adds or takes away points.`}
      table={{
        columns: [
          { id: 'name', header: 'Part' },
          { id: 'points', header: 'Points', align: 'right' },
          { id: 'why', header: 'Why' },
        ],
        rows: rows.map((row, index) => ({
          name: row.name,
          points: index === 0 ? row.points.toFixed(1) : signed(row.points),
          why: row.why,
        })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={method.parts.map((part) => ({ name: part.name, points: part.points }))}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" fontSize={10} interval={0} tick={false} />
          <YAxis fontSize={12} unit=" pts" />
          <Bar dataKey="points" fill={CHART_COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** What the score means, how well the method predicted films it never saw, and its limits. */
function MethodNote({ analysis }: { analysis: Analysis }) {
  const { method } = analysis;
  const { backtest } = method;
  return (
    <section aria-label="Method and back-test" className="space-y-2 text-sm text-ink-soft">
      <h3 className="font-display text-base font-semibold text-ink">Method and back-test</h3>
      <p>
        Back-test of {backtest.runOn}: fitted on films up to each cut-off year and scored on the{' '}
        {backtest.films.toLocaleString('en-GB')} films released in the next two years (
        {backtest.heldOutYears}), the score’s rank correlation with the return those films realised
        was {backtest.spearman.toFixed(2)}, against {backtest.baselineSpearman.toFixed(2)} for genre
        averages alone. Its bands were off by {backtest.calibrationError} points on average.
      </p>
      <p>
        {CONFIDENCE_WORD[method.confidence]} confidence: {method.confidenceWhy}.
        {method.wouldRaise.length > 0
          ? ` Would make it surer: ${method.wouldRaise.join(', ')}.`
          : ''}
      </p>
      <p>Money: {method.money}.</p>
    </section>
  );
}

function OverviewTab({ analysis }: { analysis: Analysis }) {
  const { aiScores, static: parts } = analysis;
  return (
    <div className="space-y-4">
      <Grid>
        <FigureValue label="Commercial Viability Score" figure={analysis.viabilityScore} />
        <FigureValue label="Genre score" figure={parts.genreScore} />
        <FigureValue label="Medium score" figure={parts.mediumScore} />
        <FigureValue label="Page adjustment" figure={parts.lengthBonus} />
        <FigureValue label="Model score" figure={parts.modelScore} />
        <FigureValue label="Market appeal" figure={aiScores.marketAppeal} />
        <FigureValue label="Adaptation fit" figure={aiScores.adaptationFit} />
        <FigureValue label="Financial outlook" figure={aiScores.financialOutlook} />
        <FigureValue
          label="Risk profile (Lower Risk)"
          figure={aiScores.riskProfile}
          display={
            num(aiScores.riskProfile) === null
              ? undefined
              : `${100 - num(aiScores.riskProfile)!}/100`
          }
        />
        <FigureValue label="Franchise upside" figure={aiScores.franchiseUpside} />
        <FigureValue label="Platform demand" figure={aiScores.marketTiming} />
      </Grid>
      <ScoreParts analysis={analysis} />
      <MethodNote analysis={analysis} />
    </div>
  );
}

function ForecastingTab({ analysis }: { analysis: Analysis }) {
  const { scenarios, comparableFilms, accuracyFactors } = analysis.forecasting;
  const rows = (['conservative', 'expected', 'optimistic'] as const).map((name) => ({
    name,
    gross: num(scenarios[name].gross),
    probability: scenarios[name].probability,
  }));
  const withFigures = comparableFilms.filter((film) => film.budget && film.actualGross);
  return (
    <div className="space-y-4">
      <Grid>
        <FigureValue label="Confidence level" figure={analysis.forecasting.confidenceLevel} />
        <FigureValue label="Data quality" figure={accuracyFactors.dataQuality} />
        <FigureValue
          label="Market volatility (Lower Risk)"
          figure={accuracyFactors.marketVolatility}
          display={
            num(accuracyFactors.marketVolatility) === null
              ? undefined
              : `${100 - num(accuracyFactors.marketVolatility)!}/100`
          }
        />
        <FigureValue label="Genre stability" figure={accuracyFactors.genreStability} />
        {rows.map((row) => (
          <FigureValue
            key={row.name}
            label={`${row.name} scenario (reached by ${Math.round(row.probability * 100)}%)`}
            figure={scenarios[row.name].gross}
          />
        ))}
      </Grid>
      <ChartFrame
        title="Scenario distribution"
        summary={`Worldwide gross of ${analysis.forecasting.comparablesCount} comparable adaptations (${analysis.dataRange}): the production budget times their gross-to-budget multiple at the 25th, 50th and 75th percentiles, in ${analysis.method.money}.`}
        table={{
          columns: [
            { id: 'name', header: 'Scenario' },
            { id: 'gross', header: 'Gross', align: 'right' },
            { id: 'probability', header: 'Probability', align: 'right' },
          ],
          rows: rows.map((row) => ({
            name: row.name,
            gross: millions(row.gross),
            probability: `${Math.round(row.probability * 100)}%`,
          })),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows.map((row) => ({ ...row, gross: (row.gross ?? 0) / 1e6 }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" fontSize={12} />
            <YAxis fontSize={12} unit="M" />
            <Bar dataKey="gross" fill={CHART_COLORS[2]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        title="Comparable films: budget against gross"
        summary={`${analysis.forecasting.comparablesRule}. Budget and worldwide gross in millions of ${analysis.method.money}.`}
        table={{
          columns: [
            { id: 'title', header: 'Film' },
            { id: 'relevance', header: 'Relevance' },
            { id: 'similarity', header: 'Similarity', align: 'right' },
            { id: 'budget', header: 'Budget', align: 'right' },
            { id: 'gross', header: 'Gross', align: 'right' },
            { id: 'why', header: 'Why chosen' },
          ],
          rows: comparableFilms.map((film) => ({
            title: `${film.title} (${film.year})`,
            relevance: film.relevance,
            similarity: film.similarity,
            budget: millions(film.budget),
            gross: millions(film.actualGross),
            why: film.reasons.join('; '),
          })),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" dataKey="budget" name="Budget" unit="M" fontSize={12} />
            <YAxis type="number" dataKey="gross" name="Gross" unit="M" fontSize={12} />
            <Scatter
              data={withFigures.map((film) => ({
                budget: film.budget! / 1e6,
                gross: film.actualGross! / 1e6,
              }))}
              fill={CHART_COLORS[1]}
              isAnimationActive={false}
            />
          </ScatterChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}

function AudienceTab({ analysis }: { analysis: Analysis }) {
  const { audience } = analysis;
  return (
    <Grid>
      <FigureValue label="Estimated audience" figure={audience.size} />
      <FigureValue label="Primary age" figure={audience.demographics.primaryAge} />
      <FigureValue label="Gender split" figure={audience.demographics.genderSplit} />
      <FigureValue label="Socioeconomic" figure={audience.demographics.socioeconomic} />
      <FigureValue label="Geography" figure={audience.demographics.geography} />
      <FigureValue label="Reachability" figure={audience.marketPotential.reachability} />
      <FigureValue label="Engagement" figure={audience.marketPotential.engagement} />
      <FigureValue label="Monetisation" figure={audience.marketPotential.monetisation} />
      <FigureValue label="Interest on PageToScreen" figure={audience.platformInterest} />
    </Grid>
  );
}

function FinancialTab({ analysis }: { analysis: Analysis }) {
  const { financial } = analysis;
  return (
    <Grid>
      <FigureValue label="Production budget" figure={financial.productionBudget} />
      <FigureValue label="Break-even gross" figure={financial.breakEvenGross} />
      <FigureValue label="Forecast gross" figure={financial.forecastGross} />
      <FigureValue label="Forecast margin" figure={financial.forecastMargin} />
      <FigureValue label="ROI multiple" figure={financial.roiMultiple} />
      <FigureValue label="Accepted option price (genre)" figure={financial.platformOptionPrice} />
    </Grid>
  );
}

function GatesTab({ analysis }: { analysis: Analysis }) {
  return (
    <ul className="space-y-2">
      {analysis.gates.map((gate) => (
        <li
          key={gate.name}
          className="flex items-start justify-between gap-3 rounded-md border border-line p-3"
        >
          <div>
            <p className="font-medium text-ink">{gate.name}</p>
            <p className="text-sm text-ink-muted">{gate.reason}</p>
          </div>
          <Badge tone={gate.passed === null ? 'slate' : gate.passed ? 'green' : 'red'}>
            {gate.passed === null ? 'Insufficient data' : gate.passed ? 'Passed' : 'Not passed'}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function RecommendationsTab({ analysis }: { analysis: Analysis }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
      {analysis.recommendations.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

function EnhancedView({ analysis }: { analysis: Analysis }) {
  const { enhanced } = analysis;
  const risk = num(enhanced.risk.overallRisk);
  const riskTone: Record<ReturnType<typeof overallRiskBand>, BadgeTone> = {
    green: 'green',
    yellow: 'amber',
    red: 'red',
  };
  const buzz = num(enhanced.social.buzzScore);
  return (
    <Tabs defaultValue="overview" className="space-y-4">
      <TabsList aria-label="Enhanced analysis sections">
        {['Overview', 'Talent', 'Social', 'Streaming', 'Content', 'Financial', 'Risk'].map(
          (name) => (
            <TabsTrigger key={name} value={name.toLowerCase()}>
              {name}
            </TabsTrigger>
          ),
        )}
      </TabsList>
      <TabsContent value="overview" className="space-y-4">
        <Grid>
          <FigureValue label="Commercial Viability Score" figure={analysis.viabilityScore} />
          <FigureValue label="Confidence level" figure={enhanced.confidenceLevel} />
          <FigureValue label="Genre score" figure={analysis.static.genreScore} />
          <FigureValue label="Medium score" figure={analysis.static.mediumScore} />
          <FigureValue label="Publication recency" figure={enhanced.publicationRecency} />
        </Grid>
        <div>
          <h4 className="mb-2 font-semibold text-ink">Comparable films</h4>
          <ul className="space-y-1 text-sm">
            {analysis.forecasting.comparableFilms.slice(0, ENHANCED_COMPARABLES).map((film) => (
              <li key={`${film.title}-${film.year}`}>
                {film.title} ({film.year}) · similarity {film.similarity} · gross{' '}
                {millions(film.actualGross)} ·{' '}
                {film.multiple === null ? 'multiple n/a' : `${film.multiple.toFixed(1)}×`}
              </li>
            ))}
          </ul>
        </div>
      </TabsContent>
      <TabsContent value="talent">
        <Grid>
          <FigureValue label="Author recognition" figure={enhanced.talent.authorRecognition} />
          <FigureValue label="Previous adaptations" figure={enhanced.talent.previousAdaptations} />
          <FigureValue label="Awards" figure={enhanced.talent.awards} />
        </Grid>
      </TabsContent>
      <TabsContent value="social">
        <Grid>
          <FigureValue label="Content mentions" figure={enhanced.social.contentMentions} />
          <FigureValue
            label="Buzz score"
            figure={enhanced.social.buzzScore}
            display={buzz === null ? undefined : `${buzz}/100 · ${sentimentLabel(buzz)}`}
          />
          <FigureValue label="Video views" figure={enhanced.social.videoViews} />
          <FigureValue label="Viral potential" figure={enhanced.social.viralPotential} />
        </Grid>
      </TabsContent>
      <TabsContent value="streaming">
        <Grid>
          <FigureValue label="Demand score" figure={enhanced.streaming.demandScore} />
          <FigureValue
            label="Platform suitability"
            figure={enhanced.streaming.platformSuitability}
          />
        </Grid>
      </TabsContent>
      <TabsContent value="content">
        <Grid>
          <FigureValue
            label="Adaptation complexity"
            figure={enhanced.content.adaptationComplexity}
          />
          <FigureValue label="Franchise potential" figure={enhanced.content.franchisePotential} />
          <FigureValue label="Target rating" figure={enhanced.content.targetRating} />
          <FigureValue label="Themes" figure={enhanced.content.themes} />
        </Grid>
      </TabsContent>
      <TabsContent value="financial">
        <Grid>
          <FigureValue label="Budget (low)" figure={enhanced.financial.budgetLow} />
          <FigureValue label="Budget (expected)" figure={enhanced.financial.budgetExpected} />
          <FigureValue label="Budget (high)" figure={enhanced.financial.budgetHigh} />
          <FigureValue label="Payback period" figure={enhanced.financial.paybackPeriod} />
          <FigureValue label="IRR" figure={enhanced.financial.irr} />
          <FigureValue label="Risk-adjusted net" figure={enhanced.financial.expectedNet} />
        </Grid>
      </TabsContent>
      <TabsContent value="risk" className="space-y-4">
        <div className="flex items-center gap-3">
          <FigureValue label="Overall risk (heavy loss rate)" figure={enhanced.risk.overallRisk} />
          {risk !== null ? (
            <Badge tone={riskTone[overallRiskBand(risk)]}>
              {risk < 30 ? 'Low risk' : risk < 60 ? 'Moderate risk' : 'High risk'}
            </Badge>
          ) : null}
        </div>
        <ChartFrame
          title="Risk factors"
          summary="Each risk factor from 0 (none) to 100. The overall risk is the heavy loss rate: the same figure as the standard view’s risk profile."
          table={{
            columns: [
              { id: 'name', header: 'Factor' },
              { id: 'value', header: 'Value', align: 'right' },
            ],
            rows: enhanced.risk.factors.map(({ name, figure }) => ({
              name,
              value: formatFigure(figure),
            })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={enhanced.risk.factors.map(({ name, figure }) => ({
                name,
                value: num(figure) ?? 0,
              }))}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" fontSize={12} />
              <YAxis domain={[0, 100]} fontSize={12} />
              <Bar dataKey="value" fill={CHART_COLORS[3]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {enhanced.risk.mitigationStrategies.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </TabsContent>
    </Tabs>
  );
}

function StandardView({ analysis }: { analysis: Analysis }) {
  return (
    <Tabs defaultValue="overview" className="space-y-4">
      <TabsList aria-label="Analysis sections">
        {['Overview', 'Forecasting', 'Audience', 'Financial', 'Gates', 'Recommendations'].map(
          (name) => (
            <TabsTrigger key={name} value={name.toLowerCase()}>
              {name}
            </TabsTrigger>
          ),
        )}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab analysis={analysis} />
      </TabsContent>
      <TabsContent value="forecasting">
        <ForecastingTab analysis={analysis} />
      </TabsContent>
      <TabsContent value="audience">
        <AudienceTab analysis={analysis} />
      </TabsContent>
      <TabsContent value="financial">
        <FinancialTab analysis={analysis} />
      </TabsContent>
      <TabsContent value="gates">
        <GatesTab analysis={analysis} />
      </TabsContent>
      <TabsContent value="recommendations">
        <RecommendationsTab analysis={analysis} />
      </TabsContent>
    </Tabs>
  );
}

/** The analysis of one listing, standard or enhanced, for those past the premium gate. */
function ListingAnalysis({ listingId }: { listingId: number }) {
  const analysis = useListingAnalysis(listingId);
  const refresh = useRefreshAnalysis(listingId);
  const [view, setView] = useState<'standard' | 'enhanced'>('standard');
  const enhanced = view === 'enhanced';
  if (analysis.isPending) {
    return <Spinner label="Generating comprehensive market intelligence..." />;
  }
  if (analysis.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="font-semibold text-red-700">
          {enhanced ? 'Enhanced Analysis Error' : 'Analysis Error'}
        </p>
        <p className="text-sm text-ink-soft">
          {errorMessage(analysis.error, 'Failed to generate enhanced analysis. Please try again.')}
        </p>
        <Button variant="outline" onClick={() => void analysis.refetch()}>
          Retry Analysis
        </Button>
      </div>
    );
  }
  const data = analysis.data;
  return (
    <div className="space-y-4">
      <ScoreHeader analysis={data} enhanced={enhanced} />
      <p className="text-xs text-ink-muted">
        Market data: films released {data.dataRange}; money in {data.method.money}. Computed{' '}
        {new Date(data.computedAt).toLocaleString('en-GB')} by engine {data.engineVersion}. Each
        figure’s basis is behind its info button.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {enhanced ? 'Refresh' : 'Refresh Analysis'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setView(enhanced ? 'standard' : 'enhanced')}
        >
          {enhanced ? 'Switch to Standard' : 'Switch to Enhanced'}
        </Button>
        <a
          className={buttonClasses('outline', 'sm')}
          href={analysisPdfUrl(listingId)}
          download={`analysis-${listingId}.pdf`}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download analysis (PDF)
        </a>
      </div>
      {refresh.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(refresh.error, 'Failed to refresh the analysis. Please try again.')}
        </p>
      ) : null}
      {enhanced ? (
        <section aria-label="Enhanced Analysis" className="space-y-2">
          <h3 className="font-display text-lg font-semibold text-ink">Enhanced Analysis</h3>
          <EnhancedView analysis={data} />
        </section>
      ) : (
        <StandardView analysis={data} />
      )}
    </div>
  );
}

/**
 * The listing page's commercial analysis panel: premium members (and the listing's agent, and
 * admins) see the analysis; other agents see no panel (showsAnalysisPanel); everyone else the
 * spec's teaser and 'Upgrade to Premium'.
 */
export function ListingAnalysisPanel({
  listingId,
  agentId,
}: {
  listingId: number;
  agentId: number | null;
}) {
  const { user } = useCurrentUser();
  if (!showsAnalysisPanel(user, agentId)) return null;
  return (
    <PremiumGate
      prompt={{
        feature: 'commercialAnalysis',
        title: 'Commercial Analysis',
        description: 'Premium members see a full commercial analysis of every title.',
        children: (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {PREMIUM_INSIGHTS.map(({ title, Icon }) => (
              <li
                key={title}
                className="flex items-center gap-3 rounded-md border border-line bg-white p-3 text-sm font-medium text-ink"
              >
                <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                {title}
              </li>
            ))}
          </ul>
        ),
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Commercial Analysis</CardTitle>
        </CardHeader>
        <CardContent>
          <ListingAnalysis listingId={listingId} />
        </CardContent>
      </Card>
    </PremiumGate>
  );
}
