import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type UseFormReturn } from 'react-hook-form';
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
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useToast } from '@/web/components/ui/toast';
import { apiRequest, errorFields, errorMessage } from '@/web/lib/api-client';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import {
  ListingFormSchema,
  type ListingForm,
  type ListingFormInput,
  type ListingSavedResponse,
} from '../../listing-form.schema';
import { useListing } from '../api/get-listing';
import {
  BasicTab,
  CommercialTab,
  ContentTab,
  fieldRendererFor,
  MarketingTab,
  MetadataTab,
  RightsTab,
  TABS,
  type Tab,
} from './listing-form-tabs';
import { formValuesOf, NEW_LISTING_VALUES } from './listing-form-values';

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
  const [tab, setTab] = useState<Tab>('basic');
  const form = useForm<ListingFormInput, unknown, ListingForm>({
    resolver: zodResolver(ListingFormSchema),
    defaultValues: NEW_LISTING_VALUES,
  });
  const {
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

  const save = useSaveListing({ form, isEdit, target, onSaved, onClose, setTab });

  const field = fieldRendererFor(errors);

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
              <BasicTab form={form} errors={errors} field={field} active={tab} />
              <ContentTab
                form={form}
                errors={errors}
                field={field}
                active={tab}
                synopsisLength={synopsisLength}
              />
              <RightsTab form={form} errors={errors} field={field} active={tab} />
              <CommercialTab
                form={form}
                errors={errors}
                field={field}
                active={tab}
                isEdit={isEdit}
                pendingOffers={pendingOffers}
                isPriceChanged={isPriceChanged}
              />
              <MarketingTab form={form} errors={errors} field={field} active={tab} />
              <MetadataTab form={form} errors={errors} field={field} active={tab} />
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

/**
 * Submits the form: a new listing or an edit. A success toasts and closes; a server's field
 * errors go on their fields and open the first tab holding one, as a failed check does.
 */
function useSaveListing({
  form,
  isEdit,
  target,
  onSaved,
  onClose,
  setTab,
}: Pick<ListingFormDialogProps, 'target' | 'onSaved' | 'onClose'> & {
  form: UseFormReturn<ListingFormInput, unknown, ListingForm>;
  isEdit: boolean;
  setTab: (tab: Tab) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return form.handleSubmit(
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
}
