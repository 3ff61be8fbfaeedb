import type { ReactNode } from 'react';
import { Badge } from '@/web/components/ui/badge';
import type { DetailField } from '../lib/listing-detail-sections';

export function DetailSectionFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function FieldValue({ value }: { value: DetailField['value'] }) {
  if (Array.isArray(value)) {
    return (
      <ul className="flex flex-wrap gap-2">
        {value.map((item) => (
          <li key={item}>
            <Badge>{item}</Badge>
          </li>
        ))}
      </ul>
    );
  }
  return <span className="whitespace-pre-line">{value}</span>;
}

/** Labelled fields in a card: a label above what the agent entered. */
export function DetailFields({ fields }: { fields: DetailField[] }) {
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-2">
      {fields.map((field) => (
        <div
          key={field.label}
          className={
            typeof field.value === 'string' && field.value.length > 80 ? 'sm:col-span-2' : undefined
          }
        >
          <dt className="text-sm text-ink-muted">{field.label}</dt>
          <dd className="mt-1 text-ink">
            <FieldValue value={field.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
