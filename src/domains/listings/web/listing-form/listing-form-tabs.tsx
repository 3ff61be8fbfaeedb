import type { ReactElement, ReactNode } from 'react';
import { Controller, type FieldErrors, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { TabsContent } from '@/web/components/ui/tabs';
import {
  CONTENT_RATINGS,
  CURRENCIES,
  PUBLICATION_STATUSES,
  TARGET_AUDIENCES,
  type ListingForm,
  type ListingFormInput,
} from '../../listing-form.schema';
import { CONTENT_TYPES, EXCLUSIVITY, RIGHTS } from '../../listings.constants';
import { exclusivityLabel, rightLabel } from '../lib/listing-labels';
import { ChipInput } from './chip-input';
import { CoverImageField } from './cover-image-field';
import { GalleryImagesField } from './gallery-images-field';

/** The listing form's six tabs, in the spec's order (one component each below). */
export const TABS = ['basic', 'content', 'rights', 'commercial', 'marketing', 'metadata'] as const;
export type Tab = (typeof TABS)[number];

const CONTENT_TYPE_LABELS: Record<(typeof CONTENT_TYPES)[number], string> = {
  book: 'Book',
  script: 'Script',
  manuscript: 'Manuscript',
  podcast: 'Podcast',
  article: 'Article',
  other: 'Other',
};

/** Empty number inputs are "not given" (null), not NaN. */
const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));
const textOrUndefined = (value: unknown) => (value === '' ? undefined : value);

export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  // A list's error may sit on one of its items (a duplicate chip).
  for (const value of Object.values(error)) {
    const message = messageOf(value);
    if (message) return message;
  }
  return undefined;
}

/** One labelled field with its error message: (name, label, control, required?, hint?). */
export type FieldRenderer = (
  name: FieldPath<ListingFormInput>,
  label: string,
  control: ReactNode,
  required?: boolean,
  hint?: ReactNode,
) => ReactElement;

/** Renders fields against the form's current errors. */
export function fieldRendererFor(errors: FieldErrors<ListingFormInput>): FieldRenderer {
  return (name, label, control, required = false, hint) => (
    <Field
      label={label}
      error={messageOf(errors[name as keyof typeof errors])}
      required={required}
      hint={hint}
    >
      {control as ReactElement<Record<string, unknown>>}
    </Field>
  );
}

interface TabProps {
  form: UseFormReturn<ListingFormInput, unknown, ListingForm>;
  errors: FieldErrors<ListingFormInput>;
  field: FieldRenderer;
  /** The open tab: the others stay mounted (their values and errors live on) but hidden. */
  active: Tab;
}

function TabPanel({
  name,
  active,
  layout,
  children,
}: {
  name: Tab;
  active: Tab;
  layout: 'grid' | 'stack';
  children: ReactNode;
}) {
  return (
    <TabsContent
      value={name}
      forceMount
      hidden={active !== name}
      className={layout === 'grid' ? 'grid gap-4 pt-4 sm:grid-cols-2' : 'space-y-4 pt-4'}
    >
      {children}
    </TabsContent>
  );
}

/** What the work is: title, author, type, category and cover. */
export function BasicTab({ form, field, active }: TabProps) {
  const { register, control } = form;
  return (
    <TabPanel name="basic" active={active} layout="grid">
      {field('title', 'Title', <Input {...register('title')} />, true)}
      {field('author', 'Author', <Input {...register('author')} />, true)}
      {field(
        'contentType',
        'Content type',
        <Select {...register('contentType')}>
          {CONTENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {CONTENT_TYPE_LABELS[value]}
            </option>
          ))}
        </Select>,
        true,
      )}
      {field(
        'category',
        'Category',
        <Input {...register('category')} placeholder="e.g. Fiction" />,
        true,
      )}
      {field(
        'subcategory',
        'Subcategory (genre)',
        <Input
          {...register('subcategory', { setValueAs: textOrUndefined })}
          placeholder="e.g. Crime"
        />,
      )}
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="coverImageUrl"
          render={({ field: cover }) => (
            <CoverImageField value={cover.value} onChange={cover.onChange} />
          )}
        />
      </div>
    </TabPanel>
  );
}

