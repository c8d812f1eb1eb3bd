import { useId } from 'react';

/**
 * The Newsletter tab's GDPR text (spec 001 §2): the right to erasure, exports only for the newsletter, no
 * sharing with third parties, and backups kept while old data is purged under the retention policy.
 */
export function GdprNotice() {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="mt-8 border border-rule border-l-4 border-l-green bg-white/60 p-5">
      <h3 id={headingId} className="font-sans text-sm font-bold tracking-[0.15em] text-ink uppercase">
        GDPR och personuppgifter
      </h3>
      <ul className="mt-3 list-disc space-y-2 pl-5 font-sans text-sm leading-relaxed text-ink-soft">
        <li>Varje prenumerant har rätt att bli raderad. När någon ber om det tar du bort adressen här – den raderas då permanent ur registret.</li>
        <li>Exporterade listor får bara användas för utskick av nyhetsbrevet.</li>
        <li>Uppgifterna lämnas aldrig ut, säljs eller delas med tredje part.</li>
        <li>Säkerhetskopior sparas, men äldre uppgifter rensas regelbundet enligt vår policy för lagringstid.</li>
      </ul>
    </aside>
  );
}
