import type { ReactNode } from 'react';

// Small display blocks shared by the admin panel and the partner portal, in the site's newspaper style.

/** A section heading inside a tab: small caps between newspaper rules, with optional actions on the right. */
export function SectionHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="section-rule mb-5 flex flex-wrap items-center justify-between gap-3 py-2">
      <h2 className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">{children}</h2>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A term and its value in a <dl> of small facts (a review's author and date, a partner wine's owner). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 font-sans text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

/** One figure with its label (dashboard, users, newsletter, reviews, partner overview). */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="border border-rule bg-white/60 p-4">
      <p className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{label}</p>
      <p className="mt-1 font-display text-3xl font-black text-ink">{value}</p>
      {hint && <p className="mt-1 font-sans text-xs text-muted">{hint}</p>}
    </div>
  );
}
