// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { similarWines } from '../../../api/contract/similar-wines';
import type { Wine } from '../../../api/contract/wines';
import { realCatalogue, realCatalogueWines } from '../../../api/services/test-fixtures';
import { db } from '../../lib/db';
import { nameWithVintage } from '../../lib/wine-format';
import { fakeApi, json } from '../../test/test-utils';
import { resetAfterEach } from '../../test/reset-after-each';
import SimilarWinesSection from './similar-wines-section';

resetAfterEach();

const catalogue = realCatalogueWines();
// A real red wine with a full taste profile, as the wine page has it.
const target: Wine = {
  ...catalogue.find((w) => w.wineType === 'Rött vin' && w.body && w.acidity && w.tannins && w.volumeMl === 750)!,
  fruity: null,
  approvalStatus: 'approved',
  color: null,
  serving: null,
  productNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  discontinuedOn: null,
  priceHistory: [],
};
const path = `GET /api/wines/${target.id}/similar`;

/** The section's cards: the items of its list of wines (a card's own lists, e.g. its medals, are inside them). */
async function cardsOf(section: HTMLElement): Promise<HTMLElement[]> {
  await within(section).findAllByRole('heading', { level: 3 });
  const list = within(section).getAllByRole('list')[0]!;
  return Array.from(list.children) as HTMLElement[];
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SimilarWinesSection wine={target} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'LIKNANDE VINER' });
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('Liknande viner', () => {
  it('shows the API’s wines, each card with its reason', async () => {
    const [a, b] = catalogue.filter((w) => w.id !== target.id);
    fakeApi({
      [path]: json(200, {
        items: [
          { wine: a, reason: 'Samma typ, liknande fyllighet, literpris 120 kr (\u22124 %)' },
          { wine: b, reason: 'Samma typ, smakprofil saknas, literpris 130 kr (+4 %)' },
        ],
      }),
    });
    const section = renderSection();
    const items = await cardsOf(section);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3 }).textContent).toContain(a!.name);
    expect(items[0]!.textContent).toContain('Samma typ, liknande fyllighet, literpris 120 kr (\u22124 %)');
    expect(within(section).queryByText(/Sparad katalog/)).toBeNull();
  });

  // Before the copy is stored: the app keeps a read copy in memory for the rest of the tab's life.
  it('says the wines come when online again when offline without a catalogue copy', async () => {
    fakeApi({ [path]: offline });
    const section = renderSection();
    expect(await within(section).findByText('Liknande viner visas när du är online igen.')).toBeTruthy();
  });

  it('works them out from the device’s catalogue copy when offline, with the copy’s date', async () => {
    await db.catalogue.put({ key: 'current', catalogue: realCatalogue(catalogue), etag: 'W/"c"', savedAt: 1, checkedAt: 1 });
    fakeApi({ [path]: offline });
    const section = renderSection();
    const expected = similarWines(target, catalogue);
    expect(expected.length).toBeGreaterThan(2);
    const items = await cardsOf(section);
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(expected.map((s) => nameWithVintage(s.wine)));
    expect(items.map((li) => li.textContent)).toEqual(expected.map((s) => expect.stringContaining(s.reason)));
    expect(await within(section).findByText('Sparad katalog från 2021-09-21')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    fakeApi({ [path]: json(200, { items: [] }) });
    const section = renderSection();
    expect(await within(section).findByText('Inga liknande viner av samma typ i samma prisklass just nu.')).toBeTruthy();
  });
});
