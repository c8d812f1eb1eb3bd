import type { WineCategory } from '../../../api/contract/constants';
import type { WineMedal } from '../../../api/contract/wines';

/** The medal each category earns (spec 000 §2 'Wine card'); NYLANSERAD is shown as 'Aktuella Vintips'. */
export const MEDALS: Readonly<Record<WineCategory, { name: string; src: string }>> = {
  FYND: { name: 'Fynd', src: '/images/medals/fynd.svg' },
  NYLANSERAD: { name: 'Aktuella Vintips', src: '/images/medals/aktuella-vintips.svg' },
  FOLKETS_VAL: { name: 'Folkets Val', src: '/images/medals/folkets-val.svg' },
};

const SIZE_PX = { sm: 44, md: 64 } as const;

/** The address that draws a medal design (the same SVG the /medals page offers for download). */
export function medalDesignSrc(id: string): string {
  return `/api/medal-designs/${encodeURIComponent(id)}.svg`;
}

const sameName = (a: string, b: string) => a.localeCompare(b, 'sv', { sensitivity: 'base' }) === 0;

/**
 * The medals of a wine: one per category (FYND → Fynd, NYLANSERAD → Aktuella Vintips, FOLKETS_VAL → Folkets Val),
 * in category order, then the medal design an admin awarded at approval (`awarded`, spec 001 §2 'Partner review
 * tab'), drawn by the server like on /medals. A category medal of the same name as the awarded one is shown once.
 * Renders nothing when there is no medal. Size: sm 44 px, md 64 px.
 */
export function WineMedals({
  categories,
  awarded = null,
  size = 'sm',
}: {
  categories: readonly WineCategory[];
  awarded?: WineMedal | null;
  size?: 'sm' | 'md';
}) {
  // A category listed twice should still give one medal.
  const medals: { key: string; name: string; src: string }[] = [...new Set(categories)]
    .filter((c) => c in MEDALS)
    .map((category) => ({ key: category as string, ...MEDALS[category] }))
    .filter((m) => !awarded || !sameName(m.name, awarded.name));
  if (awarded) medals.push({ key: `design-${awarded.id}`, name: awarded.name, src: medalDesignSrc(awarded.id) });
  if (medals.length === 0) return null;
  const px = SIZE_PX[size];
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Utmärkelser">
      {medals.map((medal) => (
        <li key={medal.key}>
          <img src={medal.src} alt={medal.name} title={medal.name} width={px} height={px} className="block" loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
