import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, WINE_CATEGORIES, WINE_CATEGORY_LABELS, type WineCategory } from '../../../api/contract/constants';
import { useSlider } from '../../lib/api/get-slider';
import { WineImage } from '../../components/wine/wine-image';
import { WineMedals } from '../../components/wine/wine-medals';
import { formatPrice, type WineDrawingFacts } from '../../lib/wine-format';
import { clampIndex, nextIndex, prevIndex } from './slider-index';

/** Only these categories give a medal in the slider (spec 000 §3 'Slider item'). */
const SLIDER_MEDALS: readonly WineCategory[] = ['FYND', 'FOLKETS_VAL'];

/** A characteristic bar: a 1–5 value on the taste scale. */
export interface Characteristic {
  label: 'Fyllighet' | 'Syra' | 'Sötma';
  value: number;
}

/** One slide as the slider draws it, derived from a server item or a built-in sample. */
export interface Slide {
  key: string;
  /** The title badge (the slider item's label). */
  label: string;
  /** /wine/{id}, or null for the built-in samples (they are not real wines). */
  href: string | null;
  wineId: string | null;
  name: string;
  /** Already formatted ('129 kr'); '' when unknown. */
  price: string;
  /** The price's date ('YYYY-MM-DD'); '' when unknown. */
  priceDate?: string;
  description: string;
  /** Display name of the first category, else 'Vin'. */
  category: string;
  medals: WineCategory[];
  /** Image URL; real wines fall back to their drawing (wineDrawingFor) inside WineImage. */
  imageUrl: string | null;
  /** What picks a real wine's drawing (its type, packaging, volume), so a white wine gets a white glass. */
  drawing?: WineDrawingFacts;
  characteristics: Characteristic[];
}

/**
 * The category shown on a slide: the first known category's Swedish name, else 'Vin'
 * (spec 000 §3 'Slider item').
 */
export function sliderCategory(categories: readonly string[]): string {
  const first = categories.find(isWineCategory);
  return first ? WINE_CATEGORY_LABELS[first] : 'Vin';
}

/** The slide's medals: FYND and FOLKETS_VAL only, in the wine's order (spec 000 §3 'Slider item'). */
export function sliderMedals(categories: readonly string[]): WineCategory[] {
  return categories.filter(isWineCategory).filter((c) => SLIDER_MEDALS.includes(c));
}

/**
 * The characteristic bars (spec 000 §3 'Slider item'): the spec fixes placeholders (fyllighet 3, syra 3,
 * sötma 2 of 5). Our slider items carry the whole wine, so a wine's own body/acidity/sweetness (1–5) is
 * shown when it has one; the placeholder only fills a missing value — a guide should not print made-up
 * taste data next to a real bottle.
 */
export function sliderCharacteristics(wine: { body?: unknown; acidity?: unknown; sweetness?: unknown }): Characteristic[] {
  return [
    { label: 'Fyllighet', value: scaleOr(wine.body, 3) },
    { label: 'Syra', value: scaleOr(wine.acidity, 3) },
    { label: 'Sötma', value: scaleOr(wine.sweetness, 2) },
  ];
}

/**
 * What the slider shows for the server's answer (spec 000 §2 'Wine slider'):
 * - 'empty' for an empty list (the server says there is nothing this month → 'Inga viner i slidern…');
 * - 'unusable' when the answer is not a list or holds no item with a wine id and name (→ built-in samples);
 * - else the usable items as slides, in the server's order; malformed items are skipped.
 */
export function slidesFromAnswer(answer: unknown): Slide[] | 'empty' | 'unusable' {
  if (!Array.isArray(answer)) return 'unusable';
  if (answer.length === 0) return 'empty';
  const slides: Slide[] = [];
  for (const item of answer) {
    if (!isRecord(item) || !isRecord(item.wine)) continue;
    const wine = item.wine;
    if (typeof wine.id !== 'string' || !wine.id || typeof wine.name !== 'string' || !wine.name.trim()) continue;
    const categories = Array.isArray(wine.categories) ? wine.categories.filter((c): c is string => typeof c === 'string') : [];
    const price = typeof wine.price === 'number' || typeof wine.price === 'string' ? formatPrice(wine.price) : '';
    slides.push({
      key: typeof item.id === 'string' && item.id ? item.id : wine.id,
      label: typeof item.label === 'string' && item.label.trim() ? item.label : 'Månadens vin',
      href: `/wine/${encodeURIComponent(wine.id)}`,
      wineId: wine.id,
      name: wine.name,
      price,
      priceDate: typeof wine.priceDate === 'string' ? wine.priceDate : '',
      description: typeof wine.description === 'string' ? wine.description : '',
      category: sliderCategory(categories),
      medals: sliderMedals(categories),
      imageUrl: typeof wine.imageUrl === 'string' && wine.imageUrl ? wine.imageUrl : null,
      drawing: {
        wineType: typeof wine.wineType === 'string' ? wine.wineType : null,
        packaging: typeof wine.packaging === 'string' ? wine.packaging : null,
        volumeMl: typeof wine.volumeMl === 'number' ? wine.volumeMl : null,
      },
      characteristics: sliderCharacteristics(wine),
    });
  }
  return slides.length > 0 ? slides : 'unusable';
}

