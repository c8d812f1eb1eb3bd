import { useId } from 'react';
import { TASTE_SCALES, type TasteKey } from '../../../api/contract/constants';
import type { Wine } from '../../../api/contract/wines';

const TASTE_MAX = 5;

/**
 * Taste profile bars drawn as value/5 (spec 000 §2): a scale that is null or below 0 is hidden, and the
 * whole section when none is left. The wine page puts its heading 'Smakprofil' at level 2; the admin's review
 * dialog at level 3 with less space above.
 */
export function TasteProfile({
  wine,
  headingLevel = 2,
  className = 'mt-10',
}: {
  wine: Pick<Wine, TasteKey>;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const scales = TASTE_SCALES.map((s) => ({ ...s, value: wine[s.key] })).filter(
    (s): s is typeof s & { value: number } => typeof s.value === 'number' && s.value >= 0,
  );
  if (scales.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
        Smakprofil
      </Heading>
      <ul className="mt-4 space-y-3">
        {scales.map((s) => {
          const value = Math.min(s.value, TASTE_MAX);
          return (
            <li key={s.key} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 sm:grid-cols-[9rem_1fr_auto]">
              <span className="font-sans text-sm font-semibold text-ink">{s.label}</span>
              <span className="flex gap-1" aria-hidden="true">
                {Array.from({ length: TASTE_MAX }, (_, i) => (
                  <span key={i} className={`h-2.5 flex-1 ${i < value ? 'bg-wine' : 'bg-paper-dark ring-1 ring-rule ring-inset'}`} />
                ))}
              </span>
              <span className="font-sans text-sm text-ink-soft tabular-nums">
                {value} av {TASTE_MAX}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
