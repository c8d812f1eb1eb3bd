/** The 'Granskad' mark an admin sets on a wine (spec 000 §1, §2: shown when isGranskadVinpressen). */
export function GranskadBadge({ className = '' }: { className?: string }) {
  return (
    <span
      role="img"
      title="Granskad av Vinpressen"
      aria-label="Granskad av Vinpressen"
      className={`inline-flex items-center gap-1 border border-green px-2 py-0.5 font-sans text-[0.7rem] font-semibold tracking-widest text-green uppercase ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 8.5l3.2 3L13 4.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Granskad
    </span>
  );
}
