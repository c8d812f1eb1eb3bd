// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SliderItem, Wine } from '../../../api/contract/wines';
import { useSlider } from '../../lib/api/get-slider';
import { SAMPLE_SLIDES, WineSlider, sliderCategory, sliderCharacteristics, sliderMedals, slidesFromAnswer } from './wine-slider';

vi.mock('../../lib/api/get-slider', () => ({ useSlider: vi.fn() }));

const mockedUseSlider = vi.mocked(useSlider);

function buildWine(overrides: Partial<Wine> = {}): Wine {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Testvin Rött',
    description: 'Mörka bär och kryddor.',
    price: 129,
    rating: null,
    categories: [],
    vintage: 2020,
    country: 'Frankrike',
    region: 'Rhône',
    grapeVariety: 'Syrah',
    alcoholContent: 13.5,
    systembolagetUrl: null,
    imageUrl: null,
    sweetness: null,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    foodPairings: [],
    occasions: [],
    isGranskadVinpressen: false,
    medal: null,
    approvalStatus: 'approved',
    producer: null,
    volumeMl: 750,
    wineType: 'Rött vin',
    packaging: null,
    style: null,
    color: null,
    serving: null,
    productNumber: null,
    isOrganic: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    pricePerLitre: 132,
    priceDate: '2026-08-22',
    launchDate: null,
    isDiscontinued: false,
    productId: null,
    discontinuedOn: null,
    priceHistory: [],
    ...overrides,
  };
}

function buildItems(n: number): SliderItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `10000000-0000-4000-8000-00000000000${i + 1}`,
    label: `Etikett ${i + 1}`,
    position: i + 1,
    wine: buildWine({ id: `00000000-0000-4000-8000-00000000000${i + 1}`, name: `Vin nummer ${i + 1}`, price: 100 + i }),
  }));
}

function setSlider(state: { data?: unknown; isPending?: boolean; isError?: boolean }) {
  mockedUseSlider.mockReturnValue({ data: undefined, isPending: false, isError: false, ...state } as unknown as ReturnType<typeof useSlider>);
}

function renderSlider() {
  return render(
    <MemoryRouter>
      <WineSlider />
    </MemoryRouter>,
  );
}

const currentSlide = () => screen.getByRole('article').getAttribute('aria-label');

beforeEach(() => {
  mockedUseSlider.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slidesFromAnswer', () => {
  it('calls a non-list answer unusable', () => {
    expect(slidesFromAnswer(null)).toBe('unusable');
    expect(slidesFromAnswer({ items: [] })).toBe('unusable');
    expect(slidesFromAnswer('oops')).toBe('unusable');
  });

  it('calls an empty list empty', () => {
    expect(slidesFromAnswer([])).toBe('empty');
  });

  it('calls a list without any wine id and name unusable', () => {
    expect(slidesFromAnswer([{ label: 'x' }, { wine: { id: '', name: 'a' } }, { wine: { id: 'x', name: '  ' } }, 3])).toBe('unusable');
  });

  it('keeps the usable items in order and skips the rest', () => {
    const [a, b] = buildItems(2);
    const slides = slidesFromAnswer([a, { label: 'trasig' }, b]);
    expect(Array.isArray(slides) && slides.map((s) => s.name)).toEqual(['Vin nummer 1', 'Vin nummer 2']);
  });

  it('derives label, link, formatted price, category and medals', () => {
    const [item] = buildItems(1);
    const slides = slidesFromAnswer([{ ...item!, wine: { ...item!.wine, price: 89.5, categories: ['NYLANSERAD', 'FYND'] } }]);
    expect(slides).not.toBe('empty');
    const slide = (slides as Exclude<typeof slides, string>)[0]!;
    expect(slide).toMatchObject({
      label: 'Etikett 1',
      href: `/wine/${item!.wine.id}`,
      price: '89,50 kr',
      category: 'Aktuella vintips',
      medals: ['FYND'],
    });
  });

  it("labels an item without a label 'Månadens vin'", () => {
    const [item] = buildItems(1);
    const slides = slidesFromAnswer([{ ...item!, label: '' }]);
    expect((slides as Exclude<typeof slides, string>)[0]!.label).toBe('Månadens vin');
  });
});

