import { smallButtonClass } from '../../../components/ui/classes';

const count = new Intl.NumberFormat('sv-SE');

/**
 * Previous/next paging of a list under it: 'Visar 25–48 av 1 137' and 'Sida 2 av 48'. `offset` and
 * `limit` are the page shown, `total` all matches; nothing is drawn when everything fits on one page.
 */
export function Pager({
  offset,
  limit,
  total,
  busy = false,
  label,
  onOffsetChange,
}: {
  offset: number;
  limit: number;
  total: number;
  busy?: boolean;
  /** What the navigation pages through, e.g. 'Sidor i vinlistan'. */
  label: string;
  onOffsetChange: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-rule pt-4 font-sans text-sm">
      <button type="button" className={smallButtonClass} disabled={busy || offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
        <span aria-hidden="true">←</span> Föregående
      </button>
      <p className="text-ink-soft">
        Sida {count.format(page)} av {count.format(pages)}
      </p>
      <button type="button" className={smallButtonClass} disabled={busy || offset + limit >= total} onClick={() => onOffsetChange(offset + limit)}>
        Nästa <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}

/** 'Visar 1–24 av 1 137 viner', '1 vin', 'Inga viner' style summary of one page. */
export function rangeText(offset: number, shown: number, total: number): string {
  const noun = total === 1 ? 'vin' : 'viner';
  if (shown === 0) return `0 ${noun}`;
  if (shown === total) return `${count.format(total)} ${noun}`;
  return `Visar ${count.format(offset + 1)}–${count.format(offset + shown)} av ${count.format(total)} ${noun}`;
}
