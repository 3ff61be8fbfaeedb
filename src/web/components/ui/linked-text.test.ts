import { describe, expect, it } from 'vitest';
import { segmentLinkedText } from './linked-text';

describe('[UI] links in members’ text', () => {
  it('links http and https addresses, without the sentence punctuation after them', () => {
    expect(segmentLinkedText('See https://example.com/a?b=1. And http://x.test/(y)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And ' },
      { kind: 'link', text: 'http://x.test/(y)', href: 'http://x.test/(y)' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves a bracket that closes the sentence outside the link', () => {
    expect(segmentLinkedText('(see https://example.com/a)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves every other scheme and HTML-looking text as plain text', () => {
    for (const content of [
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      '<img src=x onerror=alert(1)>',
    ]) {
      expect(segmentLinkedText(content)).toEqual([{ kind: 'text', text: content }]);
    }
  });

  it('keeps text without addresses as one segment, and empty text as none', () => {
    expect(segmentLinkedText('Just words\nover two lines')).toEqual([
      { kind: 'text', text: 'Just words\nover two lines' },
    ]);
    expect(segmentLinkedText('')).toEqual([]);
  });
});
