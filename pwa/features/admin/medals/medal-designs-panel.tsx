import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MEDAL_CATEGORY_LABELS, type MedalDesign } from '../../../../api/contract/medal-designs';
import { Dialog, ConfirmDialog } from '../../../components/ui/dialog';
import { SectionHeading } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { medalPreviewUrl, useAdminMedalDesigns, useDeleteMedalDesign } from './api';
import { MedalForm } from './medal-form';
import { EditDeleteButtons } from '../components/edit-delete-buttons';

type Editing = { mode: 'create' } | { mode: 'edit'; design: MedalDesign } | null;

/**
 * Medaljhantering (spec 001 §2 'Medal design management'): every medal design with its SVG as the server
 * draws it, a create/edit form in a dialog and delete with a confirmation. Shown as a sub-tab of the content
 * tab and on /admin-new. Every change also refreshes the public /medals page's list.
 */
export function MedalDesignsPanel() {
  const designs = useAdminMedalDesigns();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MedalDesign | null>(null);
  const remove = useDeleteMedalDesign(() => setDeleting(null));

  const handleClose = () => setEditing(null);

  return (
    <section aria-labelledby="medals-heading">
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing({ mode: 'create' })}>
            Ny medalj
          </button>
        }
      >
        <span id="medals-heading">Medaljhantering</span>
      </SectionHeading>
      <p className="mb-6 max-w-3xl font-sans text-sm text-ink-soft">
        Medaljerna ritas som SVG-bilder i kategorins färger. Producenter och importörer laddar ner dem på sidan{' '}
        <Link to="/medals" className="text-wine underline underline-offset-2 hover:text-wine-dark">
          Medaljer
        </Link>
        .
      </p>

      <QueryState
        query={designs}
        loadingLabel="Laddar medaljerna…"
        errorMessage="Kunde inte ladda medaljerna."
        isEmpty={(data) => data.length === 0}
        empty="Inga medaljer ännu."
      >
        {(data) => (
          <ul aria-label="Medaljer" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.map((d) => (
              <li key={d.id} className="flex flex-col border border-rule bg-white/60 p-4">
                <div className="flex items-start gap-4">
                  <img src={medalPreviewUrl(d)} alt={`Medaljen ${d.name}`} width={88} height={88} className="size-22 shrink-0" loading="lazy" />
                  <div className="min-w-0">
                    <h3 className="text-lg leading-tight font-bold break-words">{d.name}</h3>
                    <p className="mt-1 font-sans text-sm text-ink-soft">{MEDAL_CATEGORY_LABELS[d.category]}</p>
                    <p className="mt-1 font-sans text-xs break-all text-muted">
                      Id: <code className="font-mono text-ink-soft">{d.id}</code>
                    </p>
                  </div>
                </div>
                <div className="mt-4 flex flex-wrap gap-2 border-t border-rule pt-3">
                  <EditDeleteButtons name={d.name} onEdit={() => setEditing({ mode: 'edit', design: d })} onDelete={() => setDeleting(d)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <Dialog open={editing !== null} onClose={handleClose} title={editing?.mode === 'edit' ? 'Redigera medalj' : 'Ny medalj'}>
        {editing && (
          <MedalForm
            key={editing.mode === 'edit' ? editing.design.id : 'new'}
            design={editing.mode === 'edit' ? editing.design : null}
            onDone={handleClose}
            onCancel={handleClose}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort medalj"
        message={deleting ? `Är du säker på att du vill ta bort "${deleting.name}"?` : ''}
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