/** The story and its publication: synopsis, audience, publisher, length, author bio. */
export function ContentTab({
  form,
  field,
  active,
  synopsisLength,
}: TabProps & { synopsisLength: number }) {
  const { register } = form;
  return (
    <TabPanel name="content" active={active} layout="grid">
      <div className="sm:col-span-2">
        {field(
          'synopsis',
          'Synopsis',
          <Textarea rows={6} {...register('synopsis')} />,
          true,
          `${synopsisLength}/2000 characters (at least 50)`,
        )}
      </div>
      <div className="sm:col-span-2">
        {field(
          'logline',
          'Logline',
          <Input {...register('logline', { setValueAs: textOrUndefined })} />,
        )}
      </div>
      {field(
        'targetAudience',
        'Target audience',
        <Select {...register('targetAudience')}>
          <option value="">Choose…</option>
          {TARGET_AUDIENCES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </Select>,
        true,
      )}
      {field(
        'contentRating',
        'Content rating',
        <Select {...register('contentRating', { setValueAs: (v) => (v === '' ? null : v) })}>
          <option value="">Not set</option>
          {CONTENT_RATINGS.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </Select>,
      )}
      {field(
        'publicationStatus',
        'Publication status',
        <Select {...register('publicationStatus')}>
          {PUBLICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value.charAt(0).toUpperCase() + value.slice(1).replace('-', ' ')}
            </option>
          ))}
        </Select>,
        true,
      )}
      {field(
        'publisher',
        'Publisher',
        <Input {...register('publisher', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'publicationDate',
        'Publication date',
        <Input
          type="date"
          {...register('publicationDate', { setValueAs: (v) => (v === '' ? null : v) })}
        />,
      )}
      {field('isbn', 'ISBN', <Input {...register('isbn', { setValueAs: textOrUndefined })} />)}
      {field(
        'edition',
        'Edition',
        <Input {...register('edition', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'pageCount',
        'Page count',
        <Input type="number" min={1} {...register('pageCount', { setValueAs: numberOrNull })} />,
      )}
      {field(
        'wordCount',
        'Word count',
        <Input type="number" min={1} {...register('wordCount', { setValueAs: numberOrNull })} />,
      )}
      <div className="sm:col-span-2">
        {field(
          'authorBio',
          'Author bio',
          <Textarea rows={3} {...register('authorBio', { setValueAs: textOrUndefined })} />,
        )}
      </div>
    </TabPanel>
  );
}

/** The rights on offer, where, how exclusively, and earlier adaptations. */
export function RightsTab({ form, errors, field, active }: TabProps) {
  const { register, control, watch } = form;
  return (
    <TabPanel name="rights" active={active} layout="stack">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">
          Rights available{' '}
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        </legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
          {RIGHTS.map((right) => (
            <label key={right} className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                value={right}
                className="h-4 w-4 accent-brand-700"
                {...register('rightsAvailable')}
              />
              {rightLabel(right)}
            </label>
          ))}
        </div>
        {errors.rightsAvailable ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {messageOf(errors.rightsAvailable)}
          </p>
        ) : null}
      </fieldset>
      <Controller
        control={control}
        name="territory"
        render={({ field: territory }) => (
          <ChipInput
            label="Territory"
            required
            values={territory.value ?? []}
            onChange={territory.onChange}
            error={messageOf(errors.territory)}
            placeholder="e.g. UK, then Enter"
          />
        )}
      />
      {field(
        'exclusivity',
        'Exclusivity',
        <Select {...register('exclusivity')}>
          {EXCLUSIVITY.map((value) => (
            <option key={value} value={value}>
              {exclusivityLabel(value)}
            </option>
          ))}
        </Select>,
        true,
      )}
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          {...register('previousAdaptations')}
        />
        It has been adapted before
      </label>
      {watch('previousAdaptations')
        ? field(
            'adaptationDetails',
            'Adaptation details',
            <Textarea
              rows={2}
              {...register('adaptationDetails', { setValueAs: textOrUndefined })}
            />,
          )
        : null}
    </TabPanel>
  );
}

/** The price and terms, with a warning when a change meets pending offers. */
export function CommercialTab({
  form,
  field,
  active,
  isEdit,
  pendingOffers,
  isPriceChanged,
}: TabProps & { isEdit: boolean; pendingOffers: number; isPriceChanged: boolean }) {
  const { register } = form;
  return (
    <TabPanel name="commercial" active={active} layout="grid">
      {field(
        'askingPrice',
        'Asking price',
        <Input
          type="number"
          min={1}
          step="0.01"
          {...register('askingPrice', {
            setValueAs: (v) => (v === '' ? Number.NaN : Number(v)),
          })}
        />,
        true,
        'The top of the suggested offer range producers see.',
      )}
      {field(
        'currency',
        'Currency',
        <Select {...register('currency')}>
          {CURRENCIES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </Select>,
        true,
        'The catalogue’s price bands are in pounds: a USD or EUR listing shows no range on its card.',
      )}
      {field(
        'minimumDeal',
        'Minimum deal',
        <Input
          type="number"
          min={1}
          step="0.01"
          {...register('minimumDeal', { setValueAs: numberOrNull })}
        />,
        false,
        'The bottom of the suggested range (the asking price when empty).',
      )}
      {field(
        'royaltyPercentage',
        'Royalty (%)',
        <Input
          type="number"
          min={0}
          max={100}
          step="0.1"
          {...register('royaltyPercentage', { setValueAs: numberOrNull })}
        />,
      )}
      <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...register('negotiable')} />
        The price is negotiable
      </label>
      {isEdit && pendingOffers > 0 && isPriceChanged ? (
        <p role="alert" className="rounded-md bg-accent-100 p-3 text-sm text-ink sm:col-span-2">
          {pendingOffers} pending {pendingOffers === 1 ? 'offer was' : 'offers were'} made against
          the current price range. Changing it does not change those offers.
        </p>
      ) : null}
      {field(
        'salesFigures',
        'Sales figures',
        <Input {...register('salesFigures', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'awards',
        'Awards',
        <Input {...register('awards', { setValueAs: textOrUndefined })} />,
      )}
      <div className="sm:col-span-2">
        {field(
          'reviews',
          'Reviews',
          <Textarea rows={2} {...register('reviews', { setValueAs: textOrUndefined })} />,
        )}
      </div>
    </TabPanel>
  );
}

/** What helps it sell: presence, talent, interest, selling points, gallery. */
export function MarketingTab({ form, field, active }: TabProps) {
  const { register, control } = form;
  return (
    <TabPanel name="marketing" active={active} layout="grid">
      {field(
        'socialMediaPresence',
        'Social media presence',
        <Input {...register('socialMediaPresence', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'attachedTalent',
        'Attached talent',
        <Input {...register('attachedTalent', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'productionCompanyInterest',
        'Production company interest',
        <Input {...register('productionCompanyInterest', { setValueAs: textOrUndefined })} />,
      )}
      {field(
        'comparableTitles',
        'Comparable titles',
        <Input {...register('comparableTitles', { setValueAs: textOrUndefined })} />,
      )}
      <div className="sm:col-span-2">
        {field(
          'uniqueSellingPoints',
          'Unique selling points',
          <Textarea
            rows={3}
            {...register('uniqueSellingPoints', { setValueAs: textOrUndefined })}
          />,
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          {...register('marketingMaterials')}
        />
        Marketing materials are available
      </label>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="galleryImages"
          render={({ field: gallery, fieldState }) => (
            <GalleryImagesField
              value={gallery.value}
              onChange={gallery.onChange}
              error={fieldState.error?.message ?? messageOf(fieldState.error)}
            />
          )}
        />
      </div>
    </TabPanel>
  );
}

/** Themes, keywords and the agent's private notes. */
export function MetadataTab({ form, errors, field, active }: TabProps) {
  const { register, control } = form;
  return (
    <TabPanel name="metadata" active={active} layout="stack">
      <Controller
        control={control}
        name="themes"
        render={({ field: themes }) => (
          <ChipInput
            label="Themes"
            values={themes.value ?? []}
            onChange={themes.onChange}
            error={messageOf(errors.themes)}
          />
        )}
      />
      <Controller
        control={control}
        name="keywords"
        render={({ field: keywords }) => (
          <ChipInput
            label="Keywords"
            values={keywords.value ?? []}
            onChange={keywords.onChange}
            error={messageOf(errors.keywords)}
          />
        )}
      />
      {field(
        'agentNotes',
        'Agent notes (private)',
        <Textarea rows={2} {...register('agentNotes', { setValueAs: textOrUndefined })} />,
      )}
    </TabPanel>
  );
}
