import { MIN_COMPARABLES } from '../../../analysis.constants';
import type { Figure } from '../../../analysis.schema';
import { insufficient, valueFigure } from '../figure';
import { MONEY_BASIS, budgetPounds, gbp, memo, type AnalysisContext } from './context';

/** The listing's own figures, as the agent or enrichment gave them. */
export const listingFigure = (
  value: number | string | null,
  unit: Figure['unit'],
  label: string,
  formula: string,
  missing: string,
): Figure =>
  value !== null && value !== ''
    ? valueFigure({ value, unit, inputs: [[label, value]], formula, confidence: 'medium' })
    : insufficient({ unit, reason: missing, inputs: [[label, null]], formula });

/** Percentile of the title's budget among all films' budgets (in pounds). */
export function budgetPercentile(context: AnalysisContext): number | null {
  const all = memo(context.market, 'allBudgetsPounds', () =>
    context.market.films
      .flatMap((film) => {
        const value = budgetPounds(film);
        return value === null ? [] : [value];
      })
      .sort((a, b) => a - b),
  );
  const budget = context.budget.pounds;
  if (budget === null || all.length === 0) return null;
  return Math.round((100 * all.filter((value) => value <= budget).length) / all.length);
}

/** Talent, social, streaming and content: the listing's own figures and the film data's. */
export function enhancedContent(context: AnalysisContext, franchisePotential: Figure) {
  const { listing, range } = context;
  const percentile = budgetPercentile(context);
  const complexityFormula = `Percentile of the production budget among all films’ budgets (${MONEY_BASIS})`;
  const adaptationComplexity: Figure =
    percentile !== null
      ? valueFigure({
          value: percentile,
          unit: 'score',
          inputs: [['Production budget', gbp(context.budget.pounds!)]],
          comparables: context.market.films.length,
          formula: complexityFormula,
          dataRange: range,
        })
      : insufficient({
          unit: 'score',
          reason: 'no production budget estimate',
          formula: complexityFormula,
          dataRange: range,
        });
  return {
    talent: {
      authorRecognition: listingFigure(
        listing.ratingsCount,
        'count',
        'Reader ratings',
        'Number of reader ratings of the work',
        'the listing has no ratings count',
      ),
      previousAdaptations: valueFigure({
        value: listing.previousAdaptations ? 'Yes' : 'No',
        unit: 'text',
        inputs: [['Previous adaptations', listing.previousAdaptations]],
        formula: 'As the agent states on the listing',
        confidence: 'medium',
      }),
      awards: listingFigure(
        listing.awards,
        'text',
        'Awards',
        'As the agent lists them',
        'the listing names no awards',
      ),
    },
    social: {
      contentMentions: listingFigure(
        listing.twitterMentions,
        'count',
        'Social mentions',
        'Mentions found by the enrichment tools',
        'no social mentions have been gathered',
      ),
      buzzScore: listingFigure(
        listing.twitterBuzzScore,
        'score',
        'Buzz score',
        'Buzz score from the enrichment tools (0–100)',
        'no buzz score has been gathered',
      ),
      videoViews: listingFigure(
        listing.youtubeTotalViews,
        'count',
        'Video views',
        'Total views of videos about the work',
        'no video figures have been gathered',
      ),
      viralPotential: listingFigure(
        listing.youtubeAdaptationPotential,
        'score',
        'Adaptation potential',
        'Video adaptation-potential score from the enrichment tools',
        'no video figures have been gathered',
      ),
    },
    streaming: {
      demandScore: insufficient({
        unit: 'score',
        reason: 'no streaming demand source is connected',
        formula: 'Streaming demand index',
      }),
      platformSuitability: insufficient({
        unit: 'score',
        reason: 'no streaming platform data is connected',
        formula: 'Fit per streaming platform',
      }),
    },
    content: {
      adaptationComplexity,
      franchisePotential,
      targetRating: targetRating(context),
      themes:
        listing.themes.length > 0
          ? valueFigure({
              value: listing.themes,
              unit: 'list',
              inputs: [['Themes', listing.themes.join(', ')]],
              formula: 'As the agent lists them',
              confidence: 'high',
            })
          : insufficient({
              unit: 'list',
              reason: 'the listing names no themes',
              formula: 'As the agent lists them',
            }),
    },
  };
}

function targetRating({ listing, basisFilms, compInputs, range }: AnalysisContext): Figure {
  if (listing.contentRating) {
    return valueFigure({
      value: listing.contentRating,
      unit: 'text',
      inputs: [['Content rating', listing.contentRating]],
      formula: 'As the agent rates the content',
      confidence: 'high',
    });
  }
  const counts = new Map<string, number>();
  for (const film of basisFilms)
    if (film.mpaaRating) counts.set(film.mpaaRating, (counts.get(film.mpaaRating) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const formula = 'The most common MPAA rating among the comparables';
  return common && basisFilms.length >= MIN_COMPARABLES
    ? valueFigure({
        value: common[0],
        unit: 'text',
        inputs: [...compInputs, ['Comparables with that rating', common[1]]],
        comparables: basisFilms.length,
        formula,
        dataRange: range,
      })
    : insufficient({
        unit: 'text',
        reason: 'no content rating and too few comparables',
        formula,
        dataRange: range,
      });
}
