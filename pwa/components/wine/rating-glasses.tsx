const GLASS_OUTLINE = 'M6.5 2.5h11c.4 3.6.2 6.9-1.3 9.2A5 5 0 0 1 12 14a5 5 0 0 1-4.2-2.3C6.3 9.4 6.1 6.1 6.5 2.5Z';
const GLASS_WINE = 'M6.9 6.5h10.2c-.2 2-.7 3.8-1.5 5A4.4 4.4 0 0 1 12 13.4a4.4 4.4 0 0 1-3.6-1.9c-.8-1.2-1.3-3-1.5-5Z';

// sm: the admin's pending list; md: the admin's review details; lg: the wine page's 'Folkets betyg'.
const SIZES = {
  sm: { px: 20, box: 'h-5 w-5', row: 'flex' },
  md: { px: 28, box: 'h-7 w-7', row: 'flex' },
  lg: { px: 32, box: 'h-8 w-8', row: 'flex gap-1' },
} as const;

/** How large the glasses are drawn. */
export type RatingGlassesSize = keyof typeof SIZES;

function Glass({ filled = false, size }: { filled?: boolean; size: RatingGlassesSize }) {
  const tone = filled ? 'text-wine' : 'text-ink-soft';
  const { px, box } = SIZES[size];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={px}
      height={px}
      className={`block max-w-none ${box}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinejoin="round"
    >
      <path d={GLASS_OUTLINE} className={tone} />
      {filled && <path d={GLASS_WINE} fill="currentColor" stroke="none" className="text-wine" />}
      <path d="M12 14v6M8.5 21h7" strokeLinecap="round" className={tone} />
    </svg>
  );
}

/**
 * A 1–5 rating as five wine glasses (spec 000 §3: 'rating (1 to 5 glasses)'), each filled with the part of the
 * rating it stands for (3.7 → three full glasses and one 70 % full). Decorative where the figure is written
 * beside them; with `label` it is an image of that name for screen readers (e.g. 'AI-betyg 3,7 av 5').
 */
export function RatingGlasses({ value, size = 'lg', label }: { value: number; size?: RatingGlassesSize; label?: string }) {
  const { box, row } = SIZES[size];
  const a11y = label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <span className={row} {...a11y}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={i} className={`relative inline-block ${box}`}>
            <Glass size={size} />
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Glass filled size={size} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
