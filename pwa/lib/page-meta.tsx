import { createContext, useContext, useEffect } from 'react';

/**
 * What a public page tells browsers, crawlers and link previews about itself (docs/ssr.md 'Head'): its title,
 * description, canonical address and Open Graph / Twitter card.
 */
export interface PageMeta {
  /** The whole <title>, e.g. 'Fynd – prisvärda viner – Vinpressen'. */
  title: string;
  description: string;
  /** The canonical path on this site ('/wine/…', '/viner?q=riesling'); made absolute with the site's origin. */
  path: string;
  /** The shared image: a site path or an absolute https address; the site's icon when absent. */
  image?: string | null;
  /** Open Graph type: 'website' (default), 'article', or 'product' (a wine). */
  type?: 'website' | 'article' | 'product';
  /** An article's publication time (ISO 8601), as article:published_time. */
  publishedTime?: string | null;
}

/** Collects the page's meta while the server renders it (pwa/entry-server.tsx); absent in the browser. */
export interface PageMetaCollector {
  meta?: PageMeta;
}

const CollectorContext = createContext<PageMetaCollector | undefined>(undefined);
/** The server gives its collector to the tree it renders. */
export const PageMetaCollectorProvider = CollectorContext.Provider;

const SiteOriginContext = createContext<string | undefined>(undefined);
/**
 * The site's public origin ('https://vinpressen.se'): PUBLIC_URL on the server, passed to the browser with the page
 * so both render the same absolute addresses (JSON-LD, canonical); the page's own origin in the client-only shell.
 */
export const SiteOriginProvider = SiteOriginContext.Provider;

/** The site's public origin, without a trailing slash (SiteOriginProvider). */
export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  return origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** `src` (a site path or an absolute address) as an absolute address on `origin`. */
export function absoluteUrl(src: string, origin: string): string {
  return new URL(src, `${origin}/`).href;
}

/** `text` with its spaces collapsed, cut at a word to at most `max` characters with '…' when longer. */
export function clipText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The site's icon: the shared image of pages without one of their own. */
export const DEFAULT_SHARE_IMAGE = '/icons/icon-512.png';

/** The head tags of `meta` as [tag, attributes] pairs, shared by the server's HTML and the browser's updates. */
export function pageMetaTags(
  meta: PageMeta,
  origin: string,
): { title: string; canonical: string; tags: [attr: 'name' | 'property', key: string, value: string][] } {
  const canonical = absoluteUrl(meta.path, origin);
  const image = absoluteUrl(meta.image || DEFAULT_SHARE_IMAGE, origin);
  return {
    title: meta.title,
    canonical,
    tags: [
      ['name', 'description', meta.description],
      ['property', 'og:site_name', 'Vinpressen'],
      ['property', 'og:locale', 'sv_SE'],
      ['property', 'og:type', meta.type ?? 'website'],
      ['property', 'og:title', meta.title.replace(/ – Vinpressen$/, '')],
      ['property', 'og:description', meta.description],
      ['property', 'og:url', canonical],
      ['property', 'og:image', image],
      ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', meta.title.replace(/ – Vinpressen$/, '')],
      ['name', 'twitter:description', meta.description],
      ['name', 'twitter:image', image],
      ...(meta.publishedTime ? [['property', 'article:published_time', meta.publishedTime] as ['property', string, string]] : []),
    ],
  };
}

/** Sets `<meta name|property=key content=value>` in the head, creating it when missing. */
function setMetaTag(attr: 'name' | 'property', key: string, value: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', value);
}

function setCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * The page's title, description, canonical address and Open Graph / Twitter tags: written into the HTML by the
 * server (through the collector), and kept up to date in the browser as the reader moves between pages (the next
 * page sets its own; every public page calls this once).
 */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(CollectorContext);
  const origin = useSiteOrigin();
  if (collector) collector.meta = meta;
  const { title, description, path, image, type, publishedTime } = meta;
  useEffect(() => {
    const head = pageMetaTags({ title, description, path, image, type, publishedTime }, origin);
    document.title = head.title;
    setCanonical(head.canonical);
    for (const [attr, key, value] of head.tags) setMetaTag(attr, key, value);
    // A tag only some pages have (an article's publication time) goes when the reader moves to a page without it.
    if (!publishedTime) document.head.querySelector('meta[property="article:published_time"]')?.remove();
  }, [title, description, path, image, type, publishedTime, origin]);
}
