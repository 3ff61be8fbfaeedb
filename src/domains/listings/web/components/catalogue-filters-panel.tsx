import { useEffect, useId, useState } from 'react';
import { FilterX } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Select } from '@/web/components/ui/input';
import {
  EXCLUSIVITY,
  PRICE_RANGES,
  RIGHTS,
  VIABILITY_BANDS,
  type PriceRange,
  type ViabilityBand,
} from '../../listings.constants';
import type { ListListingsResponse } from '../../listings.schema';
import type { CatalogueFilters, Exclusivity, Right } from '../lib/catalogue-filters';
import { exclusivityLabel, mediumLabel, rightLabel } from '../lib/listing-labels';

type Facets = ListListingsResponse['facets'];
type Facet = Facets['mediums'][number];

interface CatalogueFiltersPanelProps {
  filters: CatalogueFilters;
  facets: Facets | undefined;
  /**
   * A filter changed. The change is a function of the latest filters, not of this render's:
   * two quick changes in a row (before the URL re-renders the page) both count.
   */
  onChange: (update: (current: CatalogueFilters) => CatalogueFilters) => void;
  onClear: () => void;
}

function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  allLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * Options for a facet filter: the values present (sorted by what the user reads, with
 * counts), plus the chosen value even when no listing carries it any more.
 */
function facetOptions(
  facets: Facet[] | undefined,
  selected: string | undefined,
  label: (value: string) => string,
) {
  const options = (facets ?? []).map((facet) => ({
    value: facet.value,
    label: `${label(facet.value)} (${facet.count.toLocaleString('en-GB')})`,
    sortKey: label(facet.value),
  }));
  if (selected && !options.some((option) => option.value === selected)) {
    options.push({ value: selected, label: `${label(selected)} (0)`, sortKey: label(selected) });
  }
  return options.sort((a, b) => a.sortKey.localeCompare(b.sortKey, 'en-GB'));
}

/**
 * The territories the results offer, once each whatever their case (the avails filter
 * compares without case), plus the chosen one.
 */
function territoryOptions(facets: Facet[] | undefined, selected: string | undefined) {
  const byKey = new Map<string, string>();
  for (const { value } of facets ?? []) {
    const key = value.trim().toLowerCase();
    if (key && !byKey.has(key)) byKey.set(key, value.trim());
  }
  if (selected && !byKey.has(selected.trim().toLowerCase())) {
    byKey.set(selected.trim().toLowerCase(), selected);
  }
  return [...byKey.values()]
    .sort((a, b) => a.localeCompare(b, 'en-GB'))
    .map((territory) => ({ value: territory, label: territory }));
}

/**
 * "Available for <medium> in <territory>" (issue 29): titles where a deal has not taken that
 * part of the rights. Either choice alone narrows to any free part with that medium, or in
 * that territory.
 */
