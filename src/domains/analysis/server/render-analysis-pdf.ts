import { rgb } from 'pdf-lib';
import { BREAK_EVEN_MULTIPLE } from '../analysis.constants';
import type { Analysis, Figure } from '../analysis.schema';
import { BRAND, MUTED, PdfLayout, plain } from './pdf-layout';

const CONFIDENCE = { high: 'High', medium: 'Medium', low: 'Low' } as const;

export function formatFigure(figure: Figure): string {
  if (figure.kind === 'insufficient' || figure.value === null) return 'Insufficient data';
  const { value, unit } = figure;
  const suffix = figure.kind === 'default' ? ' (genre default)' : '';
  if (Array.isArray(value)) return value.join(', ') + suffix;
  if (typeof value === 'string') return value + suffix;
  switch (unit) {
    case 'gbp':
      return value >= 1_000_000
        ? `£${(value / 1_000_000).toFixed(1)}M${suffix}`
        : `£${value.toLocaleString('en-GB')}${suffix}`;
    case 'percent':
      return `${value}%${suffix}`;
    case 'probability':
      return `${Math.round(value * 100)}%${suffix}`;
    case 'multiple':
      return `${value.toFixed(2)}x${suffix}`;
    case 'score':
      return `${value}/100${suffix}`;
    default:
      return `${value.toLocaleString('en-GB')}${suffix}`;
  }
}

const millions = (value: number | null) =>
  value === null ? 'n/a' : `£${(value / 1_000_000).toFixed(1)}M`;
const signed = (points: number) => `${points >= 0 ? '+' : '-'}${Math.abs(points).toFixed(1)}`;

function cover(layout: PdfLayout, analysis: Analysis, listing: { title: string; author: string }) {
  const { page, bold } = layout;
  // The cover's band of colour, with the product's name on it.
  const { method } = analysis;
  page.drawRectangle({ x: 0, y: 700, width: 595.28, height: 141.89, color: BRAND });
  layout.draw('PageToScreen - Commercial analysis', {
    x: 48,
    y: 800,
    size: 11,
    font: bold,
    color: rgb(1, 1, 1),
  });
  layout.y = 680;
  layout.text(listing.title, { size: 24, font: bold, gap: 4 });
  layout.text(`by ${listing.author}`, { size: 12, color: MUTED, gap: 30 });
  layout.text('Commercial Viability Score', { size: 12, color: MUTED, gap: 2 });
  layout.text(`${String(analysis.viabilityScore.value ?? 'n/a')} / 100`, {
    size: 54,
    font: bold,
    color: BRAND,
    gap: 10,
  });
  layout.text(`${analysis.tier ?? ''} - ${analysis.label ?? ''}`, { size: 14, font: bold, gap: 4 });
  layout.text(
    `${CONFIDENCE[method.confidence]} confidence: likely between ${method.low} and ${method.high} (${method.confidenceWhy}).`,
    { size: 10.5, gap: 18 },
  );
  layout.text(`What the score means. ${method.definition}.`, { size: 10.5, gap: 10 });
  layout.text(
    `How well it predicts. Back-test of ${method.backtest.runOn} on ${method.backtest.films.toLocaleString('en-GB')} films the model never saw (released ${method.backtest.heldOutYears}): rank correlation with their realised return ${method.backtest.spearman.toFixed(2)}, against ${method.backtest.baselineSpearman.toFixed(2)} for genre averages alone.`,
    { size: 10.5, gap: 10 },
  );
  layout.text(`Recommended action: ${analysis.summary.recommendedAction}.`, {
    size: 10.5,
    font: bold,
    gap: 10,
  });
  layout.text(
    `Computed ${analysis.computedAt.slice(0, 10)}. Market data: films released ${analysis.dataRange}. Money: ${method.money}.`,
    { size: 8.5, color: MUTED },
  );
}

function scoreParts(layout: PdfLayout, analysis: Analysis) {
  const { method } = analysis;
  layout.heading('How the score was reached');
  layout.text(
    `Starting from the ${method.base.toFixed(1)} in 100 of all films that grossed their budget, each part below adds or takes away points (chance in 100). Parts marked "measured" were fitted on the film data and are judged by the back-test; the others are stated assumptions.`,
    { gap: 8 },
  );
  layout.bars(
    method.parts.map((part) => ({ label: part.name, value: part.points })),
    'pts',
  );
  layout.table(
    [
      { header: 'Part', width: 0.24 },
      { header: 'Points', width: 0.09, align: 'right' },
      { header: 'Kind', width: 0.1 },
      { header: 'Why', width: 0.57 },
    ],
    [
      [
        'All films',
        method.base.toFixed(1),
        'measured',
        'Share of all films in the data that grossed their budget worldwide',
      ],
      ...method.parts.map((part) => [
        part.name,
        signed(part.points),
        part.measured ? 'measured' : 'assumption',
        part.why,
      ]),
      [
        'Score',
        String(analysis.viabilityScore.value),
        '',
        `Rounded; likely range ${method.low}-${method.high}`,
      ],
    ],
  );
  if (method.wouldRaise.length > 0) {
    layout.text(`What would make the score surer: ${method.wouldRaise.join(', ')}.`, { gap: 6 });
  }
}

