import type { WineCategory } from '../../../../api/contract/constants';

/** The medal each category earns (spec 000 §2 'Wine card'); NYLANSERAD is shown as 'Aktuella Vintips'. */
export const MEDALS: Readonly<Record<WineCategory, { name: string; src: string }>> = {
  FYND: { name: 'Fynd', src: '/images/medals/fynd.svg' },
  NYLANSERAD: { name: 'Aktuella Vintips', src: '/images/medals/aktuella-vintips.svg' },
  FOLKETS_VAL: { name: 'Folkets Val', src: '/images/medals/folkets-val.svg' },
};

const SIZE_PX = { sm: 44, md: 64 } as const;

/**
 * The medals of a wine, one per category (FYND → Fynd, NYLANSERAD → Aktuella Vintips, FOLKETS_VAL →
 * Folkets Val), in category order. Renders nothing when the wine has no category. Size: sm 44 px, md 64 px.
 */
export function WineMedals({ categories, size = 'sm' }: { categories: readonly WineCategory[]; size?: 'sm' | 'md' }) {
  // A category listed twice should still give one medal.
  const unique = [...new Set(categories)].filter((c) => c in MEDALS);
  if (unique.length === 0) return null;
  const px = SIZE_PX[size];
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Utmärkelser">
      {unique.map((category) => {
        const medal = MEDALS[category];
        return (
          <li key={category}>
            <img src={medal.src} alt={medal.name} title={medal.name} width={px} height={px} className="block" loading="lazy" decoding="async" />
          </li>
        );
      })}
    </ul>
  );
}