describe('slide details', () => {
  it("names the first category, else 'Vin'", () => {
    expect(sliderCategory(['FYND', 'FOLKETS_VAL'])).toBe('Fynd');
    expect(sliderCategory(['FOLKETS_VAL'])).toBe('Folkets val');
    expect(sliderCategory(['NYLANSERAD'])).toBe('Aktuella vintips');
    expect(sliderCategory([])).toBe('Vin');
    expect(sliderCategory(['OKÄND'])).toBe('Vin');
  });

  it('gives medals for FYND and FOLKETS_VAL only', () => {
    expect(sliderMedals(['NYLANSERAD', 'FOLKETS_VAL', 'FYND'])).toEqual(['FOLKETS_VAL', 'FYND']);
    expect(sliderMedals(['NYLANSERAD'])).toEqual([]);
  });

  it("uses the spec's placeholders (3, 3, 2) where the wine has no value", () => {
    expect(sliderCharacteristics({ body: null, acidity: null, sweetness: null })).toEqual([
      { label: 'Fyllighet', value: 3 },
      { label: 'Syra', value: 3 },
      { label: 'Sötma', value: 2 },
    ]);
    expect(sliderCharacteristics({ body: 5, acidity: 4, sweetness: 9 }).map((c) => c.value)).toEqual([5, 4, 2]);
  });
});

