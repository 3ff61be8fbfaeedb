import type { MarketFilm } from '../../market/clean-movies';
import { filmFeatures, isScorable, realisedMultiple, type FeatureVector } from './features';

/**
 * A logistic regression of "the film's worldwide gross reached its production budget" on the
 * film's pre-release facts, with every category kept (none dropped) and an L2 penalty pulling
 * each weight to 0: a category with few films stays near the average, which is what a listing
 * of a rare kind should get. Fitted by full Newton steps (about 60 columns, a few hundred films per
 * category: Newton steps converge in a few iterations).
 */
export interface RecoupModel {
  intercept: number;
  weights: ReadonlyMap<string, number>;
  /** Films it was fitted on, their years, and their overall recoup rate. */
  films: number;
  firstYear: number;
  lastYear: number;
  baseRate: number;
}

/** The penalty per weight: as if each category had seen about this many average films more. */
export const L2_PENALTY = 2;
const ITERATIONS = 12;

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const logit = (p: number) => Math.log(p / (1 - p));

export function linearScore(model: RecoupModel, features: FeatureVector): number {
  let z = model.intercept;
  for (const [key, value] of features) z += (model.weights.get(key) ?? 0) * value;
  return z;
}

export function predictRecoup(model: RecoupModel, features: FeatureVector): number {
  return sigmoid(linearScore(model, features));
}

/** Solves A x = b for a symmetric positive-definite A (Cholesky); A is overwritten. */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  for (let j = 0; j < n; j += 1) {
    let diagonal = a[j][j];
    for (let k = 0; k < j; k += 1) diagonal -= a[j][k] * a[j][k];
    a[j][j] = Math.sqrt(Math.max(diagonal, 1e-12));
    for (let i = j + 1; i < n; i += 1) {
      let sum = a[i][j];
      for (let k = 0; k < j; k += 1) sum -= a[i][k] * a[j][k];
      a[i][j] = sum / a[j][j];
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i];
    for (let k = 0; k < i; k += 1) sum -= a[i][k] * y[k];
    y[i] = sum / a[i][i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i];
    for (let k = i + 1; k < n; k += 1) sum -= a[k][i] * x[k];
    x[i] = sum / a[i][i];
  }
  return x;
}

/**
 * Newton's method on the penalised log-likelihood (iteratively reweighted least squares):
 * column 0 is the intercept (not penalised), one column per category seen in the films.
 */
export function fitRecoupModel(films: readonly MarketFilm[]): RecoupModel {
  const scorable = films.filter(isScorable);
  const keys = [...new Set(scorable.flatMap((film) => [...filmFeatures(film).keys()]))].sort();
  const column = new Map(keys.map((key, index) => [key, index + 1]));
  const rows = scorable.map((film) => ({
    columns: [0, ...[...filmFeatures(film).keys()].map((key) => column.get(key)!)],
    recouped: realisedMultiple(film)! >= 1 ? 1 : 0,
  }));
  const size = keys.length + 1;
  const baseRate = rows.reduce((sum, row) => sum + row.recouped, 0) / Math.max(1, rows.length);
  const beta = new Float64Array(size);
  beta[0] = logit(Math.min(0.99, Math.max(0.01, baseRate)));
  for (let step = 0; step < ITERATIONS && rows.length > 0; step += 1) {
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    const gradient = new Float64Array(size);
    for (let j = 1; j < size; j += 1) {
      hessian[j][j] += L2_PENALTY;
      gradient[j] -= L2_PENALTY * beta[j];
    }
    for (const row of rows) {
      let z = 0;
      for (const j of row.columns) z += beta[j];
      const p = sigmoid(z);
      const w = p * (1 - p);
      for (const j of row.columns) {
        gradient[j] += row.recouped - p;
        for (const k of row.columns) hessian[j][k] += w;
      }
    }
    const delta = solve(hessian, gradient);
    let largest = 0;
    for (let j = 0; j < size; j += 1) {
      beta[j] += delta[j];
      largest = Math.max(largest, Math.abs(delta[j]));
    }
    if (largest < 1e-6) break;
  }
  const years = scorable.map((film) => film.year);
  return {
    intercept: beta[0],
    weights: new Map(keys.map((key, index) => [key, beta[index + 1]])),
    films: rows.length,
    firstYear: years.length > 0 ? Math.min(...years) : 0,
    lastYear: years.length > 0 ? Math.max(...years) : 0,
    baseRate,
  };
}
