import { Link } from 'react-router-dom';
import type { Draft } from '../../../lib/db';

const badgeClass = 'inline-flex items-center gap-1.5 border px-2 py-0.5 font-sans text-[0.7rem] font-bold tracking-widest uppercase';

/**
 * A wine's sync state on its Mina viner card (README 'Offline drafts'): pending → 'Sparat på enheten' (described
 * as 'Inte synkat ännu'); rejected → 'Ändringen avvisades' with the server's reason shown under it; conflict →
 * 'Konflikt', a link to the wine's conflict table on /partner/sync (#wine-<id>); synced → nothing.
 * @param draft the wine as the device keeps it (pwa/lib/db.ts)
 */
export function DraftSyncBadge({ draft }: { draft: Draft }) {
  switch (draft.syncState) {
    case 'pending':
      return (
        <span className={`${badgeClass} border-gold bg-paper text-ink`} title="Inte synkat ännu" data-testid="draft-sync-badge">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-gold" />
          Sparat på enheten
          <span className="sr-only"> – inte synkat ännu</span>
        </span>
      );
    case 'rejected':
      return (
        <div data-testid="draft-sync-badge" className="font-sans">
          <span className={`${badgeClass} border-wine bg-wine text-white`}>Ändringen avvisades</span>
          <p className="mt-1 text-sm break-words text-ink">{draft.error || 'Vinpressen tog inte emot ändringen.'}</p>
        </div>
      );
    case 'conflict':
      return (
        <Link
          to={`/partner/sync#wine-${draft.id}`}
          data-testid="draft-sync-badge"
          title="Ändrat både här och på Vinpressen – välj vilka värden som ska gälla"
          className={`${badgeClass} min-h-6 border-wine bg-paper text-wine underline-offset-2 hover:underline`}
        >
          <span aria-hidden="true" className="size-1.5 rounded-full bg-wine" />
          Konflikt
          <span className="sr-only"> – välj värden på sidan Synkning</span>
        </Link>
      );
    default:
      return null;
  }
}
