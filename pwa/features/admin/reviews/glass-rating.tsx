import { formatRatingSv } from './format';

// The wine page's glass (pwa/features/wines/wine-detail-page.tsx, RatingGlasses): the same outline and wine,
// drawn here in a smaller size so the admin chunk does not load the wine page.
const GLASS_OUTLINE = 'M6.5 2.5h11c.4 3.6.2 6.9-1.3 9.2A5 5 0 0 1 12 14a5 5 0 0 1-4.2-2.3C6.3 9.4 6.1 6.1 6.5 2.5Z';
const GLASS_WINE = 'M6.9 6.5h10.2c-.2 2-.7 3.8-1.5 5A4.4 4.4 0 0 1 12 13.4a4.4 4.4 0 0 1-3.6-1.9c-.8-1.2-1.3-3-1.5-5Z';

const SIZES = { sm: 'h-5 w-5', md: 'h-7 w-7' } as const;

function Glass({ filled = false, size }: { filled?: boolean; size: keyof typeof SIZES }) {
  const tone = filled ? 'text-wine' : 'text-ink-soft';
  return (
    <svg viewBox="0 0 24 24" className={`block max-w-none ${SIZES[size]}`} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
      <path d={GLASS_OUTLINE} className={tone} />
      {filled && <path d={GLASS_WINE} fill="currentColor" stroke="none" className="text-wine" />}
      <path d="M12 14v6M8.5 21h7" strokeLinecap="round" className={tone} />
    </svg>
  );
}

/**
 * A 1–5 rating as five wine glasses (spec 000 §3: 'rating (1 to 5 glasses)'), each filled with the part of the
 * rating it stands for (3.7 → three full glasses and one 70 % full), the figure beside them. Screen readers
 * hear `label` and the value, e.g. 'AI-betyg 3,7 av 5'. `showValue={false}` leaves the figure out where it is
 * written beside them already.
 */
export function GlassRating({ value, label, size = 'sm', showValue = true }: { value: number; label: string; size?: keyof typeof SIZES; showValue?: boolean }) {
  const text = formatRatingSv(value);
  return (
    <span role="img" aria-label={`${label} ${text} av 5`} className="inline-flex items-center gap-1.5">
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <span key={i} className={`relative inline-block ${SIZES[size]}`}>
              <Glass size={size} />
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Glass filled size={size} />
              </span>
            </span>
          );
        })}
      </span>
      {showValue && (
        <span aria-hidden="true" className={`font-sans font-bold text-ink tabular-nums ${size === 'sm' ? 'text-sm' : 'text-base'}`}>
          {text}
        </span>
      )}
    </span>
  );
}
