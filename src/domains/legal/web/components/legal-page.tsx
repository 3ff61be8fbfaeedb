import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { COMPANY, LEGAL_LAST_UPDATED } from '../../legal.constants';

export interface LegalSection {
  /** Anchor id, kebab-case: the contents list links to it. */
  id: string;
  title: string;
  body: ReactNode;
}

const legalLinks = [
  { to: paths.terms, label: 'Terms of Use' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.cookies, label: 'Cookie Policy' },
  { to: paths.disclaimer, label: 'Disclaimer' },
];

/** Readable long-form text: paragraphs, lists, tables and links inside a section body. */
const proseClasses = [
  'space-y-3 text-ink-soft leading-relaxed',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6',
  '[&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_strong]:font-semibold [&_strong]:text-ink',
].join(' ');

/** The shared frame of the four legal pages: title, date, contents, sections, contact. */
export function LegalPage({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="border-b border-line pb-6">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
        <h1 className="mt-2 text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-ink-muted">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className={`mt-4 ${proseClasses}`}>{summary}</div>
      </header>

      <nav aria-labelledby="contents-heading" className="mt-8 rounded-lg bg-surface-sunken p-5">
        <h2 id="contents-heading" className="text-sm font-semibold text-ink">
          Contents
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-800 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-ink">
            {index + 1}. {section.title}
          </h2>
          <div className={`mt-3 ${proseClasses}`}>{section.body}</div>
        </section>
      ))}

      <footer className="mt-12 rounded-lg border border-line bg-white p-6">
        <h2 className="text-lg font-semibold text-ink">Contact us</h2>
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          <address className="text-sm text-ink-soft not-italic">
            {COMPANY.name}
            {COMPANY.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Privacy and data protection</dt>
              <dd>
                <a
                  href={`mailto:${COMPANY.emails.privacy}`}
                  className="font-medium text-brand-700 underline"
                >
                  {COMPANY.emails.privacy}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">Legal enquiries</dt>
              <dd>
                <a
                  href={`mailto:${COMPANY.emails.legal}`}
                  className="font-medium text-brand-700 underline"
                >
                  {COMPANY.emails.legal}
                </a>
              </dd>
            </div>
          </dl>
        </div>
        <nav aria-label="Other legal documents" className="mt-6 border-t border-line pt-4">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </article>
  );
}

/** A mailto link for one of the company's addresses. */
export function Email({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