describe('WineSlider', () => {
  it('shows the loading text while the slider loads', () => {
    setSlider({ isPending: true });
    renderSlider();
    expect(screen.getByText('Laddar månadens viner...')).toBeTruthy();
  });

  it('shows the empty text when the server has no slider wines', () => {
    setSlider({ data: [] });
    renderSlider();
    expect(screen.getByText('Inga viner i slidern för närvarande')).toBeTruthy();
  });

  it('shows the five built-in samples, without links, when the request fails', () => {
    setSlider({ isError: true });
    renderSlider();
    expect(screen.getAllByRole('button', { name: /^Visa vin \d$/ })).toHaveLength(5);
    expect(SAMPLE_SLIDES.map((s) => s.imageUrl)).toEqual([
      '/images/slider/sample-red.svg',
      '/images/slider/sample-white.svg',
      '/images/slider/sample-rose.svg',
      '/images/slider/sample-sparkling.svg',
      '/images/slider/sample-box.svg',
    ]);
    for (let i = 0; i < 5; i += 1) {
      expect(within(screen.getByRole('article')).queryAllByRole('link')).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Nästa vin' }));
    }
  });

  it('shows the samples when the answer is malformed', () => {
    setSlider({ data: { not: 'a list' } });
    renderSlider();
    expect(screen.getByText('Fylligt rött vin')).toBeTruthy();
    expect(screen.queryByText('Inga viner i slidern för närvarande')).toBeNull();
  });

  it('shows one wine with its badge, category, price, bars and tags, linking to its page', () => {
    const items = buildItems(3);
    items[0]!.wine.categories = ['FYND'];
    setSlider({ data: items });
    renderSlider();
    const slide = screen.getByRole('article');
    expect(within(slide).getByText('Etikett 1')).toBeTruthy();
    expect(within(slide).getByText('Fynd')).toBeTruthy();
    expect(within(slide).getByText('100 kr')).toBeTruthy();
    expect(within(slide).getByRole('link', { name: 'Vin nummer 1' }).getAttribute('href')).toBe(`/wine/${items[0]!.wine.id}`);
    expect(within(slide).getByRole('img', { name: 'Fynd' })).toBeTruthy();
    for (const label of ['Fyllighet', 'Syra', 'Sötma', 'Vin', 'Mat', 'Fest', 'Kvalitet']) expect(within(slide).getByText(label)).toBeTruthy();
    // The other wines wait beside it, out of the accessibility tree and the tab order.
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const other = screen.getByText('Etikett 2').closest('[inert]');
    expect(other?.getAttribute('aria-hidden')).toBe('true');
    expect(within(other as HTMLElement).getByRole('link', { hidden: true, name: 'Vin nummer 2' })).toBeTruthy();
  });

  it("draws a wine without a photo as its kind: a white wine's glass, a box as a box", () => {
    const items = buildItems(2);
    items[0]!.wine = { ...items[0]!.wine, wineType: 'Vitt vin' };
    items[1]!.wine = { ...items[1]!.wine, wineType: 'Rött vin', packaging: 'Box', volumeMl: 3000 };
    setSlider({ data: items });
    renderSlider();
    expect(within(screen.getByRole('article')).getByRole('img', { name: 'Vin nummer 1' }).getAttribute('src')).toBe('/images/drawings/white.svg');
    const box = screen.getByText('Etikett 2').closest('[inert]') as HTMLElement;
    expect(within(box).getByRole('img', { hidden: true, name: 'Vin nummer 2' }).getAttribute('src')).toBe('/images/drawings/box.svg');
  });

  it('moves with the arrows, wrapping both ways', () => {
    setSlider({ data: buildItems(3) });
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Föregående vin' }));
    expect(currentSlide()).toBe('3 av 3: Vin nummer 3');
    fireEvent.click(screen.getByRole('button', { name: 'Nästa vin' }));
    expect(currentSlide()).toBe('1 av 3: Vin nummer 1');
    fireEvent.click(screen.getByRole('button', { name: 'Nästa vin' }));
    expect(currentSlide()).toBe('2 av 3: Vin nummer 2');
  });

  it('jumps with the dots and marks the current one', () => {
    setSlider({ data: buildItems(3) });
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Visa vin 3' }));
    expect(currentSlide()).toBe('3 av 3: Vin nummer 3');
    expect(screen.getByRole('button', { name: 'Visa vin 3' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Visa vin 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('advances every 5 seconds and wraps from the last wine to the first', () => {
    vi.useFakeTimers();
    setSlider({ data: buildItems(2) });
    renderSlider();
    act(() => void vi.advanceTimersByTime(4999));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
    act(() => void vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe('2 av 2: Vin nummer 2');
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
  });

  it('pauses while the mouse is over it, and with the pause button', () => {
    vi.useFakeTimers();
    setSlider({ data: buildItems(2) });
    renderSlider();
    const carousel = screen.getByRole('region');
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(12_000));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    fireEvent.click(screen.getByRole('button', { name: 'Pausa bildspelet' }));
    act(() => void vi.advanceTimersByTime(12_000));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
    expect(screen.getByRole('button', { name: 'Starta bildspelet' })).toBeTruthy();
  });

  it('pauses while focus is inside it', () => {
    vi.useFakeTimers();
    setSlider({ data: buildItems(2) });
    renderSlider();
    act(() => screen.getByRole('button', { name: 'Nästa vin' }).focus());
    act(() => void vi.advanceTimersByTime(12_000));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
    act(() => screen.getByRole('button', { name: 'Nästa vin' }).blur());
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentSlide()).toBe('2 av 2: Vin nummer 2');
  });

  it('never turns by itself when the reader prefers reduced motion, and has no pause button then', () => {
    // happy-dom answers every media query with false; this reader asks for reduced motion.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    vi.useFakeTimers();
    setSlider({ data: buildItems(2) });
    renderSlider();
    act(() => void vi.advanceTimersByTime(12_000));
    expect(currentSlide()).toBe('1 av 2: Vin nummer 1');
    expect(screen.queryByRole('button', { name: 'Pausa bildspelet' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nästa vin' }));
    expect(currentSlide()).toBe('2 av 2: Vin nummer 2');
  });
});