/**
 * The five built-in samples shown when the server's answer is unusable (spec 000 §2 'Wine slider'): red,
 * white, rosé, sparkling and a wine box. They are wine styles, not real bottles, so they have no price and
 * no link.
 */
export const SAMPLE_SLIDES: readonly Slide[] = [
  sample('red', 'Rött', 'Fylligt rött vin', 'Mörka bär, kryddor och mjuka tanniner – till grytor, vilt och grillat.', [4, 3, 1]),
  sample('white', 'Vitt', 'Friskt vitt vin', 'Citrus, gröna äpplen och pigg syra – till fisk, skaldjur och sallader.', [2, 4, 1]),
  sample('rose', 'Rosé', 'Torr rosé', 'Röda bär och en frisk avslutning – till sommarmat och mingel.', [2, 3, 2]),
  sample('sparkling', 'Mousserande', 'Mousserande vin', 'Fina bubblor och toner av bröd och äpple – till fest och förrätt.', [2, 4, 1]),
  sample('box', 'Box', 'Vin på box', 'Prisvärt och klimatsmart förpackat – till vardagsmiddagen och större sällskap.', [3, 3, 2]),
];

function sample(id: string, label: string, name: string, description: string, [body, acidity, sweetness]: number[]): Slide {
  return {
    key: `sample-${id}`,
    label,
    href: null,
    wineId: null,
    name,
    price: '',
    description,
    category: 'Vin',
    medals: [],
    imageUrl: `/images/slider/sample-${id}.svg`,
    characteristics: sliderCharacteristics({ body, acidity, sweetness }),
  };
}

/**
 * The home page's wine slider (spec 000 §2 'Wine slider', §4, §9): one wine at a time with its title badge,
 * category, name, price, medals, characteristic bars and four icon tags. Arrows and dots move between
 * wines (wrapping both ways); it advances by itself every 5 s, wrapping last → first, and pauses while
 * hovered or focused, when the reader prefers reduced motion, or when paused with its button. Swipe on
 * touch screens. Clicking a wine opens /wine/{id}. The slides move with Embla (embla-carousel-react, the 5 s by
 * its autoplay plugin); with reduced motion they change without sliding.
 */
export function WineSlider() {
  const { data, isPending, isError } = useSlider();
  const headingId = useId();

  let body: ReactNode;
  if (isPending) {
    body = <SliderMessage busy>Laddar månadens viner...</SliderMessage>;
  } else {
    const result = isError ? 'unusable' : slidesFromAnswer(data);
    if (result === 'empty') body = <SliderMessage>Inga viner i slidern för närvarande</SliderMessage>;
    else if (result === 'unusable') body = <SliderCarousel slides={SAMPLE_SLIDES} isSample labelledBy={headingId} />;
    else body = <SliderCarousel slides={result} isSample={false} labelledBy={headingId} />;
  }

  // The slider's container: its width picks the slides' layout (@md, @xl) and the frame's height (.slider-frame).
  return (
    <div className="@container">
      <h2 id={headingId} className="mb-3 flex items-center gap-3 font-sans text-xs font-bold tracking-[0.2em] text-ink uppercase">
        Månadens viner
        <span aria-hidden="true" className="h-px flex-1 bg-ink" />
      </h2>
      {body}
    </div>
  );
}

function SliderMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div
      role="status"
      aria-busy={busy || undefined}
      // The slider's own height (.slider-frame), so the page does not move when the wines arrive.
      className={`slider-frame flex items-center justify-center border border-rule px-6 py-12 text-center font-serif text-lg text-ink-soft italic ${busy ? 'skeleton' : 'bg-paper-dark/40'}`}
    >
      {children}
    </div>
  );
}

