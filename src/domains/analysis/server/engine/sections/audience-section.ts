import { AUDIENCE_DEFAULTS } from '../../../analysis.constants';
import type { Figure } from '../../../analysis.schema';
import { confidenceFor, genreDefault, valueFigure } from '../figure';
import type { AnalysisContext } from './context';

/** Audience: the listing's own target demographic, else the spec's labelled genre defaults. */
export function audienceSection({ listing, activity }: AnalysisContext) {
  const demo = listing.targetDemographic ?? {};
  const fromListing = (value: string | undefined, fallback: string, label: string): Figure =>
    value
      ? valueFigure({
          value,
          unit: 'text',
          inputs: [[label, value]],
          formula: 'As the agent describes the target audience',
          confidence: 'medium',
        })
      : genreDefault(fallback, 'text');
  const views = activity.listing.views;
  return {
    size: genreDefault(AUDIENCE_DEFAULTS.size, 'count'),
    demographics: {
      primaryAge: fromListing(demo.ageRange, AUDIENCE_DEFAULTS.primaryAge, 'Target age range'),
      genderSplit: fromListing(demo.gender, AUDIENCE_DEFAULTS.genderSplit, 'Target gender'),
      socioeconomic: fromListing(demo.income, AUDIENCE_DEFAULTS.socioeconomic, 'Target income'),
      geography: genreDefault(AUDIENCE_DEFAULTS.geography, 'list'),
    },
    marketPotential: {
      reachability: genreDefault(AUDIENCE_DEFAULTS.reachability, 'score'),
      engagement: genreDefault(AUDIENCE_DEFAULTS.engagement, 'score'),
      monetisation: genreDefault(AUDIENCE_DEFAULTS.monetisation, 'score'),
    },
    platformInterest: valueFigure({
      value: views + activity.listing.favourites + activity.listing.offers,
      unit: 'count',
      inputs: [
        ['Producers who opened it', views],
        ['Favourites', activity.listing.favourites],
        ['Offers', activity.listing.offers],
      ],
      formula: 'Producers who opened the listing + favourites + offers on PageToScreen',
      confidence: confidenceFor(views),
    }),
  };
}
