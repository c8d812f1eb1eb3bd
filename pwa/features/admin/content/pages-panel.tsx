import { Link } from 'react-router-dom';
import { SectionHeading } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { smallButtonClass } from '../../../components/ui/classes';
import { usePageContents } from './api';
import { formatDateTime } from './format';

/**
 * The pages sub-tab (spec 001 §2 'Content tab' pages): every page content with its pageId, title, an
 * Aktiv/Inaktiv badge (read-only, §4), its latest change and 'Redigera' to /admin/page-editor/{pageId}.
 * Empty: 'Inga sidor hittades. Skapa standardsidor först.'
 */
export function PagesPanel() {
  const pages = usePageContents();

  return (
    <div>
      <SectionHeading>Sidor</SectionHeading>
      <QueryState
        query={pages}
        loadingLabel="Laddar sidor…"
        errorMessage="Sidorna kunde inte laddas."
        isEmpty={(data) => data.length === 0}
        empty="Inga sidor hittades. Skapa standardsidor först."
      >
        {(data) => (
          <ul aria-label="Sidor" className="divide-y divide-rule border-y border-rule">
            {data.map((page) => (
              <li key={page.id} className="flex items-start justify-between gap-4 py-3 sm:items-center">
                <div className="min-w-0">
                  <p className="font-display text-lg font-bold text-ink">{page.title || page.pageId}</p>
                  <p className="font-sans text-sm text-ink-soft">
                    <span className="sr-only">Sid-id: </span>
                    <code className="font-mono text-[0.85rem]">{page.pageId}</code>
                    <span aria-hidden="true"> · </span>
                    <span>Ändrad {formatDateTime(page.updatedAt)}</span>
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center justify-end gap-3">
                  <span
                    className={`px-2 py-0.5 font-sans text-xs font-bold tracking-wide uppercase ${
                      page.isActive ? 'bg-green text-white' : 'border border-ink/60 text-ink-soft'
                    }`}
                  >
                    {page.isActive ? 'Aktiv' : 'Inaktiv'}
                  </span>
                  <Link
                    to={`/admin/page-editor/${encodeURIComponent(page.pageId)}`}
                    className={smallButtonClass}
                    aria-label={`Redigera ${page.title || page.pageId}`}
                  >
                    Redigera
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