function SliderCarousel({ slides, isSample, labelledBy }: { slides: readonly Slide[]; isSample: boolean; labelledBy: string }) {
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  // The plugin's own triggers are off: when to turn is decided here (the rules below), it only keeps the 5 s.
  const [autoplay] = useState(() =>
    Autoplay({ delay: LIMITS.sliderAutoAdvanceMs, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false }),
  );
  // Embla moves the slides (and follows a swipe or a drag); loop: the last wine is followed by the first. No
  // containment, so every wine keeps a position of its own (also where nothing has a size, as in the unit tests).
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, containScroll: false, duration: 25 }, [autoplay]);
  const [rawIndex, setIndex] = useState(0);
  // The list can shrink under us after a refetch.
  const index = clampIndex(rawIndex, count);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const running = count > 1 && playing && !reducedMotion && !hovered && !focusWithin;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    if (!running) {
      autoplay.stop();
      return;
    }
    autoplay.play();
    // A swipe stops the plugin (stopOnInteraction); the 5 s start again when the finger lifts.
    const onPointerUp = () => autoplay.play();
    embla.on('pointerUp', onPointerUp);
    return () => {
      embla.off('pointerUp', onPointerUp);
    };
  }, [embla, autoplay, running]);

  function goTo(target: number) {
    if (!embla) return;
    // With reduced motion the slides change without sliding.
    embla.scrollTo(target, reducedMotion);
    // A manual step restarts the 5 s.
    autoplay.reset();
  }
  function handlePointerEnter(e: PointerEvent) {
    // Touch "hover" never ends, so only a mouse pauses by hovering.
    if (e.pointerType === 'mouse') setHovered(true);
  }
  function handleFocus() {
    setFocusWithin(true);
  }
  function handleBlur(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
  }

  return (
    <section
      aria-roledescription="karusell"
      aria-labelledby={labelledBy}
      // One height per width (.slider-frame in styles.css) whatever the slides hold: turning a slide never moves the page.
      className="slider-frame flex flex-col border border-ink bg-paper"
      onPointerEnter={handlePointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <div
        ref={viewportRef}
        // Announce slide changes only when the reader moved them; automatic turns would interrupt.
        aria-live={running ? 'off' : 'polite'}
        className="min-h-0 flex-1 overflow-hidden"
      >
        {/* All wines side by side; the ones not shown are inert (out of the tab order and the accessibility tree). */}
        <div className="flex h-full touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="min-w-0 shrink-0 grow-0 basis-full overflow-hidden"
              inert={i !== index}
              aria-hidden={i !== index || undefined}
            >
              <SlideView slide={slide} position={i + 1} count={count} />
            </div>
          ))}
        </div>
      </div>

      {isSample && (
        <p className="border-t border-rule px-4 py-2 font-sans text-xs text-muted">
          Månadens viner kunde inte hämtas just nu – här är några vinstilar att upptäcka.
        </p>
      )}

      {count > 1 && (
        <div className="flex items-center justify-between gap-2 border-t border-ink px-2 py-1.5">
          <ArrowButton label="Föregående vin" onClick={() => goTo(prevIndex(index, count))} direction="prev" />
          <div className="flex flex-wrap items-center justify-center">
            {slides.map((s, i) => (
              <button
                key={s.key}
                type="button"
                aria-label={`Visa vin ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
                className="group grid size-7 place-items-center"
              >
                <span
                  aria-hidden="true"
                  className={`block size-2.5 rounded-full border border-wine transition-colors group-hover:bg-wine/60 ${i === index ? 'bg-wine' : 'bg-transparent'}`}
                />
              </button>
            ))}
            <button
              type="button"
              onClick={() => setPlaying((p) => !p)}
              aria-label={playing ? 'Pausa bildspelet' : 'Starta bildspelet'}
              className="ml-1 grid size-7 place-items-center text-ink-soft hover:text-wine"
              // With reduced motion the slider never turns by itself, so there is nothing to pause.
              hidden={reducedMotion}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          </div>
          <ArrowButton label="Nästa vin" onClick={() => goTo(nextIndex(index, count))} direction="next" />
        </div>
      )}
    </section>
  );
}

function SlideView({ slide, position, count }: { slide: Slide; position: number; count: number }) {
  const titleClass = 'font-display text-2xl leading-tight font-bold text-ink @md:text-3xl';
  return (
    <article aria-roledescription="bild" aria-label={`${position} av ${count}: ${slide.name}`} className="relative h-full p-4 @md:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <span className="truncate bg-wine px-2.5 py-1 font-sans text-[0.7rem] font-bold tracking-[0.18em] text-white uppercase">{slide.label}</span>
        <span className="shrink-0 font-sans text-xs text-muted tabular-nums" aria-hidden="true">
          {position} / {count}
        </span>
      </div>

      <div className="grid grid-cols-[6.5rem_1fr] gap-x-4 gap-y-4 @md:grid-cols-[10rem_1fr] @md:gap-x-6 @xl:grid-cols-[12.5rem_1fr]">
        <div className="self-start bg-paper-dark/60 p-2 @md:row-span-2">
          {slide.wineId ? (
            <WineImage
              wine={{ id: slide.wineId, name: slide.name, imageUrl: slide.imageUrl, ...slide.drawing }}
              loading="eager"
              className="h-auto w-full"
            />
          ) : (
            <img src={slide.imageUrl ?? ''} alt="" width={300} height={400} className="aspect-[3/4] h-auto w-full object-contain" />
          )}
        </div>

        <div className="min-w-0">
          <p className="truncate font-sans text-xs font-semibold tracking-[0.15em] text-wine uppercase">{slide.category}</p>
          <h3 className={`mt-1 line-clamp-2 ${titleClass}`}>
            {slide.href ? (
              // The link's overlay covers the whole slide, so a click anywhere opens the wine; its name stays the link text.
              <Link
                to={slide.href}
                className="after:absolute after:inset-0 after:content-[''] hover:text-wine focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-4 focus-visible:after:outline-wine"
              >
                {slide.name}
              </Link>
            ) : (
              slide.name
            )}
          </h3>
          {slide.price && (
            <p className="mt-1 font-display text-xl font-bold text-wine">
              <span className="sr-only">Pris: </span>
              {slide.price}
              {slide.priceDate && <span className="ml-2 font-sans text-xs font-normal text-muted">pris {slide.priceDate}</span>}
            </p>
          )}
          {slide.description && <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink-soft @md:text-base">{slide.description}</p>}
          {slide.medals.length > 0 && (
            <div className="mt-3">
              <WineMedals categories={slide.medals} size="sm" />
            </div>
          )}
        </div>

        <div className="col-span-2 @md:col-span-1 @md:col-start-2">
          <CharacteristicBars items={slide.characteristics} />
          <IconTags />
        </div>
      </div>
    </article>
  );
}

/** Three labelled 1–5 bars ('Fyllighet', 'Syra', 'Sötma'). */
function CharacteristicBars({ items }: { items: readonly Characteristic[] }) {
  return (
    <dl className="grid gap-1.5 border-t border-rule pt-3">
      {items.map(({ label, value }) => (
        <div key={label} className="grid grid-cols-[5.5rem_1fr] items-center gap-3">
          <dt className="font-sans text-xs font-semibold tracking-wider text-ink-soft uppercase">{label}</dt>
          <dd className="flex gap-1">
            <span className="sr-only">
              {value} av {LIMITS.ratingMax}
            </span>
            {Array.from({ length: LIMITS.ratingMax }, (_, i) => (
              <span key={i} aria-hidden="true" className={`h-1.5 flex-1 ${i < value ? 'bg-wine' : 'bg-rule'}`} />
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const ICON_TAGS: readonly { label: string; icon: ReactNode }[] = [
  {
    label: 'Vin',
    icon: <path d="M8 3h8l-.5 6a3.5 3.5 0 0 1-7 0L8 3Zm4 9.5V20m-3.5 0h7" />,
  },
  {
    label: 'Mat',
    icon: <path d="M7 3v7a2 2 0 0 0 2 2v8M5 3v5m4-5v5m7 12V3c-1.8 0-3 2.2-3 5v4h3" />,
  },
  {
    label: 'Fest',
    icon: <path d="M4 20l4.5-12.5 8 8L4 20Zm9-15.5.5-1.5M17 7l2-2m-1.5 5.5 2 .5M14 4.5c1 1 1 2.5 0 3.5" />,
  },
  {
    label: 'Kvalitet',
    icon: <path d="M12 3l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.3 6.8 19l1-5.8-4.2-4.1 5.8-.8L12 3Z" />,
  },
];

/** The four icon tags (wine, food, party, quality) of spec 000 §3 'Slider item'. */
function IconTags() {
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Taggar">
      {ICON_TAGS.map((tag) => (
        <li key={tag.label} className="inline-flex items-center gap-1 border border-rule px-2 py-0.5 font-sans text-xs text-ink-soft">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="14"
            height="14"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {tag.icon}
          </svg>
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

function ArrowButton({ label, onClick, direction }: { label: string; onClick: () => void; direction: 'prev' | 'next' }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-10 shrink-0 place-items-center border border-transparent text-ink transition-colors hover:border-ink hover:bg-ink hover:text-paper"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={direction === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
      </svg>
    </button>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="currentColor">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="currentColor">
      <path d="M8 5l11 7-11 7z" />
    </svg>
  );
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True while the reader's system asks for reduced motion (kept in step with the setting). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, readReducedMotion, () => false);
}

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function readReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWineCategory(value: unknown): value is WineCategory {
  return (WINE_CATEGORIES as readonly unknown[]).includes(value);
}

function scaleOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= LIMITS.ratingMin && value <= LIMITS.ratingMax ? value : fallback;
}
