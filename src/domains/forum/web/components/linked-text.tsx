import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Forum text as written: rendered as text (React escapes it, so `<script>` shows as typed),
 * line breaks kept, and only http(s) addresses made into links that open in a new tab
 * without handing the forum page to the linked site.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return (
    <div className={className ?? 'break-words whitespace-pre-wrap text-ink'}>
      {parts.map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}
