import { Fragment } from 'react';

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
 * Splits a comment into plain text and web links. Only http and https addresses become links
 * (checked with the URL parser, so `javascript:` and the like never do); everything else stays
 * text, which React escapes. No HTML is ever produced from a comment.
 */
export function segmentCommentText(content: string): TextSegment[] {
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

/** A comment's words as written, line breaks kept, with its web addresses as safe links. */
export function CommentText({ content }: { content: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-ink">
      {segmentCommentText(content).map((segment, index) =>
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
    </p>
  );
}
