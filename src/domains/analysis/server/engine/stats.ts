/** Small, exact statistics on sorted copies (no interpolation surprises: type-7 quantiles). */
export function quantile(values: readonly number[], q: number): number | null {
  return quantileOfSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

/** The same on values already in ascending order (no copy, no sort). */
export function quantileOfSorted(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Share of values meeting a test, 0-1; null for none. */
export function share<T>(values: readonly T[], test: (value: T) => boolean): number | null {
  if (values.length === 0) return null;
  return values.filter(test).length / values.length;
}

export const round = (value: number, places = 0) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
