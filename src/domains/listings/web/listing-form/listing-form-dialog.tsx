import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useToast } from '@/web/components/ui/toast';
import { apiRequest, errorFields, errorMessage } from '@/web/lib/api-client';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import {
  CONTENT_RATINGS,
  CURRENCIES,
  ListingFormSchema,
  PUBLICATION_STATUSES,
  TARGET_AUDIENCES,
  type ListingForm,
  type ListingFormInput,
  type ListingSavedResponse,
} from '../../listing-form.schema';
import { CONTENT_TYPES, EXCLUSIVITY, RIGHTS } from '../../listings.constants';
import { useListing } from '../api/get-listing';
import { exclusivityLabel, rightLabel } from '../lib/listing-labels';
import { ChipInput } from './chip-input';
import { CoverImageField } from './cover-image-field';
import { GalleryImagesField } from './gallery-images-field';
import { formValuesOf, NEW_LISTING_VALUES } from './listing-form-values';

const TABS = ['basic', 'content', 'rights', 'commercial', 'marketing', 'metadata'] as const;
type Tab = (typeof TABS)[number];

/** Which tab holds each field, so a failed submit opens the first tab with an error. */
const TAB_OF: Partial<Record<FieldPath<ListingFormInput>, Tab>> = {
  title: 'basic',
  author: 'basic',
  contentType: 'basic',
  category: 'basic',
  subcategory: 'basic',
  synopsis: 'content',
  logline: 'content',
  targetAudience: 'content',
  contentRating: 'content',
  publicationStatus: 'content',
  publisher: 'content',
  publicationDate: 'content',
  isbn: 'content',
  edition: 'content',
  pageCount: 'content',
  wordCount: 'content',
  authorBio: 'content',
  rightsAvailable: 'rights',
  territory: 'rights',
  exclusivity: 'rights',
  previousAdaptations: 'rights',
  adaptationDetails: 'rights',
  askingPrice: 'commercial',
  currency: 'commercial',
  minimumDeal: 'commercial',
  royaltyPercentage: 'commercial',
  negotiable: 'commercial',
  salesFigures: 'commercial',
  awards: 'commercial',
  reviews: 'commercial',
  socialMediaPresence: 'marketing',
  attachedTalent: 'marketing',
  productionCompanyInterest: 'marketing',
  marketingMaterials: 'marketing',
  comparableTitles: 'marketing',
  uniqueSellingPoints: 'marketing',
  galleryImages: 'marketing',
  themes: 'metadata',
  keywords: 'metadata',
  agentNotes: 'metadata',
  targetDemographic: 'metadata',
};

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

/** The first tab (in order) holding a field with an error. */
function firstErrorTab(
  errors: FieldErrors<ListingFormInput> | Record<string, string>,
): Tab | undefined {
  for (const tab of TABS) {
    if (Object.keys(errors).some((field) => TAB_OF[field as FieldPath<ListingFormInput>] === tab)) {
      return tab;
    }
  }
  return undefined;
}

function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  // A list's error may sit on one of its items (a duplicate chip).
  for (const value of Object.values(error)) {
    const message = messageOf(value);
    if (message) return message;
  }
  return undefined;
}

interface ListingFormDialogProps {
  /** null: closed; 'new': a new listing; a number: edit that listing. */
  target: 'new' | number | null;
  onClose: () => void;
  /** Pending offers on the listing being edited: a price change then warns. */
  pendingOffers?: number;
  /** Told after a save (the page refreshes its tables). */
  onSaved: (saved: ListingSavedResponse) => void;
}

/**
 * The agent's listing form as a modal with the spec's six tabs (basic, content, rights,
 * commercial, marketing, metadata), validated by the same schema as the API.
 */
