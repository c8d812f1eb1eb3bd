// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PageMeta, SiteOriginProvider, usePageMeta } from './page-meta';

function Page(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;

describe('usePageMeta in the browser', () => {
  afterEach(cleanup);

  it("sets the next page's title and tags, and drops an article's publication time on a page without one", () => {
    const { rerender } = render(
      <SiteOriginProvider value="https://vinpressen.test">
        <Page title="Ett vin – Vinpressen" description="Om vinet." path="/artiklar/ett" type="article" publishedTime="2026-11-01T10:00:00.000Z" />
      </SiteOriginProvider>,
    );
    expect(document.title).toBe('Ett vin – Vinpressen');
    expect(content('meta[property="article:published_time"]')).toBe('2026-11-01T10:00:00.000Z');
    expect(content('meta[name="twitter:title"]')).toBe('Ett vin');

    rerender(
      <SiteOriginProvider value="https://vinpressen.test">
        <Page title="Fynd – Vinpressen" description="Prisvärda viner." path="/fynd" />
      </SiteOriginProvider>,
    );
    expect(document.title).toBe('Fynd – Vinpressen');
    expect(content('meta[property="og:type"]')).toBe('website');
    expect(content('meta[name="description"]')).toBe('Prisvärda viner.');
    expect(document.head.querySelector('meta[property="article:published_time"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://vinpressen.test/fynd');
  });
});
