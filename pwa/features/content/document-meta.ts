import { useEffect } from 'react';

/** What a page tells browsers, crawlers and link previews about itself. */
export interface DocumentMeta {
  /** The whole <title>, e.g. 'Välkommen till Vinpressen – Vinpressen'. */
  title: string;
  description?: string;
  /** Open Graph: the title and type of the thing shared, its canonical address and an image (absolute or site path). */
  ogTitle?: string;
  ogType?: 'article' | 'website';
  url?: string;
  image?: string | null;
}

/** Sets `<meta name|property=key content=value>`, creating it when missing; returns how to put back what was there. */
function setMetaTag(attr: 'name' | 'property', key: string, value: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (el) {
    const previous = el.getAttribute('content');
    el.setAttribute('content', value);
    const tag = el;
    return () => {
      if (previous === null) tag.removeAttribute('content');
      else tag.setAttribute('content', previous);
    };
  }
  el = document.createElement('meta');
  el.setAttribute(attr, key);
  el.setAttribute('content', value);
  document.head.appendChild(el);
  const created = el;
  return () => created.remove();
}

/** `src` as an absolute address on this site (Open Graph wants absolute URLs). */
export function absoluteUrl(src: string): string {
  return new URL(src, window.location.origin).href;
}

/**
 * The document's title, description and Open Graph tags while the page is shown; on leaving, the previous values
 * come back (the app shell's defaults). The server writes the same tags into the HTML of a published article for
 * crawlers that do not run JavaScript (api/middlewares/static-site.ts). Nothing but the title when `meta` has only
 * a title.
 */
export function useDocumentMeta(meta: DocumentMeta) {
  const { title, description, ogTitle, ogType, url, image } = meta;
  useEffect(() => {
    document.title = title;
    const undo: (() => void)[] = [];
    if (description !== undefined) {
      undo.push(setMetaTag('name', 'description', description));
      undo.push(setMetaTag('property', 'og:description', description));
    }
    if (ogTitle !== undefined) undo.push(setMetaTag('property', 'og:title', ogTitle));
    if (ogType !== undefined) undo.push(setMetaTag('property', 'og:type', ogType));
    if (url !== undefined) undo.push(setMetaTag('property', 'og:url', absoluteUrl(url)));
    if (image) undo.push(setMetaTag('property', 'og:image', absoluteUrl(image)));
    return () => {
      for (const restore of undo.reverse()) restore();
    };
  }, [title, description, ogTitle, ogType, url, image]);
}
