// Dark enough for white initials to pass WCAG AA.
const AVATAR_COLOURS = ['#7b1e2b', '#2f5d50', '#5e1520', '#4a443d', '#6b4a12', '#2e4a6b'] as const;

/**
 * The expert's picture, or their initials on a coloured circle drawn here (spec 000 used an external
 * initials service; we avoid sending names to a third party and it works offline).
 */
export function ExpertAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) {
    return <img src={imageUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full object-cover" />;
  }
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase())
      .filter((_, i, all) => i === 0 || i === all.length - 1)
      .join('') || '?';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  const colour = AVATAR_COLOURS[Math.abs(hash) % AVATAR_COLOURS.length];
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: colour }}
      className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full font-sans text-base font-semibold text-white"
    >
      {initials}
    </span>
  );
}
