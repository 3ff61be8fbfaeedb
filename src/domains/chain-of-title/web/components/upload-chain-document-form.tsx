import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorFields, errorMessage } from '@/web/lib/api-client';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import {
  CHAIN_DOCUMENT_FILE_MESSAGE,
  CHAIN_DOCUMENT_MAX_BYTES,
  CHAIN_DOCUMENT_SIZE_MESSAGE,
  CHAIN_DOCUMENT_TYPES,
  CHAIN_DOCUMENT_TYPE_LABELS,
  CHAIN_DOCUMENT_TYPE_MESSAGE,
} from '../../chain-of-title.constants';
import {
  ChainDocumentFormSchema,
  type ChainDocumentFields,
  type ChainDocumentForm,
} from '../../chain-of-title.schema';
import { useUploadChainDocument } from '../api/upload-chain-document';

const FORM_FIELDS = [
  'documentType',
  'title',
  'parties',
  'effectiveDate',
  'expiryDate',
  'notes',
] as const;

const EMPTY: ChainDocumentForm = {
  documentType: '' as ChainDocumentForm['documentType'],
  title: '',
  parties: '',
  effectiveDate: '',
  expiryDate: '',
  notes: '',
};

/** What is wrong with the chosen file before it is sent (the server checks the bytes). */
function fileProblem(file: File | null): string | null {
  if (!file) return CHAIN_DOCUMENT_FILE_MESSAGE;
  const looksLikePdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksLikePdf) return CHAIN_DOCUMENT_TYPE_MESSAGE;
  if (file.size > CHAIN_DOCUMENT_MAX_BYTES) return CHAIN_DOCUMENT_SIZE_MESSAGE;
  if (file.size === 0) return CHAIN_DOCUMENT_FILE_MESSAGE;
  return null;
}

/** The admin's form to file one chain-of-title document (a PDF and its details) on a listing. */
export function UploadChainDocumentForm({ listingId }: { listingId: number }) {
  const toast = useToast();
  const upload = useUploadChainDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChainDocumentForm, unknown, ChainDocumentFields>({
    resolver: zodResolver(ChainDocumentFormSchema),
    defaultValues: EMPTY,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const problem = fileProblem(file);
    setFileError(problem);
    void handleSubmit((values) => {
      if (problem || !file) return;
      upload.mutate(
        { listingId, fields: values, file },
        {
          onSuccess: ({ document }) => {
            reset(EMPTY);
            setFile(null);
            if (fileInput.current) fileInput.current.value = '';
            toast({ title: 'Document filed', description: document.title, variant: 'success' });
          },
          onError: (error) => {
            applyServerFieldErrors(error, setError, FORM_FIELDS);
            const fileMessage = errorFields(error).file;
            setFileError(fileMessage ?? null);
            toast({
              title: 'The document was not filed',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            });
          },
        },
      );
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="File a document">
      <p className="text-xs text-ink-muted">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>
      <Field label="Document type" error={errors.documentType?.message} required>
        <Select {...register('documentType')}>
          <option value="">Choose a type…</option>
          {CHAIN_DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {CHAIN_DOCUMENT_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Title" error={errors.title?.message} required>
        <Input {...register('title')} placeholder="e.g. Option agreement with Reel Co" />
      </Field>
      <Field
        label="Parties"
        error={errors.parties?.message}
        hint="One party per line, as named in the document."
        required
      >
        <Textarea {...register('parties')} rows={3} className="min-h-20" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Effective date" error={errors.effectiveDate?.message} required>
          <Input type="date" {...register('effectiveDate')} />
        </Field>
        <Field
          label="Expiry date"
          error={errors.expiryDate?.message}
          hint="Leave empty if it does not expire."
        >
          <Input type="date" {...register('expiryDate')} />
        </Field>
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        <Textarea {...register('notes')} rows={3} className="min-h-20" />
      </Field>
      <Field
        label="PDF file"
        error={fileError ?? undefined}
        hint="PDF only, at most 25MB."
        required
      >
        <Input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          className="h-auto py-1.5"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setFileError(chosen ? fileProblem(chosen) : null);
          }}
        />
      </Field>
      <Button type="submit" disabled={upload.isPending}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        {upload.isPending ? 'Filing…' : 'File document'}
      </Button>
    </form>
  );
}
