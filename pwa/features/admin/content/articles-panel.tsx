import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleSummary } from '../../../../api/contract/content';
import { SectionHeading } from '../../../components/ui/blocks';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { QueryState } from '../../../components/ui/states';
import { useAdminArticles, useDeleteArticle } from '../editor/api';
import { StatusBadge } from '../editor/editor-frame';
import { formatDateTime } from './format';

/**
 * The articles sub-tab 'Artiklar': every article, newest first, with its title, slug, Publicerad/Utkast,
 * date (published, else last changed) and author; 'Ny artikel' and each 'Redigera' open the article editor, and
 * 'Ta bort' deletes after a confirmation.
 */
export function ArticlesPanel() {
  const articles = useAdminArticles();
  const remove = useDeleteArticle();
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  }

  return (
    <div>
      <SectionHeading
        actions={
          <Link to="/admin/article-editor" className="btn-primary">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="14"
              height="14"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            >
              <path d="M10 4v12M4 10h12" />
            </svg>
            Ny artikel
          </Link>
        }
      >
        Artiklar
      </SectionHeading>
      <QueryState
        query={articles}
        loadingLabel="Laddar artiklar…"
        errorMessage="Artiklarna kunde inte laddas."
        isEmpty={(data) => data.length === 0}
        empty="Inga artiklar ännu. Skapa den första med 'Ny artikel'."
      >
        {(data) => (
          <ul aria-label="Artiklar" className="divide-y divide-rule border-y border-rule">
            {data.map((article) => (
              <li key={article.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-display text-lg font-bold break-words text-ink">{article.title}</p>
                    <StatusBadge on={article.isPublished} onLabel="Publicerad" offLabel="Utkast" />
                  </div>
                  <p className="font-sans text-sm break-words text-ink-soft">
                    <span className="sr-only">Adress: </span>
                    <code className="font-mono text-[0.85rem]">/artiklar/{article.slug}</code>
                    <span aria-hidden="true"> · </span>
                    <span>
                      {article.isPublished && article.publishedAt
                        ? `Publicerad ${formatDateTime(article.publishedAt)}`
                        : `Ändrad ${formatDateTime(article.updatedAt)}`}
                    </span>
                    <span aria-hidden="true"> · </span>
                    <span>Av {article.authorId}</span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link to={`/admin/article-editor/${article.id}`} className={smallButtonClass} aria-label={`Redigera ${article.title}`}>
                    Redigera
                  </Link>
                  <button type="button" className={dangerButtonClass} aria-label={`Ta bort ${article.title}`} onClick={() => setDeleting(article)}>
                    Ta bort
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort artikeln?"
        message={<p>Är du säker på att du vill ta bort "{deleting?.title}"? Den försvinner från /artiklar och kan inte återställas.</p>}
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
