import type { MarketFilm } from '../market/clean-movies';

/**
 * Which films of the market data stand for a listing's genre: by the data's Major Genre or its
 * Creative Type (the data has no 'Crime' or 'Memoir' genre). A judgement, recorded in decision
 * 013 and shown in every basis as "films matched".
 */
export const GENRE_TO_FILMS: Record<string, { majorGenres?: string[]; creativeTypes?: string[] }> =
  {
    crime: { majorGenres: ['Thriller/Suspense'] },
    thriller: { majorGenres: ['Thriller/Suspense'] },
    'psychological thriller': { majorGenres: ['Thriller/Suspense'] },
    mystery: { majorGenres: ['Thriller/Suspense'] },
    espionage: { majorGenres: ['Thriller/Suspense', 'Action'] },
    'science fiction': { creativeTypes: ['Science Fiction'] },
    dystopian: { creativeTypes: ['Science Fiction'] },
    fantasy: { creativeTypes: ['Fantasy'] },
    horror: { majorGenres: ['Horror'] },
    romance: { majorGenres: ['Romantic Comedy'] },
    'historical fiction': { creativeTypes: ['Historical Fiction'] },
    war: { creativeTypes: ['Historical Fiction'], majorGenres: ['Action'] },
    'literary fiction': { majorGenres: ['Drama'] },
    drama: { majorGenres: ['Drama'] },
    'coming of age': { majorGenres: ['Drama', 'Comedy'] },
    comedy: { majorGenres: ['Comedy', 'Black Comedy', 'Romantic Comedy'] },
    'young adult': { creativeTypes: ['Kids Fiction'], majorGenres: ['Adventure'] },
    "children's": { creativeTypes: ['Kids Fiction'] },
    adventure: { majorGenres: ['Adventure'] },
    action: { majorGenres: ['Action'] },
    biography: { creativeTypes: ['Dramatization', 'Factual'] },
    memoir: { creativeTypes: ['Dramatization', 'Factual'] },
    'true crime': { creativeTypes: ['Dramatization'] },
    musical: { majorGenres: ['Musical'] },
    western: { majorGenres: ['Western'] },
    documentary: { majorGenres: ['Documentary'] },
  };

/**
 * The film source types that stand for a listing's medium. Media with no film source type of
 * their own (podcasts, digital content, other) have none: their medium score is 'Insufficient
 * data' rather than borrowed from books.
 */
export const MEDIUM_TO_SOURCES: Record<string, string[]> = {
  book: ['Based on Book/Short Story', 'Based on Factual Book/Article'],
  comic: ['Based on Comic/Graphic Novel'],
  stage: ['Based on Play', 'Based on Musical/Opera'],
  television: ['Based on TV'],
  game: ['Based on Game'],
  toy: ['Based on Toy'],
  short_film: ['Based on Short Film'],
  screenplay: ['Original Screenplay'],
};

export function genreRule(genre: string | null) {
  if (!genre) return null;
  return GENRE_TO_FILMS[genre.trim().toLowerCase()] ?? null;
}

export function describeGenreRule(genre: string | null): string {
  const rule = genreRule(genre);
  if (!rule) return 'no film genre matches';
  return [...(rule.majorGenres ?? []), ...(rule.creativeTypes ?? [])].join(', ');
}

export function isOfGenre(film: MarketFilm, genre: string | null): boolean {
  const rule = genreRule(genre);
  if (!rule) return false;
  return (
    (film.majorGenre !== null && (rule.majorGenres ?? []).includes(film.majorGenre)) ||
    (film.creativeType !== null && (rule.creativeTypes ?? []).includes(film.creativeType))
  );
}

export function sourcesOf(medium: string): string[] {
  return MEDIUM_TO_SOURCES[medium] ?? [];
}

export function isOfSource(film: MarketFilm, medium: string): boolean {
  return film.source !== null && sourcesOf(medium).includes(film.source);
}
