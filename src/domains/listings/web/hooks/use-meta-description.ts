import { useEffect } from 'react';

const MAX_DESCRIPTION_LENGTH = 160;

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * Keeps the page's meta description in step on client-side navigation (the server renders
 * it for the first load); the previous description comes back when the page goes.
 */
export function useMetaDescription(description: string | null | undefined) {
  useEffect(() => {
    if (!description) return;
    const tag = descriptionTag();
    const previous = tag.content;
    const text = description.replace(/\s+/g, ' ').trim();
    tag.content =
      text.length > MAX_DESCRIPTION_LENGTH
        ? `${text.slice(0, MAX_DESCRIPTION_LENGTH - 1).trimEnd()}…`
        : text;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
