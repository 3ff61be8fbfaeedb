import { Fragment } from 'react';
import { cn } from '@/web/lib/cn';

/** A web address in running text: http or https, up to the next space or angle bracket. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.test/a."). */
const TRAILING_PUNCTUATION = '.,;:!?)]}';

const count = (text: string, character: string) => text.split(character).length - 1;

/** The address without the punctuation after it; a ")" closing a "(" inside it stays. */
function trimAddress(raw: string): string {
  let end = raw.length;
  while (end > 0 && TRAILING_PUNCTUATION.includes(raw[end - 1])) {
    const head = raw.slice(0, end - 1);
    if (raw[end - 1] === ')' && count(head, '(') > count(head, ')')) break;
    end -= 1;
  }
  return raw.slice(0, end);
}

export type TextSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Splits members' text (comments, forum posts, messages) into plain text and web links. Only
 * http and https addresses become links (checked with the URL parser, so `javascript:` and the
 * like never do); everything else stays text, which React escapes. No HTML is ever produced.
 */
export function segmentLinkedText(content: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = trimAddress(match[0]);
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: content.slice(last, start) });
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

interface LinkedTextProps {
  text: string;
  className?: string;
  /** false: addresses stay plain text (a stranger's first message, say). */
  linkify?: boolean;
}

/**
 * Members' words as written, line breaks kept, with web addresses as links that open in a new
 * tab without handing our page to the linked site (and without passing ranking to it).
 */
export function LinkedText({ text, className, linkify = true }: LinkedTextProps) {
  const segments: TextSegment[] = linkify ? segmentLinkedText(text) : [{ kind: 'text', text }];
  return (
    <div className={cn('whitespace-pre-wrap break-words text-ink', className)}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {segment.text}
          </a>
        ),
      )}
    </div>
  );
}