export function ListingFormDialog({
  target,
  onClose,
  pendingOffers = 0,
  onSaved,
}: ListingFormDialogProps) {
  const isEdit = typeof target === 'number';
  const existing = useListing(isEdit ? target : null, { enabled: isEdit });
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('basic');
  const form = useForm<ListingFormInput, unknown, ListingForm>({
    resolver: zodResolver(ListingFormSchema),
    defaultValues: NEW_LISTING_VALUES,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

  useEffect(() => {
    if (target === 'new') reset(NEW_LISTING_VALUES);
    else if (isEdit && existing.data) reset(formValuesOf(existing.data));
    setTab('basic');
  }, [target, isEdit, existing.data, reset]);

  const isPriceChanged = Boolean(dirtyFields.askingPrice || dirtyFields.minimumDeal);
  const synopsisLength = (watch('synopsis') ?? '').length;

  const save = handleSubmit(
    async (values) => {
      try {
        const saved = await apiRequest<ListingSavedResponse>(
          isEdit ? `/api/listings/${target}` : '/api/listings',
          { method: isEdit ? 'PUT' : 'POST', body: values },
        );
        toast({
          title: saved.message,
          description: saved.notices.join(' ') || undefined,
          variant: 'success',
        });
        await queryClient.invalidateQueries();
        onSaved(saved);
        onClose();
      } catch (error) {
        // The server's field messages go on the fields, and the form opens their tab.
        applyServerFieldErrors(error, form.setError, Object.keys(TAB_OF));
        const errorTab = firstErrorTab(errorFields(error));
        if (errorTab) setTab(errorTab);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to create listing'),
          variant: 'destructive',
        });
      }
    },
    (invalid) => {
      const errorTab = firstErrorTab(invalid);
      if (errorTab) setTab(errorTab);
    },
  );

  const field = (
    name: FieldPath<ListingFormInput>,
    label: string,
    control: ReactNode,
    required = false,
    hint?: ReactNode,
  ) => (
    <Field
      label={label}
      error={messageOf(errors[name as keyof typeof errors])}
      required={required}
      hint={hint}
    >
      {control as ReactElement<Record<string, unknown>>}
    </Field>
  );

  const tabHasError = (name: Tab) =>
    Object.keys(errors).some((key) => TAB_OF[key as FieldPath<ListingFormInput>] === name);

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit IP Listing' : 'New IP Listing'}</DialogTitle>
          <DialogDescription>
            Fields marked * are required. Producers see everything except your agent notes.
          </DialogDescription>
        </DialogHeader>
        {isEdit && existing.isPending ? (
          <Spinner label="Loading the listing" />
        ) : (
          <form onSubmit={(event) => void save(event)} noValidate className="space-y-4">
            <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <TabsList aria-label="Listing form sections" className="w-full">
                {TABS.map((name) => (
                  <TabsTrigger key={name} value={name} className="capitalize">
                    {name}
                    {tabHasError(name) ? (
                      <span className="text-red-700" aria-label="has errors">
                        •
                      </span>
                    ) : null}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent
                value="basic"
                forceMount
                hidden={tab !== 'basic'}
                className="grid gap-4 pt-4 sm:grid-cols-2"
              >
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
              </TabsContent>
              <TabsContent
                value="content"
                forceMount
                hidden={tab !== 'content'}
                className="grid gap-4 pt-4 sm:grid-cols-2"
              >
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
                  <Select
                    {...register('contentRating', { setValueAs: (v) => (v === '' ? null : v) })}
                  >
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
                {field(
                  'isbn',
                  'ISBN',
                  <Input {...register('isbn', { setValueAs: textOrUndefined })} />,
                )}
                {field(
                  'edition',
                  'Edition',
                  <Input {...register('edition', { setValueAs: textOrUndefined })} />,
                )}
                {field(
                  'pageCount',
                  'Page count',
                  <Input
                    type="number"
                    min={1}
                    {...register('pageCount', { setValueAs: numberOrNull })}
                  />,
                )}
                {field(
                  'wordCount',
                  'Word count',
                  <Input
                    type="number"
                    min={1}
                    {...register('wordCount', { setValueAs: numberOrNull })}
                  />,
                )}
                <div className="sm:col-span-2">
                  {field(
                    'authorBio',
                    'Author bio',
                    <Textarea
                      rows={3}
                      {...register('authorBio', { setValueAs: textOrUndefined })}
                    />,
                  )}
                </div>
              </TabsContent>
              <TabsContent
                value="rights"
                forceMount
                hidden={tab !== 'rights'}
                className="space-y-4 pt-4"
              >
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
              </TabsContent>
              <TabsContent
                value="commercial"
                forceMount
                hidden={tab !== 'commercial'}
                className="grid gap-4 pt-4 sm:grid-cols-2"
              >
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
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    {...register('negotiable')}
                  />
                  The price is negotiable
                </label>
                {isEdit && pendingOffers > 0 && isPriceChanged ? (
                  <p
                    role="alert"
                    className="rounded-md bg-accent-100 p-3 text-sm text-ink sm:col-span-2"
                  >
                    {pendingOffers} pending {pendingOffers === 1 ? 'offer was' : 'offers were'} made
                    against the current price range. Changing it does not change those offers.
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
              </TabsContent>
              <TabsContent
                value="marketing"
                forceMount
                hidden={tab !== 'marketing'}
                className="grid gap-4 pt-4 sm:grid-cols-2"
              >
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
                  <Input
                    {...register('productionCompanyInterest', { setValueAs: textOrUndefined })}
                  />,
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
              </TabsContent>
              <TabsContent
                value="metadata"
                forceMount
                hidden={tab !== 'metadata'}
                className="space-y-4 pt-4"
              >
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
                  <Textarea
                    rows={2}
                    {...register('agentNotes', { setValueAs: textOrUndefined })}
                  />,
                )}
              </TabsContent>
            </Tabs>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isEdit ? 'Save Changes' : 'Create Listing'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