function AvailableForFilter({
  filters,
  territories,
  onChange,
}: {
  filters: CatalogueFilters;
  territories: Facet[] | undefined;
  onChange: (patch: Partial<CatalogueFilters>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-ink">Available for</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
        <FilterSelect
          label="Medium"
          allLabel="Any medium"
          value={filters.availableMedia}
          options={RIGHTS.map((right) => ({ value: right, label: rightLabel(right) }))}
          onChange={(media) => onChange({ availableMedia: media as Right | undefined })}
        />
        <FilterSelect
          label="In territory"
          allLabel="Any territory"
          value={filters.availableTerritory}
          options={territoryOptions(territories, filters.availableTerritory)}
          onChange={(availableTerritory) => onChange({ availableTerritory })}
        />
      </div>
    </fieldset>
  );
}

function countOf(facets: Facet[] | undefined, value: string): number | undefined {
  return facets?.find((facet) => facet.value === value)?.count;
}

/** The four filters of the spec, and the rights scope buyers filter on first. */
export function CatalogueFiltersPanel({
  filters,
  facets,
  onChange,
  onClear,
}: CatalogueFiltersPanelProps) {
  const set = (patch: Partial<CatalogueFilters>) =>
    onChange((current) => ({ ...current, ...patch }));
  const isScopeActive = Boolean(
    (filters.rights && filters.rights.length > 0) ||
    filters.territory ||
    filters.exclusivity ||
    filters.availableMedia ||
    filters.availableTerritory,
  );

  // Open when a link arrives with a rights filter; otherwise the user opens and closes it.
  const [isScopeOpen, setIsScopeOpen] = useState(isScopeActive);
  useEffect(() => {
    if (isScopeActive) setIsScopeOpen(true);
  }, [isScopeActive]);

  const toggleRight = (right: Right, isChecked: boolean) =>
    onChange((current) => {
      const rights = new Set(current.rights ?? []);
      if (isChecked) rights.add(right);
      else rights.delete(right);
      return { ...current, rights: rights.size > 0 ? [...rights].sort() : undefined };
    });

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <FilterSelect
          label="IP Medium"
          allLabel="All mediums"
          value={filters.medium}
          options={facetOptions(facets?.mediums, filters.medium, mediumLabel)}
          onChange={(medium) => set({ medium })}
        />
        <FilterSelect
          label="Genre"
          allLabel="All genres"
          value={filters.genre}
          options={facetOptions(facets?.genres, filters.genre, (genre) => genre)}
          onChange={(genre) => set({ genre })}
        />
        <FilterSelect
          label="Price Range"
          allLabel="All prices"
          value={filters.priceRange}
          options={Object.entries(PRICE_RANGES).map(([value, range]) => ({
            value,
            label: range.label,
          }))}
          onChange={(priceRange) => set({ priceRange: priceRange as PriceRange | undefined })}
        />
        <FilterSelect
          label="Commercial Viability"
          allLabel="All viability levels"
          value={filters.commercialViability}
          options={Object.entries(VIABILITY_BANDS).map(([value, band]) => ({
            value,
            label: band.label,
          }))}
          onChange={(band) => set({ commercialViability: band as ViabilityBand | undefined })}
        />
      </div>
      <details
        open={isScopeOpen}
        onToggle={(event) => setIsScopeOpen(event.currentTarget.open)}
        className="rounded-md border border-line bg-surface"
      >
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-ink">
          Rights scope
        </summary>
        <div className="grid grid-cols-1 gap-4 border-t border-line p-3">
          <AvailableForFilter filters={filters} territories={facets?.territories} onChange={set} />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-ink">Rights available</legend>
            <div className="grid grid-cols-2 gap-1">
              {RIGHTS.map((right) => {
                const count = countOf(facets?.rights, right);
                return (
                  <label key={right} className="flex items-center gap-2 text-sm text-ink-soft">
                    <input
                      type="checkbox"
                      className="h-4 w-4 rounded border-slate-300 accent-brand-700"
                      checked={filters.rights?.includes(right) ?? false}
                      onChange={(event) => toggleRight(right, event.target.checked)}
                    />
                    {rightLabel(right)}
                    {count === undefined ? null : (
                      <span className="text-ink-muted">({count.toLocaleString('en-GB')})</span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <FilterSelect
            label="Territory"
            allLabel="All territories"
            value={filters.territory}
            options={facetOptions(facets?.territories, filters.territory, (territory) => territory)}
            onChange={(territory) => set({ territory })}
          />
          <FilterSelect
            label="Exclusivity"
            allLabel="Any exclusivity"
            value={filters.exclusivity}
            options={EXCLUSIVITY.map((value) => {
              const count = countOf(facets?.exclusivity, value);
              return {
                value,
                label:
                  count === undefined
                    ? exclusivityLabel(value)
                    : `${exclusivityLabel(value)} (${count.toLocaleString('en-GB')})`,
              };
            })}
            onChange={(exclusivity) => set({ exclusivity: exclusivity as Exclusivity | undefined })}
          />
        </div>
      </details>
      <div>
        <Button variant="outline" onClick={onClear} className="w-full">
          <FilterX aria-hidden="true" className="h-4 w-4" />
          Clear Filters
        </Button>
      </div>
    </div>
  );
}