function money(layout: PdfLayout, analysis: Analysis) {
  layout.heading('Money');
  layout.text(`All amounts in ${analysis.method.money}.`, { color: MUTED, gap: 6 });
  const rows: Array<[string, Figure]> = [
    ['Production budget', analysis.financial.productionBudget],
    ['Break-even gross', analysis.financial.breakEvenGross],
    ['Expected gross', analysis.financial.forecastGross],
    ['Expected margin', analysis.financial.forecastMargin],
    ['ROI multiple', analysis.financial.roiMultiple],
  ];
  layout.table(
    [
      { header: 'Figure', width: 0.2 },
      { header: 'Value', width: 0.14, align: 'right' },
      { header: 'Basis', width: 0.66 },
    ],
    rows.map(([name, figure]) => [name, formatFigure(figure), figure.note ?? figure.basis.formula]),
  );
  const scenarios = analysis.forecasting.scenarios;
  layout.table(
    [
      { header: 'Scenario', width: 0.2 },
      { header: 'Worldwide gross', width: 0.2, align: 'right' },
      { header: 'Comparables reaching it', width: 0.3, align: 'right' },
    ],
    (['conservative', 'expected', 'optimistic'] as const).map((name) => [
      name[0].toUpperCase() + name.slice(1),
      formatFigure(scenarios[name].gross),
      `${Math.round(scenarios[name].probability * 100)}%`,
    ]),
  );
}

function comparables(layout: PdfLayout, analysis: Analysis) {
  layout.heading('Comparable films');
  layout.text(`${analysis.forecasting.comparablesRule}.`, { gap: 6 });
  const { found, missing } = analysis.method.namedComparables;
  if (found.length + missing.length > 0) {
    layout.text(
      `Named by the agent: ${[...found.map((t) => `${t} (in the film data)`), ...missing.map((t) => `${t} (not in the film data)`)].join(', ')}.`,
      { gap: 6 },
    );
  }
  layout.table(
    [
      { header: 'Film', width: 0.26 },
      { header: 'Budget', width: 0.1, align: 'right' },
      { header: 'Gross', width: 0.1, align: 'right' },
      { header: 'Return', width: 0.08, align: 'right' },
      { header: 'Why chosen', width: 0.46 },
    ],
    analysis.forecasting.comparableFilms.map((film) => [
      `${film.title} (${film.year})`,
      millions(film.budget),
      millions(film.actualGross),
      film.multiple === null ? 'n/a' : `${film.multiple.toFixed(2)}x`,
      film.reasons.join('; '),
    ]),
  );
}

function methodAndSources(layout: PdfLayout, analysis: Analysis) {
  const { backtest } = analysis.method;
  layout.heading('Assumptions');
  for (const text of [
    `Break-even is ${BREAK_EVEN_MULTIPLE}x the production budget in worldwide gross: exhibitors keep about half the box office, and prints and advertising cost about the budget again.`,
    'Screen rights cost about 2.5% of a film’s budget, so the asking price implies the budget band.',
    'Half of the advantage well-reviewed films show is carried to a well-received source (awards, reviews, reader rating); a pre-sold audience (sales, social, video) moves the odds by at most 0.4. Neither is measured by the back-test.',
    'Each comparable title the agent names that is in the film data counts as one film against the model’s ten.',
    'The film data holds films that were released and reported; films never made are not in it.',
  ]) {
    layout.text(`- ${text}`, { indent: 6 });
  }
  layout.heading('Method and back-test');
  layout.text(`${analysis.method.definition}.`, { gap: 6 });
  layout.text(
    `Back-test of ${backtest.runOn}: for each cut-off year from 1996 to 2008 the model was fitted on the films released up to it and scored the films of the next two years. Over all ${backtest.films.toLocaleString('en-GB')} held-out films (${backtest.heldOutYears}) Spearman's rank correlation between score and realised return (worldwide gross / budget) was ${backtest.spearman.toFixed(2)}; genre averages alone gave ${backtest.baselineSpearman.toFixed(2)}. Brier score ${backtest.brier} against ${backtest.baselineBrier} (lower is better). The bands' predicted and realised recoup rates differed by ${backtest.calibrationError} points on average.`,
    { gap: 6 },
  );
  layout.table(
    [
      { header: 'Band', width: 0.3 },
      { header: 'Held-out films', width: 0.2, align: 'right' },
      { header: 'Recouped', width: 0.2, align: 'right' },
      { header: 'Median return', width: 0.3, align: 'right' },
    ],
    backtest.bands.map((band) => [
      `${band.tier} (${band.from}-${band.to})`,
      String(band.films),
      band.recouped === null ? 'n/a' : `${Math.round(band.recouped * 100)}%`,
      band.medianMultiple === null ? 'n/a' : `${band.medianMultiple.toFixed(2)}x`,
    ]),
  );
  layout.heading('Sources');
  for (const source of analysis.sources) layout.text(`- ${source}`, { indent: 6 });
}

/**
 * The report a producer forwards: a cover with the title and score, how the score was
 * reached (chart and table), money, comparables, assumptions, method and back-test, sources.
 */
export async function renderAnalysisPdf(
  analysis: Analysis,
  listing: { title: string; author: string },
): Promise<Uint8Array> {
  return (await renderAnalysisReport(analysis, listing)).bytes;
}

/** The PDF and the text drawn on its pages, in order. */
export async function renderAnalysisReport(
  analysis: Analysis,
  listing: { title: string; author: string },
): Promise<{ bytes: Uint8Array; text: string; pages: number }> {
  const layout = await PdfLayout.create(
    `${listing.title} - PageToScreen commercial analysis, ${analysis.computedAt.slice(0, 10)}`,
  );
  layout.pdf.setTitle(plain(`Commercial analysis: ${listing.title}`));
  layout.pdf.setProducer('PageToScreen');
  layout.pdf.setCreationDate(new Date(analysis.computedAt));
  cover(layout, analysis, listing);
  layout.newPage();
  scoreParts(layout, analysis);
  money(layout, analysis);
  comparables(layout, analysis);
  methodAndSources(layout, analysis);
  return {
    bytes: await layout.pdf.save(),
    text: layout.lines.join('\n'),
    pages: layout.pdf.getPageCount(),
  };
}
