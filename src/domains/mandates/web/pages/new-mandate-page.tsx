import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { PageHeader } from '@/web/components/ui/page-header';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import {
  MEDIUMS,
  MEDIUM_LABELS,
  RIGHTS,
  RIGHT_LABELS,
  type Medium,
  type Right,
} from '@/domains/listings/listings.constants';
import { paths } from '@/shared/paths';
import { useCreateMandate } from '../api/mandates';

const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** /mandates/new: a premium producer says what they are looking for (issue 35). */
export default function NewMandatePage() {
  usePageTitle('Post a mandate');
  const create = useCreateMandate();
  const navigate = useNavigate();
  const [medium, setMedium] = useState<Medium>('book');
  const [rights, setRights] = useState<Right[]>(['film', 'tv']);
  const [form, setForm] = useState({
    genres: '',
    budgetMin: '10000',
    budgetMax: '50000',
    territories: 'UK',
    description: '',
    anonymousLabel: '',
    openUntil: inDays(60),
  });
  const [anonymous, setAnonymous] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        media: [medium],
        genres: split(form.genres),
        budgetMin: Number(form.budgetMin),
        budgetMax: Number(form.budgetMax),
        rights,
        territories: split(form.territories),
        description: form.description,
        anonymous,
        anonymousLabel: anonymous ? form.anonymousLabel : undefined,
        openUntil: form.openUntil,
      },
      { onSuccess: (mandate) => void navigate(paths.mandate(mandate.id)) },
    );
  };
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Post a mandate"
        description="Agents whose titles fit will see it, ranked by meaning, and may pitch them to you."
      />
      <form onSubmit={submit} className="space-y-4" aria-label="Post a mandate">
        <Field label="Medium" required>
          <Select value={medium} onChange={(event) => setMedium(event.target.value as Medium)}>
            {MEDIUMS.map((value) => (
              <option key={value} value={value}>
                {MEDIUM_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Genres" required hint="Separated by commas, e.g. Drama, Thriller">
          <Input value={form.genres} onChange={set('genres')} />
        </Field>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink">Rights</legend>
          <div className="flex flex-wrap gap-3">
            {RIGHTS.map((right) => (
              <label key={right} className="flex items-center gap-1 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={rights.includes(right)}
                  onChange={(event) =>
                    setRights((previous) =>
                      event.target.checked
                        ? [...previous, right]
                        : previous.filter((r) => r !== right),
                    )
                  }
                />
                {RIGHT_LABELS[right]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Option fee from (£)" required>
            <Input inputMode="numeric" value={form.budgetMin} onChange={set('budgetMin')} />
          </Field>
          <Field label="Option fee up to (£)" required>
            <Input inputMode="numeric" value={form.budgetMax} onChange={set('budgetMax')} />
          </Field>
        </div>
        <Field label="Territories" required hint="Separated by commas, e.g. UK, Ireland">
          <Input value={form.territories} onChange={set('territories')} />
        </Field>
        <Field label="What you are looking for" required>
          <Textarea rows={4} value={form.description} onChange={set('description')} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.target.checked)}
          />
          Post anonymously
        </label>
        {anonymous ? (
          <Field label="Describe yourself" required hint='e.g. "a London drama producer"'>
            <Input value={form.anonymousLabel} onChange={set('anonymousLabel')} />
          </Field>
        ) : null}
        <Field label="Open until" required>
          <Input type="date" value={form.openUntil} onChange={set('openUntil')} />
        </Field>
        {create.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error, 'Unable to post the mandate')}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          Post mandate
        </Button>
      </form>
    </div>
  );
}
