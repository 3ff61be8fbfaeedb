import type { Basis, Figure, FigureUnit } from '../../analysis.schema';
import { INSUFFICIENT_DATA } from '../../analysis.schema';
import { MIN_COMPARABLES } from '../../analysis.constants';

export type Inputs = Array<[label: string, value: string | number | boolean | null]>;

function basis(
  inputs: Inputs,
  comparables: number | null,
  formula: string,
  dataRange: string | null,
): Basis {
  return {
    inputs: inputs.map(([label, value]) => ({
      label,
      value:
        value === null
          ? 'not given'
          : typeof value === 'boolean'
            ? value
              ? 'yes'
              : 'no'
            : String(value),
    })),
    comparables,
    formula,
    dataRange,
  };
}

/** Confidence from how many films (or events) a figure rests on. */
export function confidenceFor(count: number | null): 'high' | 'medium' | 'low' {
  if (count === null) return 'low';
  if (count >= 30) return 'high';
  if (count >= 10) return 'medium';
  return 'low';
}

export function valueFigure(options: {
  value: number | string | string[];
  unit: FigureUnit;
  inputs: Inputs;
  comparables?: number | null;
  formula: string;
  dataRange?: string | null;
  confidence?: 'high' | 'medium' | 'low';
}): Figure {
  const comparables = options.comparables ?? null;
  return {
    kind: 'value',
    value: options.value,
    unit: options.unit,
    basis: basis(options.inputs, comparables, options.formula, options.dataRange ?? null),
    confidence: options.confidence ?? confidenceFor(comparables),
    note: null,
  };
}

export function insufficient(options: {
  unit: FigureUnit;
  reason: string;
  inputs?: Inputs;
  comparables?: number | null;
  formula: string;
  dataRange?: string | null;
}): Figure {
  return {
    kind: 'insufficient',
    value: null,
    unit: options.unit,
    basis: basis(
      options.inputs ?? [],
      options.comparables ?? null,
      options.formula,
      options.dataRange ?? null,
    ),
    confidence: null,
    note: `${INSUFFICIENT_DATA}: ${options.reason}`,
  };
}

/** The spec's named audience defaults: shown, always labelled as a genre default. */
export function genreDefault(value: number | string | readonly string[], unit: FigureUnit): Figure {
  return {
    kind: 'default',
    value: Array.isArray(value) ? [...value] : (value as number | string),
    unit,
    basis: basis(
      [],
      null,
      'Genre default named by the product specification (part 1 section 3), used because the listing gives no audience data',
      null,
    ),
    confidence: null,
    note: 'Genre default, not a finding',
  };
}

export const tooFewComparables = (count: number) =>
  `${count} comparable film${count === 1 ? '' : 's'}; at least ${MIN_COMPARABLES} are needed`;

export const numberOf = (figure: Figure): number | null =>
  figure.kind === 'value' && typeof figure.value === 'number' ? figure.value : null;
