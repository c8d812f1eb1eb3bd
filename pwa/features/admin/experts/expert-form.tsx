import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { EXPERT_NAME_MAX, EXPERT_TITLE_MAX, ExpertCreate, type AdminExpert } from '../../../../api/contract/experts';
import { ExpertAvatar } from '../../../components/wine/expert-avatar';
import { setServerFieldErrors } from '../../../lib/forms';
import { IMAGE_FORMATS_HINT, ImageUploadField } from '../components/image-upload-field';
import { TextField } from '../../../components/ui/field';
import { useCreateExpert, useUpdateExpert } from './api';
import { FormActions } from '../../../components/ui/form-actions';

/** The form's fields: the name and title as typed, the picture's URL (null = none). */
interface ExpertValues {
  name: string;
  title: string;
  imageUrl: string | null;
}

/** The server's own check of the form's values (ExpertCreate: the edit form sends every field, so ExpertUpdate's rules are the same). */
const ExpertFormSchema = z
  .custom<ExpertValues>()
  .transform((values): z.input<typeof ExpertCreate> => values)
  .pipe(ExpertCreate);

/**
 * The create/edit form of an expert (name required, title, picture). Checked in the browser with the server's own
 * schema; the server's
 * field messages (e.g. an uploaded picture that is gone) show on their fields.
 */
export function ExpertForm({ expert, onDone, onCancel }: { expert: AdminExpert | null; onDone: () => void; onCancel: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ExpertValues, unknown, z.output<typeof ExpertCreate>>({
    resolver: zodResolver(ExpertFormSchema),
    defaultValues: { name: expert?.name ?? '', title: expert?.title ?? '', imageUrl: expert?.imageUrl ?? null },
  });
  const [uploading, setUploading] = useState(false);
  const create = useCreateExpert(onDone);
  const update = useUpdateExpert(onDone);
  const mutation = expert ? update : create;

  const onSubmit = handleSubmit((body) => {
    const onError = (err: unknown) => setServerFieldErrors(err, setError, ['name', 'title', 'imageUrl']);
    if (expert) update.mutate({ id: expert.id, body }, { onError });
    else create.mutate(body, { onError });
  });

  const name = watch('name');
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        variant="admin"
        label="Namn"
        {...register('name')}
        error={errors.name?.message}
        required
        maxLength={EXPERT_NAME_MAX + 10}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        variant="admin"
        label="Titel"
        {...register('title')}
        error={errors.title?.message}
        hint="Visas under namnet på vinsidan, t.ex. Sommelier eller Vinskribent."
        maxLength={EXPERT_TITLE_MAX + 10}
        autoComplete="off"
      />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field }) => (
          <ImageUploadField
            value={field.value}
            onChange={field.onChange}
            className="flex items-start gap-4"
            preview={
              // The avatar the wine page shows: the picture, or the initials of the name typed so far.
              <div className="shrink-0 pt-6" data-testid="expert-image-preview">
                <ExpertAvatar name={name.trim() || '?'} imageUrl={field.value} />
              </div>
            }
            emptyHint={`Utan bild visas expertens initialer. ${IMAGE_FORMATS_HINT}`}
            error={errors.imageUrl?.message}
            onBusyChange={setUploading}
          />
        )}
      />

      <FormActions
        onCancel={onCancel}
        submitLabel={expert ? 'Spara ändringar' : 'Lägg till expert'}
        pending={mutation.isPending}
        disabled={uploading}
      />
    </form>
  );
}
