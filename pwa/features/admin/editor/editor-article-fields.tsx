import { Description, Field, Label, Switch } from '@headlessui/react';
import { useId, useRef, type Ref } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ContentBlock } from '../../../../api/contract/content';
import { FieldError, FieldHint, labelClass, TextAreaField, TextField } from '../../../components/ui/field';
import { useImageUpload } from '../api/use-image-upload';
import { inputClass, smallButtonClass } from '../../../components/ui/classes';
import { IMAGE_FORMATS_HINT } from '../components/image-upload-field';

/**
 * The article editor's form (spec 001 §2 'Article editor'): the metadata, the builder's blocks and the HTML editor's
 * HTML. featuredImageUrl is '' for none.
 */
export interface ArticleForm {
  title: string;
  excerpt: string;
  featuredImageUrl: string;
  authorId: string;
  isPublished: boolean;
  blocks: ContentBlock[];
  content: string;
}

/**
 * The article editor's metadata (spec 001 §2): Artikeltitel, Sammanfattning, Huvudbild URL with an upload button
 * (the uploaded image's address goes into the field) and a small preview, Författare (free text, 'admin' by
 * default) and the 'Publicera artikel' switch: fields of the editor's react-hook-form form (`register`, `control`),
 * with its `errors` (the contract's and the server's messages).
 */
export function ArticleFields({
  register,
  control,
  errors,
  onUploadingChange,
}: {
  register: UseFormRegister<ArticleForm>;
  control: Control<ArticleForm>;
  errors: FieldErrors<ArticleForm>;
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <section aria-label="Artikelns uppgifter" className="grid gap-5 border border-rule bg-white/50 p-4 sm:p-5 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <TextField
          variant="admin"
          id="article-title"
          label="Artikeltitel"
          {...register('title')}
          error={errors.title?.message}
          required
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <div className="lg:col-span-2">
        <TextAreaField
          variant="admin"
          label="Sammanfattning"
          {...register('excerpt')}
          error={errors.excerpt?.message}
          hint="Visas i artikellistan och när artikeln delas."
          maxLength={1000}
          rows={3}
        />
      </div>
      <Controller
        control={control}
        name="featuredImageUrl"
        render={({ field, fieldState }) => (
          <FeaturedImageField
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.error?.message}
            onUploadingChange={onUploadingChange}
          />
        )}
      />
      <div className="space-y-5">
        <TextField variant="admin" label="Författare" {...register('authorId')} error={errors.authorId?.message} maxLength={100} autoComplete="off" />
        <Controller control={control} name="isPublished" render={({ field }) => <PublishSwitch checked={field.value} onChange={field.onChange} />} />
      </div>
    </section>
  );
}

/** 'Publicera artikel' (Headless UI Switch): on, the article shows on /artiklar once saved. */
function PublishSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Field className="flex items-start gap-3">
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center border-2 border-ink bg-paper transition-colors data-checked:border-green data-checked:bg-green"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0.5 bg-ink transition-transform group-data-checked:translate-x-[1.4rem] group-data-checked:bg-white"
        />
      </Switch>
      <div>
        <Label className={`${labelClass} cursor-pointer`}>Publicera artikel</Label>
        <Description className="mt-0.5 font-sans text-sm text-muted">
          {checked ? 'Artikeln visas på /artiklar när du sparar.' : 'Artikeln sparas som utkast och visas inte för besökare.'}
        </Description>
      </div>
    </Field>
  );
}

/**
 * 'Huvudbild URL': an address typed in, or an image uploaded with 'Ladda upp bild' (POST /api/admin/images; the
 * answer's /api/images/{id} fills the field). A small preview shows the image while there is an address.
 */
function FeaturedImageField({
  value,
  onChange,
  inputRef,
  error,
  onUploadingChange,
}: {
  value: string;
  onChange: (url: string) => void;
  /** The address input, so that a refused save can focus it. */
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const { handleFile, uploading, uploadError, clearError } = useImageUpload({ onUploaded: onChange, onBusyChange: onUploadingChange });
  const message = uploadError ?? error;
  const describedBy = message ? `${id}-error` : `${id}-hint`;

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Huvudbild URL
      </label>
      <div className="mt-1.5 flex gap-3">
        {value.trim() && <img src={value} alt="" className="size-[4.5rem] shrink-0 border border-rule bg-paper-dark object-cover" />}
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="text"
            inputMode="url"
            value={value}
            onChange={(e) => {
              clearError();
              onChange(e.target.value);
            }}
            placeholder="https://… eller /api/images/…"
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            className={inputClass}
          />
          {/* The native picker speaks the browser's language: hidden, opened by the Swedish button below. */}
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Huvudbild att ladda upp"
            onChange={(e) => void handleFile(e)}
            disabled={uploading}
            className="sr-only"
          />
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={smallButtonClass} onClick={() => fileRef.current?.click()} disabled={uploading}>
              {uploading ? 'Laddar upp…' : 'Ladda upp bild'}
            </button>
            {value && (
              <button type="button" className={smallButtonClass} onClick={() => onChange('')} disabled={uploading}>
                Ta bort bilden
              </button>
            )}
          </div>
        </div>
      </div>
      <p role="status" className="sr-only">
        {uploading ? 'Laddar upp bilden…' : ''}
      </p>
      {message ? <FieldError id={`${id}-error`}>{message}</FieldError> : <FieldHint id={`${id}-hint`}>{IMAGE_FORMATS_HINT}</FieldHint>}
    </div>
  );
}
