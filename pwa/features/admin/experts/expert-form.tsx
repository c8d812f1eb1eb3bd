import { useRef, useState, type FormEvent } from 'react';
import { EXPERT_NAME_MAX, EXPERT_TITLE_MAX, ExpertCreate, ExpertUpdate, type AdminExpert } from '../../../../api/contract/experts';
import { ExpertAvatar } from '../../../components/wine/expert-avatar';
import { fieldErrors } from '../api/admin-query';
import { IMAGE_FORMATS_HINT, ImageUploadField } from '../components/image-upload-field';
import { TextField } from '../../../components/ui/field';
import { useCreateExpert, useUpdateExpert } from './api';
import { focusFirstInvalid, issuesByField } from './issues';

type Field = 'name' | 'title' | 'imageUrl';

/**
 * The create/edit form of an expert (name required, title, picture). Checked in the browser with the server's own
 * schema; the server's field messages (e.g. an uploaded picture that is gone) show on their fields.
 */
export function ExpertForm({ expert, onDone, onCancel }: { expert: AdminExpert | null; onDone: () => void; onCancel: () => void }) {
  const [name, setName] = useState(expert?.name ?? '');
  const [title, setTitle] = useState(expert?.title ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(expert?.imageUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateExpert(onDone);
  const update = useUpdateExpert(onDone);
  const mutation = expert ? update : create;
  const errors = { ...(fieldErrors(mutation.error) as Partial<Record<Field, string>>), ...clientErrors };

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    mutation.reset();
    const fields = { name, title, imageUrl };
    const problems = (issues: Parameters<typeof issuesByField>[0]) => {
      setClientErrors(issuesByField<Field>(issues));
      focusFirstInvalid(formRef.current);
    };
    if (expert) {
      const parsed = ExpertUpdate.safeParse(fields);
      if (!parsed.success) return problems(parsed.error.issues);
      setClientErrors({});
      return update.mutate({ id: expert.id, body: parsed.data });
    }
    const parsed = ExpertCreate.safeParse(fields);
    if (!parsed.success) return problems(parsed.error.issues);
    setClientErrors({});
    create.mutate(parsed.data);
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5">
      <TextField
        variant="admin"
        label="Namn"
        value={name}
        onValueChange={setName}
        error={errors.name}
        required
        maxLength={EXPERT_NAME_MAX + 10}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        variant="admin"
        label="Titel"
        value={title}
        onValueChange={setTitle}
        error={errors.title}
        hint="Visas under namnet på vinsidan, t.ex. Sommelier eller Vinskribent."
        maxLength={EXPERT_TITLE_MAX + 10}
        autoComplete="off"
      />
      <ImageUploadField
        value={imageUrl}
        onChange={setImageUrl}
        className="flex items-start gap-4"
        preview={
          // The avatar the wine page shows: the picture, or the initials of the name typed so far.
          <div className="shrink-0 pt-6" data-testid="expert-image-preview">
            <ExpertAvatar name={name.trim() || '?'} imageUrl={imageUrl} />
          </div>
        }
        emptyHint={`Utan bild visas expertens initialer. ${IMAGE_FORMATS_HINT}`}
        error={errors.imageUrl}
        onBusyChange={setUploading}
      />

      <div className="flex flex-wrap justify-end gap-3 border-t border-rule pt-5">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Avbryt
        </button>
        <button type="submit" className="btn-primary" disabled={mutation.isPending || uploading}>
          {mutation.isPending ? 'Sparar…' : expert ? 'Spara ändringar' : 'Lägg till expert'}
        </button>
      </div>
    </form>
  );
}
