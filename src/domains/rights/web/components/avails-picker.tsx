import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import { RIGHT_LABELS } from '@/domains/listings/listings.constants';
import { Button } from '@/web/components/ui/button';
import { cellKeyOf } from '../../rights.constants';
import { cellLabel, isTaken, joinWithAnd } from '../lib/avails-display';
import {
  PICKER_MESSAGES,
  cellAt,
  defaultPart,
  keysOf,
  partText,
  pickError,
  verdictOf,
  type PickerGrid,
} from '../lib/part-picking';
import { CellStateChip } from './cell-state';

interface AvailsPickerProps {
  grid: PickerGrid;
  /** Keys (`cellKeyOf`) of the chosen cells. */
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
  /** Where 'Reset' returns to (the current terms' part in a counter); the default part else. */
  resetTo?: ReadonlySet<string>;
  legend?: string;
}

/**
 * The part of the rights an offer or a counter covers, picked from the listing's grid: one box
 * per medium in a territory; cells another deal holds are disabled and say why. Since an offer
 * names media and territories, it covers every chosen medium in every chosen territory: when
 * the choice is not one block the picker says so and shows what the offer will cover.
 */
export function AvailsPicker({
  grid,
  chosen,
  onChange,
  disabled = false,
  resetTo,
  legend = 'Rights this offer covers',
}: AvailsPickerProps) {
  const baseId = useId();
  const verdict = verdictOf(grid, chosen);
  const problem = verdict.isEmpty ? null : pickError(verdict);
  const toggle = (key: string, isOn: boolean) => {
    const next = new Set(chosen);
    if (isOn) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${baseId}-cover`}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <p className="text-sm text-ink-muted">{PICKER_MESSAGES.oneBlock}</p>
      <div
        className="relative overflow-x-auto rounded-card border border-line bg-surface focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        tabIndex={0}
        role="region"
        aria-label="Parts of the rights to choose"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">Parts of the rights to choose: media by territory</caption>
          <thead className="bg-surface-sunken/60">
            <tr>
              <th scope="col" className="sticky left-0 bg-surface-sunken px-3 py-2 text-left">
                Medium
              </th>
              {grid.territories.map((territory) => (
                <th key={territory} scope="col" className="px-3 py-2 text-left whitespace-nowrap">
                  {territory}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {grid.media.map((medium) => (
              <tr key={medium}>
                <th
                  scope="row"
                  className="sticky left-0 bg-surface px-3 py-2 text-left font-medium whitespace-nowrap"
                >
                  {RIGHT_LABELS[medium]}
                </th>
                {grid.territories.map((territory) => {
                  const square = { media: medium, territory };
                  const key = cellKeyOf(square);
                  const known = cellAt(grid, square);
                  const isHeld = known ? isTaken(known.state) : false;
                  const stateId = `${baseId}-${medium}-${grid.territories.indexOf(territory)}`;
                  return (
                    <td key={territory} className="px-3 py-2 align-top">
                      <div className="flex items-center gap-2">
                        <label className="flex items-center">
                          <input
                            type="checkbox"
                            className="h-4 w-4 accent-brand-700 disabled:opacity-50"
                            checked={chosen.has(key)}
                            // A held cell can be unticked (a counter that started on it), never ticked.
                            disabled={disabled || (isHeld && !chosen.has(key))}
                            aria-describedby={known ? stateId : undefined}
                            onChange={(event) => toggle(key, event.target.checked)}
                          />
                          <span className="sr-only">{cellLabel(square)}</span>
                        </label>
                        {known ? (
                          <CellStateChip
                            cell={known}
                            id={stateId}
                            className="sm:whitespace-nowrap"
                          />
                        ) : null}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => onChange(new Set(resetTo ?? keysOf(defaultPart(grid))))}
        >
          Reset the choice
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled || chosen.size === 0}
          onClick={() => onChange(new Set())}
        >
          Clear the choice
        </Button>
      </div>
      <div id={`${baseId}-cover`} aria-live="polite" className="space-y-1 text-sm">
        {verdict.isEmpty ? (
          <p className="text-ink-muted">No part chosen yet.</p>
        ) : (
          <p className="text-ink">
            This offer will cover: <strong>{partText(verdict.part)}</strong>.
          </p>
        )}
        {!verdict.isEmpty && verdict.extra.length > 0 ? (
          <p className="text-ink-soft">
            Your choice is not one block, so it also covers{' '}
            {joinWithAnd(verdict.extra.map(cellLabel))}.
          </p>
        ) : null}
        {problem ? (
          <p className="flex items-start gap-1.5 text-red-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {problem}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
