// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeNewsletter } from './home-newsletter';

// happy-dom computes no layout, so its IntersectionObserver never reports anything: this one reports when told to.
const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
class FakeIntersectionObserver {
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push({ callback: this.callback, target });
  }
  disconnect() {}
}

function scrollNear() {
  act(() => {
    for (const { callback, target } of observed)
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

/** The section with the site settings already read (none set: the defaults, 'Håll dig uppdaterad'). */
function renderNewsletter() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['/api/settings/public'], {});
  return render(
    <QueryClientProvider client={client}>
      <HomeNewsletter />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeNewsletter', () => {
  it('holds the anchor #nyhetsbrev, focusable, before the form has loaded', () => {
    renderNewsletter();
    const anchor = document.getElementById('nyhetsbrev')!;
    expect(anchor.tabIndex).toBe(-1);
    expect(screen.queryByRole('heading', { name: 'Håll dig uppdaterad' })).toBeNull();
  });

  it('brings in the signup form when its place comes near the viewport', async () => {
    renderNewsletter();
    scrollNear();
    const anchor = document.getElementById('nyhetsbrev')!;
    expect(await within(anchor).findByRole('heading', { name: 'Håll dig uppdaterad' }, { timeout: 5000 })).toBeTruthy();
    expect(within(anchor).getByRole('button', { name: 'Bli medlem idag!' })).toBeTruthy();
  });
});
